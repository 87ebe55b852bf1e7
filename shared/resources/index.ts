import { adPermissionSets } from './ad-permission-sets.js'
import { billingJobs } from './billing-jobs.js'
import { businessUnits } from './business-units.js'
import { cloudBills } from './cloud-bills.js'
import { cloudContacts } from './cloud-contacts.js'
import { cloudCertifications } from './cloud-certifications.js'
import { cloudParents } from './cloud-parents.js'
import { cloudProjects } from './cloud-projects.js'
import { cloudSurveyResponses } from './cloud-survey-responses.js'
import { cloudRequests } from './cloud-requests.js'
import { companies } from './companies.js'
import { costCenterBudgets } from './cost-center-budgets.js'
import { costCenterNetworks } from './cost-center-networks.js'
import { costCenters } from './cost-centers.js'
import { customers } from './customers.js'
import { dcoeMembers } from './dcoe-members.js'
import { departments } from './departments.js'
import { faqs } from './faqs.js'
import { githubCopilotUsers } from './github-copilot-users.js'
import { githubOrganizationApps } from './github-organization-apps.js'
import { glossaries } from './glossaries.js'
import { members } from './members.js'
import { microsoftApprovals } from './microsoft-approvals.js'
import { missingReportTags } from './missing-report-tags.js'
import { projectIds } from './project-ids.js'
import { recordChangesOf } from './record-changes.js'
import { sapCostCenters } from './sap-cost-centers.js'
import { serviceCatalogProducts } from './service-catalog-products.js'
import { spendAnomalyAcknowledgements } from './spend-anomaly-acknowledgements.js'
import { teamMembershipTickets } from './team-membership-tickets.js'
import { virtualMachines } from './virtual-machines.js'
import type { Action, FilterDef, ResourceDef, Write } from './types.js'
import type { RecordOf } from './define-resource.js'

export * from './types.js'
export { defineResource, type RecordOf } from './define-resource.js'

/** Every model of the spec, keyed by its snake_case name. Adding a plain model: one entry here. */
const MODELS = [
  departments,
  businessUnits,
  cloudContacts,
  companies,
  costCenters,
  // issue 42 item 3: beside the cost centers they belong to
  costCenterBudgets,
  sapCostCenters,
  members,
  dcoeMembers,
  teamMembershipTickets,
  cloudParents,
  virtualMachines,
  cloudProjects,
  githubOrganizationApps,
  githubCopilotUsers,
  microsoftApprovals,
  cloudCertifications,
  costCenterNetworks,
  projectIds,
  faqs,
  glossaries,
  serviceCatalogProducts,
  adPermissionSets,
  cloudSurveyResponses,
  missingReportTags,
  customers,
  cloudRequests,
  cloudBills,
  billingJobs,
  spendAnomalyAcknowledgements,
] as const

/** The change log of every other model's writes, filtered by those models' keys. */
const recordChanges = recordChangesOf(MODELS.map((r) => r.key))
const DECLARED = [...MODELS, recordChanges] as const

/** The registry's keys: a map keyed by models is typed `satisfies Partial<Record<ResourceKey, …>>`. */
export type ResourceKey = (typeof DECLARED)[number]['key']
/**
 * Every model a lookup field points at is a key of the registry: a mistyped `lookup.model` makes
 * this `false` and fails tsc (filters' lookups and comparisons are checked by test/shared/define-resource.test.ts).
 */
type LookupModel = Extract<(typeof DECLARED)[number]['fields'][number], { lookup: unknown }>['lookup']['model']
// (and the check is not empty: the lookups' models are read as literals, departments among them)
const EVERY_LOOKUP_IS_A_MODEL: [LookupModel] extends [ResourceKey] ? ('departments' extends LookupModel ? true : false) : false = true
void EVERY_LOOKUP_IS_A_MODEL

/** The record type of one model, from its field declarations: `ModelRecord<'cost_centers'>`. */
export type ModelRecord<K extends ResourceKey> = RecordOf<Extract<(typeof DECLARED)[number], { key: K }>>

