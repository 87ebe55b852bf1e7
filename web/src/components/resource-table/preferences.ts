/**
 * How a list shows. The row density is this browser's (a small screen wants compact rows where a
 * large one does not), kept with jotai atomWithStorage. Which columns show, in what order and width,
 * and table or grid, are the person's: kept by the upstream (list-settings.ts), read here.
 */
import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'
import { allowedWrites, fieldOf, type ResourceDef } from '../../../../shared/resources/index.js'

export type Density = 'regular' | 'compact'
export type ListLayout = 'table' | 'grid'

const storedDensityAtom = atomWithStorage<Density>('ccoe.table-density', 'regular', undefined, { getOnInit: true })

/** compact or regular rows; anything else stored reads as regular */
export const densityAtom = atom(
  (get): Density => (get(storedDensityAtom) === 'compact' ? 'compact' : 'regular'),
  (_get, set, density: Density) => set(storedDensityAtom, density),
)

/** The URL parameter of the columns shown, in order (`columns=identifier,company_code`): a shared link shows them. */
export const COLUMNS_PARAM = 'columns'

/**
 * The columns a list shows: the link's when it names some (a shared view), else the person's,
 * else the registry's. Names the list does not have are dropped; none left is the registry's.
 */
export function shownColumns(resource: ResourceDef, fromLink: string | null, stored: readonly string[] | undefined): string[] {
  const known = (names: readonly string[]) => [...new Set(names.filter((name) => resource.columns.includes(name)))]
  const linked = fromLink ? known(fromLink.split(',')) : []
  if (linked.length) return linked
  const kept = known(stored ?? [])
  return kept.length ? kept : [...resource.columns]
}

/** Columns that never name a record: a flag, a date, one of a few choices ('Actions for aws' names nothing). */
const NOT_A_NAME = new Set(['boolean', 'date', 'datetime', 'select', 'number', 'json'])

/**
 * The column that says which record a row is, kept in view while a wide table scrolls sideways: the
 * model's unique field (an identifier, a code, an email), else the field it is compared by, else an
 * `identifier` or `name`, else the first that can name a record; among the columns shown.
 */
export function identifyingColumn(resource: ResourceDef, shown: readonly string[]): string | undefined {
  const candidates = [
    ...resource.fields.filter((f) => f.unique).map((f) => f.name),
    ...(resource.comparison ? [resource.comparison.match.field] : []),
    'identifier',
    'name',
    ...shown.filter((name) => !NOT_A_NAME.has(fieldOf(resource, name)?.type ?? 'text')),
  ]
  return candidates.find((name) => shown.includes(name)) ?? shown[0]
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
