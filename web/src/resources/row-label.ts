import { fieldOf, type ResourceDef } from '../../../shared/resources/index.js'
import type { Row } from '../lib/resource-api.js'

/** Columns that never name a record: a yes/no flag or a date ('Actions for false' names nothing). */
const NOT_A_NAME = new Set(['boolean', 'date', 'datetime'])

/**
 * How people name a record: its model's label field (a cloud parent's name), else the first non-empty
 * value of its list columns that can name it (a name, an identifier, an email), else its id.
 */
export function rowLabel(resource: ResourceDef, row: Row): string {
  for (const column of resource.labelField ? [resource.labelField, ...resource.columns] : resource.columns) {
    const type = fieldOf(resource, column)?.type
    if (type && NOT_A_NAME.has(type)) continue
    const value = row[column]
    if (value !== null && value !== undefined && value !== '') return String(value)
  }
  return `#${row.id}`
}
