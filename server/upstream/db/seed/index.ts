import { sql } from 'drizzle-orm'
import { getResource, type ResourceDef } from '../../../../shared/resources/index.js'
import type { Database } from '../client.js'
import { recordRepository, rows, type Executor } from '../records/repository.js'
import { businessUnitsSeed } from './business-units.js'
import { cloudContactsSeed } from './cloud-contacts.js'
import { companiesSeed } from './companies.js'
import { costCentersSeed } from './cost-centers.js'
import { dcoeMembersSeed } from './dcoe-members.js'
import { departmentsSeed } from './departments.js'
import { membersSeed } from './members.js'
import { sapCostCentersSeed } from './sap-cost-centers.js'
import { teamMembershipTicketsSeed } from './team-membership-tickets.js'
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
]

/**
 * Demo data for the first start: a model whose table already has rows is left alone, so restarts,
 * and people's own data, are never touched. All models are seeded in one transaction: all or nothing.
 */
export async function seedDemoData(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    for (const seed of DEMO_SEEDS) {
      const resource = getResource(seed.model)
      if (!resource) throw new Error(`Seed for unknown model ${seed.model}`)
      const repository = recordRepository(resource)
      if (await repository.hasRows(tx)) continue
      for (const row of seed.rows) await repository.create(tx, await resolveLookups(tx, resource, row))
    }
  })
}

async function resolveLookups(db: Executor, resource: ResourceDef, row: ModelSeed['rows'][number]) {
  const values: Record<string, unknown> = { ...row }
  for (const field of resource.fields) {
    const label = row[field.name]
    if (field.type !== 'lookup' || !field.lookup || typeof label !== 'string') continue
    const target = getResource(field.lookup.model)
    if (!target) throw new Error(`${resource.key}.${field.name} looks up unknown model ${field.lookup.model}`)
    const [found] = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM ${sql.identifier(target.table)} WHERE ${sql.identifier(field.lookup.labelField)} = ${label}`,
    )
    if (!found) throw new Error(`Seed ${resource.key}: no ${target.key} named "${label}"`)
    values[field.name] = found.id
  }
  return values
}
