import { useAtom } from 'jotai'
import { lazy, Suspense, type ReactNode } from 'react'
import type { Row } from '../../lib/resource-api.js'
import { HtmlResourceTable } from './html-table.js'
import { defaultLayout, densityAtom, useModelPreferences, type ListLayout } from './preferences.js'
import { TableToolbar } from './table-toolbar.js'
import { useResource } from '../../lib/resource-context.js'

// Blueprint's table (~30 KB gzip) loads only when someone picks the grid
const ResourceGrid = lazy(() => import('./resource-grid.js').then((m) => ({ default: m.ResourceGrid })))

/**
 * `R`: the rows' type, a model's own record where the page knows the model (`RowOf<K>`), so its
 * renderCell reads typed fields. The callbacks are methods: the lazily loaded grid takes them as Row's.
 */
export interface ResourceTableProps<R extends Row = Row> {
  rows: readonly R[]
  sort: string
  onSort: (sort: string) => void
  /** a cell's content instead of the plain value (a toggle); undefined falls back to the value */
  renderCell?(name: string, row: R): ReactNode
  /** the last column's content per row (an Actions menu); no column when absent */
  renderActions?(row: R): ReactNode
  /** shows skeleton rows instead of `rows` */
  loading?: boolean
  /** `rows` are the previous answer while a new one loads: dims them */
  stale?: boolean
  /** @default 5 */
  skeletonRows?: number
  /** how a wide list starts until the person picks, where its page knows better @default defaultLayout(the model) */
  initialLayout?: ListLayout
}

/**
 * A paged list of a registry model: the registry's columns, sortable headers, one row per record.
 * A wide list can show as the HTML table or the grid (defaultLayout until the person picks); the
 * choice, the density and the grid's columns are remembered (preferences.ts).
 */
export function ResourceTable<R extends Row>(props: ResourceTableProps<R>) {
  const resource = useResource()
  const [density, setDensity] = useAtom(densityAtom)
  const [prefs, updatePrefs] = useModelPreferences(resource.key)
  const inferred = defaultLayout(resource)
  const wide = inferred !== undefined
  const initial = props.initialLayout ?? inferred
  const layout = wide && (prefs.layout ?? initial) === 'grid' ? 'grid' : 'table'
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
