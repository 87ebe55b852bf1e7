/**
 * The rules across fields of each model that its JSON schema cannot say, in one place: the
 * upstream's generic create and update apply them after the schema (routes/body-rules.ts), the
 * web's generic forms and inline rows before sending. A new one: a pure rule in shared/rules and a
 * line here.
 */
import { cloudCertifications } from '../resources/cloud-certifications.js'
import { costCenterBudgets } from '../resources/cost-center-budgets.js'
import { costCenterNetworks } from '../resources/cost-center-networks.js'
import { costCenters } from '../resources/cost-centers.js'
import type { ResourceKey } from '../resources/index.js'
import { projectIds } from '../resources/project-ids.js'
import { currencyProblem, thresholdsProblem } from './budgets.js'
import { otherDepartmentErrors } from './members.js'
import { fieldRule, inOrder, notSelf, type RecordRule, type RecordValues } from './plausibility.js'

export const RECORD_RULES = {
  // issue 7c: department 'Other' with nothing typed in 'If Other, Department'
  dcoe_members: [{ fields: ['department', 'other_department'], check: otherDepartmentErrors }],
  // issue 26: dates in order, and no network or project its own replacement
  cloud_certifications: [inOrder(cloudCertifications, 'issue_date', 'expiration_date')],
  cost_centers: [inOrder(costCenters, 'active_at', 'expired_at')],
  // issue 42 item 3: an ISO currency code, and thresholds people can read (80, 100)
  cost_center_budgets: [
    fieldRule(costCenterBudgets, 'currency', currencyProblem),
    fieldRule(costCenterBudgets, 'thresholds', thresholdsProblem),
  ],
  cost_center_networks: [inOrder(costCenterNetworks, 'active_at', 'expired_at'), notSelf(costCenterNetworks, 'new_network_id', 'network')],
  project_ids: [inOrder(projectIds, 'active_at', 'expired_at'), notSelf(projectIds, 'new_project_id', 'project')],
} satisfies Partial<Record<ResourceKey, readonly RecordRule[]>>

function rulesOf(key: string): readonly RecordRule[] {
  return Object.hasOwn(RECORD_RULES, key) ? RECORD_RULES[key as keyof typeof RECORD_RULES] : []
}

/**
 * The messages by field of every rule of the model `values` break ({} when none). `changed`: the
 * fields a write sets; a rule that reads none of them is not judged (a blacklist toggle is no
 * department edit), one that does judges `values`, the record as it will be.
 */
export function recordErrors(key: string, values: RecordValues, id?: number, changed?: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const rule of rulesOf(key)) {
    if (changed && !rule.fields.some((f) => changed.includes(f))) continue
    for (const [field, message] of Object.entries(rule.check(values, id))) errors[field] ??= message
  }
  return errors
}

/** Whether a model has such rules (the upstream then reads the stored record under an update). */
export const hasRecordRules = (key: string) => rulesOf(key).length > 0
