import { useAtom } from 'jotai'
import { lazy, Suspense } from 'react'
import type { Row } from '../../lib/resource-api.js'
import { HtmlResourceTable } from './html-table.js'
import { defaultLayout, densityAtom } from './preferences.js'
import type { ResourceTableProps, TableChoices } from './table-props.js'
import { TableToolbar } from './table-toolbar.js'
import { useResource } from '../../lib/resource-context.js'

// Blueprint's table (~30 KB gzip) loads only when someone picks the grid
const ResourceGrid = lazy(() => import('./resource-grid.js').then((m) => ({ default: m.ResourceGrid })))

/**
 * A paged list of a registry model: the columns shown, sortable headers, one row per record.
 * A wide list can show as the HTML table or the grid (defaultLayout until the person picks).
 */
export function ResourceTable<R extends Row>({
  layout: picked,
  onLayout,
  widths,
  onWidths,
  onColumns,
  tools,
  ...props
}: ResourceTableProps<R> & TableChoices) {
  const resource = useResource()
  const [density, setDensity] = useAtom(densityAtom)
  const inferred = defaultLayout(resource)
  const wide = inferred !== undefined
  const initial = props.initialLayout ?? inferred
  const layout = wide && (picked ?? initial) === 'grid' ? 'grid' : 'table'
  const compact = density === 'compact'
  const columns = props.columns ?? resource.columns
  return (
    <>
      <TableToolbar density={density} onDensity={setDensity} layout={wide ? layout : undefined} onLayout={onLayout} tools={tools} />
      {layout === 'grid' ? (
        <Suspense fallback={<HtmlResourceTable {...props} columns={columns} compact={compact} loading />}>
          <ResourceGrid
            {...props}
            columns={columns}
            compact={compact}
            widths={widths ?? {}}
            onWidths={onWidths ?? (() => undefined)}
            onColumns={onColumns ?? (() => undefined)}
          />
        </Suspense>
      ) : (
        <HtmlResourceTable {...props} columns={columns} compact={compact} />
      )}
    </>
  )
}
