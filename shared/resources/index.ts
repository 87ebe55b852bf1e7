import { businessUnits } from './business-units.js'
import { cloudContacts } from './cloud-contacts.js'
import { companies } from './companies.js'
import { costCenters } from './cost-centers.js'
import { dcoeMembers } from './dcoe-members.js'
import { departments } from './departments.js'
import { members } from './members.js'
import { sapCostCenters } from './sap-cost-centers.js'
import { teamMembershipTickets } from './team-membership-tickets.js'
import type { Action, ResourceDef, Write } from './types.js'

export * from './types.js'

/** Every model of the spec, keyed by its snake_case name. Adding a plain model: one entry here. */
export const RESOURCES: readonly ResourceDef[] = [
  departments,
  businessUnits,
  cloudContacts,
  companies,
  costCenters,
  sapCostCenters,
  members,
  dcoeMembers,
  teamMembershipTickets,
]

const byKey = new Map(RESOURCES.map((r) => [r.key, r]))

export function getResource(key: string): ResourceDef | undefined {
  return byKey.get(key)
}

/** The route table of spec 001 §2: whether /auth/<action>/<key>[/<id>] exists. */
export function allowsRoute(resource: ResourceDef, action: string, hasId: boolean): boolean {
  if (!resource.actions.includes(action as Action)) return false
  return hasId ? action === 'edit' : action !== 'edit'
}

export function fieldOf(resource: ResourceDef, name: string) {
  return resource.fields.find((f) => f.name === name)
}

/** CSV columns as header and field, whatever short form the registry used. */
export function csvColumns(resource: ResourceDef): { header: string; field: string }[] {
  return (resource.csv?.columns ?? []).map((c) => (typeof c === 'string' ? { header: c, field: c } : c))
}

/** The writes the gateway lets through: declared, or implied by the screens (crud = all). */
export function allowedWrites(resource: ResourceDef): readonly Write[] {
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
