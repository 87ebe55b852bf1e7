/**
 * The demo rows of one registry model, one file per model. A lookup field may name the referenced
 * row by its label (`departments_id: 'Cloud Engineering'`): the seeder resolves it to the id, so
 * seed files never depend on generated ids.
 */
import type { ResourceKey } from '../../../../shared/resources/index.js'

export interface ModelSeed {
  /** registry key */
  model: ResourceKey
  rows: readonly Record<string, string | number | boolean | null>[]
  /** how long ago each row (same order) was created, so date filters have something to show */
  createdDaysAgo?: readonly number[]
}
