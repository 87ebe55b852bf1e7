import type { FieldDef, ResourceDef } from '../../../shared/resources/index.js'

/**
 * The fields a record view shows, in the registry's order: a lookup shows as the values joined
 * through it (a department's name, not its id), as the list does; a lookup with no joined value
 * shows its own.
 */
export function viewFields(resource: ResourceDef): FieldDef[] {
  const joined = new Set(resource.fields.flatMap((f) => (f.join ? [f.join.via] : [])))
  return resource.fields.filter((f) => !(f.type === 'lookup' && joined.has(f.name)))
}
