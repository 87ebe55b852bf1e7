/**
 * A person's list preferences, kept in the browser (jotai atomWithStorage): row density for every
 * list, and per model whether the wide list shows as the HTML table or the grid, with the grid's
 * column order and widths. The stored atoms stay private; screens use the derived ones and hooks.
 */
import { atom, useAtom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { useCallback } from 'react'
import { allowedWrites, type ResourceDef } from '../../../../shared/resources/index.js'

export type Density = 'regular' | 'compact'
export type ListLayout = 'table' | 'grid'

export interface GridColumns {
  /** column names in the order shown; names the registry no longer lists are dropped when read */
  order?: readonly string[]
  /** column name → width in px */
  widths?: Readonly<Record<string, number>>
}

interface ModelPreferences extends GridColumns {
  layout?: ListLayout
}

const storedDensityAtom = atomWithStorage<Density>('ccoe.table-density', 'regular', undefined, { getOnInit: true })

/** compact or regular rows; anything else stored reads as regular */
export const densityAtom = atom(
  (get): Density => (get(storedDensityAtom) === 'compact' ? 'compact' : 'regular'),
  (_get, set, density: Density) => set(storedDensityAtom, density),
)

const storedModelsAtom = atomWithStorage<Readonly<Record<string, ModelPreferences>>>('ccoe.lists', {}, undefined, {
  getOnInit: true,
})

/** one model's list preferences and a setter that merges a change into them */
export function useModelPreferences(model: string): [ModelPreferences, (change: ModelPreferences) => void] {
  const [all, setAll] = useAtom(storedModelsAtom)
  const prefs = (typeof all === 'object' && all !== null ? all[model] : undefined) ?? {}
  const update = useCallback(
    (change: ModelPreferences) => setAll((prev) => ({ ...prev, [model]: { ...prev[model], ...change } })),
    [model, setAll],
  )
  return [prefs, update]
}

/** the stored order of `columns`: known names first as stored, new ones after in registry order */
export function orderColumns(columns: readonly string[], order: readonly string[] | undefined): string[] {
  const known = (order ?? []).filter((name) => columns.includes(name))
  return [...new Set([...known, ...columns])]
}

/** Lists with this many columns or more may show as the grid (frozen first column, resizable, reorderable). */
export const GRID_MIN_COLUMNS = 6

/**
 * How a list shows until the person picks: a wide list nobody writes to (cloud parents, virtual
 * machines) is read across many columns, so it starts as the grid; a list with row writes starts as
 * the HTML table, whose rows screen readers read and whose actions sit in one column.
 */
export function defaultLayout(resource: ResourceDef): ListLayout | undefined {
  if (resource.columns.length < GRID_MIN_COLUMNS) return undefined
  return allowedWrites(resource).length === 0 ? 'grid' : 'table'
}
