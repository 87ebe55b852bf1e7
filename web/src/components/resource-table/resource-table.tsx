import { useAtom } from 'jotai'
import { lazy, Suspense, type ReactNode } from 'react'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import type { Row } from '../../lib/resource-api.js'
import { HtmlResourceTable } from './html-table.js'
import { densityAtom, useModelPreferences } from './preferences.js'
import { TableToolbar } from './table-toolbar.js'

// Blueprint's table (~30 KB gzip) loads only when someone picks the grid
const ResourceGrid = lazy(() => import('./resource-grid.js').then((m) => ({ default: m.ResourceGrid })))

/** Lists with this many columns or more may show as the grid (frozen first column, resizable, reorderable). */
export const GRID_MIN_COLUMNS = 6

export interface ResourceTableProps {
  resource: ResourceDef
  rows: readonly Row[]
  sort: string
  onSort: (sort: string) => void
  /** a cell's content instead of the plain value (a toggle); undefined falls back to the value */
  renderCell?: (name: string, row: Row) => ReactNode
  /** the last column's content per row (an Actions menu); no column when absent */
  renderActions?: (row: Row) => ReactNode
  /** shows skeleton rows instead of `rows` */
  loading?: boolean
  /** `rows` are the previous answer while a new one loads: dims them */
  stale?: boolean
  /** @default 5 */
  skeletonRows?: number
}

/**
 * A paged list of a registry model: the registry's columns, sortable headers, one row per record.
 * The HTML table is the default (the one screen readers read as a table); a wide list can switch
 * to the grid, and the choice, the density and the grid's columns are remembered (preferences.ts).
 */
export function ResourceTable(props: ResourceTableProps) {
  const [density, setDensity] = useAtom(densityAtom)
  const [prefs, updatePrefs] = useModelPreferences(props.resource.key)
  const wide = props.resource.columns.length >= GRID_MIN_COLUMNS
  const layout = wide && prefs.layout === 'grid' ? 'grid' : 'table'
  const compact = density === 'compact'
  const table = <HtmlResourceTable {...props} compact={compact} />
  return (
    <>
      <TableToolbar
        density={density}
        onDensity={setDensity}
        layout={wide ? layout : undefined}
        onLayout={(l) => updatePrefs({ layout: l })}
      />
      {layout === 'grid' ? (
        <Suspense fallback={<HtmlResourceTable {...props} compact={compact} loading />}>
          <ResourceGrid {...props} compact={compact} columns={prefs} onColumns={updatePrefs} />
        </Suspense>
      ) : (
        table
      )}
    </>
  )
}
