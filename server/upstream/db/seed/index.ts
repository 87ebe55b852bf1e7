import { sql } from 'drizzle-orm'
import { getResource, type ResourceDef } from '../../../../shared/resources/index.js'
import { DEMO_DATA_AUTHOR } from '../../../../shared/resources/record-changes.js'
import type { Database } from '../client.js'
import { fieldChanges, logChange } from '../records/change-log.js'
import { recordRepository } from '../records/repository.js'
import { rows, type Executor } from '../records/rows.js'
import { adPermissionSetsSeed, seedActiveDirectoryGroups } from './active-directory.js'
import { businessUnitsSeed } from './business-units.js'
import { seedChargeabilityMonth } from './chargeability.js'
import { cloudBillsSeed } from './cloud-bills.js'
import { cloudCertificationsSeed } from './cloud-certifications.js'
import { cloudContactsSeed } from './cloud-contacts.js'
import { cloudParentsSeed } from './cloud-parents.js'
import { cloudProjectsSeed } from './cloud-projects.js'
import { cloudSurveyResponsesSeed } from './cloud-survey-responses.js'
import { cloudRequestsSeed, seedRequestTargets } from './cloud-requests.js'
import { companiesSeed } from './companies.js'
import { costCenterBudgetsSeed } from './cost-center-budgets.js'
import { costCenterNetworksSeed } from './cost-center-networks.js'
import { costCentersSeed } from './cost-centers.js'
import { dcoeMembersSeed } from './dcoe-members.js'
import { departmentsSeed } from './departments.js'
import { faqsSeed } from './faqs.js'
import { githubCopilotUsersSeed } from './github-copilot-users.js'
import { githubOrganizationAppsSeed } from './github-organization-apps.js'
import { glossariesSeed } from './glossaries.js'
import { membersSeed } from './members.js'
import { microsoftApprovalsSeed } from './microsoft-approvals.js'
import { customersSeed, missingReportTagsSeed } from './missing-tags-customers.js'
import { projectIdsSeed } from './project-ids.js'
import { seedProviderInvoices } from './provider-invoices.js'
import { sapCostCentersSeed } from './sap-cost-centers.js'
import { serviceCatalogProductsSeed } from './service-catalog-products.js'
import { teamMembershipTicketsSeed } from './team-membership-tickets.js'
import { virtualMachinesSeed } from './virtual-machines.js'
import type { ModelSeed } from './types.js'

/** In dependency order: a model comes after the models its lookups name. */
export const DEMO_SEEDS: readonly ModelSeed[] = [
  businessUnitsSeed,
  departmentsSeed,
  cloudContactsSeed,
  companiesSeed,
  costCentersSeed,
  sapCostCentersSeed,
  membersSeed,
  dcoeMembersSeed,
  teamMembershipTicketsSeed,
  cloudParentsSeed,
  virtualMachinesSeed,
  cloudProjectsSeed,
  githubOrganizationAppsSeed,
  githubCopilotUsersSeed,
  microsoftApprovalsSeed,
  cloudCertificationsSeed,
  costCenterNetworksSeed,
  projectIdsSeed,
  faqsSeed,
  glossariesSeed,
  serviceCatalogProductsSeed,
  adPermissionSetsSeed,
  cloudSurveyResponsesSeed,
  missingReportTagsSeed,
  customersSeed,
  cloudRequestsSeed,
  cloudBillsSeed,
  costCenterBudgetsSeed,
]

const DAY_MS = 24 * 60 * 60 * 1000

/** A demo row names a lookup label that people's own data no longer has. */
class MissingLookupError extends Error {}

/**
 * Demo data for the first start: a model whose table already has rows is left alone, so restarts,
 * and people's own data, are never touched. A model added by an upgrade is seeded when the rows
 * its demo data points at still exist, and skipped (with a warning) when they do not, so an
 * upgrade never stops start-up. Each model is all or nothing (a savepoint). Each row's history
 * starts with its creation by the demo data, dated as the row is, so every record page has one.
 */
export async function seedDemoData(database: Database, warn: (message: string) => void = console.warn): Promise<void> {
  const seededAt = Date.now()
  const seeded = new Set<string>()
  await database.db.transaction(async (tx) => {
    for (const seed of DEMO_SEEDS) {
      const resource = getResource(seed.model)
      if (!resource) throw new Error(`Seed for unknown model ${seed.model}`)
      const repository = recordRepository(resource)
      if (await repository.hasRows(tx)) continue
      try {
        await tx.transaction(async (model) => {
          for (const [i, row] of seed.rows.entries()) {
            const values = await resolveLookups(model, resource, row)
            const created = await repository.create(model, values)
            const daysAgo = seed.createdDaysAgo?.[i]
            const at = new Date(seededAt - (daysAgo ?? 0) * DAY_MS)
            const changes = fieldChanges(resource, undefined, created, values)
            await logChange(model, {
              model: resource.key,
              recordId: Number(created.id),
              action: 'create',
              by: DEMO_DATA_AUTHOR,
              at,
              changes,
            })
            if (daysAgo === undefined) continue
            await model.execute(
              sql`UPDATE ${sql.identifier(resource.table)} SET created_at = now() - make_interval(days => ${daysAgo}::int) WHERE id = ${created.id}`,
            )
          }
        })
        seeded.add(resource.key)
      } catch (error) {
        if (!(error instanceof MissingLookupError)) throw error
        warn(`demo data for ${resource.key} skipped: ${error.message}`)
      }
    }
    // the directory groups are not a registry model: their own seeder, after the sets they grant
    await seedActiveDirectoryGroups(tx)
    // the Azure groups and GCP folders the Cloud Factory forms offer: not registry models either
    await seedRequestTargets(tx)
    // the providers' invoices the Billing Automation page turns into bills
    await seedProviderInvoices(tx)
    // last month's counts of unchargeable resources, for the Chargeability screen's trend: only over
    // demo resources, never as a count of people's own records that nobody took
    if (seeded.has('cloud_parents')) await seedChargeabilityMonth(tx, new Date(seededAt))
  })
}

async function resolveLookups(db: Executor, resource: ResourceDef, row: ModelSeed['rows'][number]) {
  const values: Record<string, unknown> = { ...row }
  for (const field of resource.fields) {
    const label = row[field.name]
    if (field.type !== 'lookup' || !field.lookup || typeof label !== 'string') continue
    const target = getResource(field.lookup.model)
    if (!target) throw new Error(`${resource.key}.${field.name} looks up unknown model ${field.lookup.model}`)
    const column = sql.identifier(field.lookup.labelField)
    // emails are keys in any case (migration 005): looked up as they are unique, by lower()
    const isEmail = target.fields.find((f) => f.name === field.lookup!.labelField)?.type === 'email'
    const [found] = await rows<{ id: number }>(
      db,
      isEmail
        ? sql`SELECT id FROM ${sql.identifier(target.table)} WHERE lower(${column}) = lower(${label})`
        : sql`SELECT id FROM ${sql.identifier(target.table)} WHERE ${column} = ${label}`,
    )
    if (!found) throw new MissingLookupError(`no ${target.key} named "${label}"`)
    values[field.name] = found.id
  }
  return values
}