/** Every model, as the generic code sees them (loops read any field's optional properties). */
export const RESOURCES: readonly ResourceDef<ResourceKey>[] = DECLARED

const byKey = new Map<string, ResourceDef>(RESOURCES.map((r) => [r.key, r]))

export function isResourceKey(key: string): key is ResourceKey {
  return byKey.has(key)
}

export function getResource<K extends ResourceKey>(key: K): ResourceDef<K>
export function getResource(key: string): ResourceDef | undefined
export function getResource(key: string): ResourceDef | undefined {
  return byKey.get(key)
}

/** The entry of a map keyed by models for a key known only at run time (a URL, a loop). */
export function entryFor<T>(map: Partial<Record<ResourceKey, T>>, key: string): T | undefined {
  return isResourceKey(key) && Object.hasOwn(map, key) ? map[key] : undefined
}

/**
 * The query parameters a list takes: its declared filters, plus a hidden substring search
 * `by_<labelField>` on the label field that other models' lookups show, so a lookup input can
 * search the server as a person types instead of loading every row.
 */
export function queryFilters(resource: ResourceDef): readonly FilterDef[] {
  const declared = new Set(resource.filters.map((f) => f.param))
  const searches = new Map<string, FilterDef>()
  for (const other of RESOURCES) {
    for (const { lookup } of other.fields) {
      if (lookup?.model !== resource.key) continue
      const param = `by_${lookup.labelField}`
      if (declared.has(param) || searches.has(param)) continue
      const label = fieldOf(resource, lookup.labelField)?.label ?? lookup.labelField
      searches.set(param, { param, label, field: lookup.labelField, kind: 'text', hidden: true })
    }
  }
  return [...resource.filters, ...searches.values()]
}

/** The route table of spec 000 §2 and 001 §2: whether /auth/<action>/<key>[/<id>] exists. */
export function allowsRoute(resource: ResourceDef, action: string, hasId: boolean): boolean {
  if (!resource.actions.includes(action as Action)) return false
  // spec 000 §2's shapes narrowed to the screens there are: an edit form is always of one record
  // (spec 001 §2: 'Edit with a modelId'), a view is the list or one record read-only, the inline
  // table is the list or the list with one record open for editing (where records can be edited),
  // and the add form is never of one record
  if (action === 'edit') return hasId
  if (action === 'view') return true
  if (action === 'crud') return !hasId || allowedWrites(resource).includes('update')
  return !hasId
}

export function fieldOf(resource: ResourceDef, name: string) {
  return resource.fields.find((f) => f.name === name)
}

/** CSV columns as header and field, whatever short form the registry used (the list's columns by default). */
export function csvColumns(resource: ResourceDef): { header: string; field: string }[] {
  if (!resource.csv) return []
  return (resource.csv.columns ?? resource.columns).map((c) => (typeof c === 'string' ? { header: c, field: c } : c))
}

/** The file name prefix of a CSV of this query: the subset's it matches, else the model's. */
export function csvPrefix(resource: ResourceDef, query: Record<string, unknown>): string | undefined {
  const subset = resource.csv?.subsets?.find((s) => query[s.param] === s.value)
  return subset?.prefix ?? resource.csv?.prefix
}

/** The writes the gateway lets through: declared, or implied by the screens (crud = all). */
export function allowedWrites(resource: ResourceDef): readonly Write[] {
  if (resource.readOnly) return []
  if (resource.writes) return resource.writes
  const can = (action: Action) => resource.actions.includes(action)
  const writes: Write[] = []
  if (can('create') || can('crud')) writes.push('create')
  if (can('edit') || can('crud')) writes.push('update')
  if (can('crud')) writes.push('delete')
  return writes
}

/** Fields a client may write (create or update). */
export function writableFields(resource: ResourceDef) {
  return resource.fields.filter((f) => !f.readOnly)
}
