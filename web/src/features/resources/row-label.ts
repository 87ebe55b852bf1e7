import type { ResourceDef } from '../../../../shared/resources/index.js'
import type { Row } from '../../lib/resource-api.js'

/** How people name a record: its first list column's value (a name, an identifier), else its id. */
export function rowLabel(resource: ResourceDef, row: Row): string {
  const first = resource.columns[0]
  const value = first ? row[first] : undefined
  return value === null || value === undefined || value === '' ? `#${row.id}` : String(value)
}
