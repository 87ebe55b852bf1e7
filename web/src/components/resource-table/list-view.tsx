import { Button, NonIdealState } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import type { ListAnswer } from '../../../../shared/schemas/common.js'
import { errorText } from '../../lib/api-client.js'
import type { Row } from '../../lib/resource-api.js'
import type { ListController } from '../../lib/use-list-controller.js'
import { ColumnChooser } from './column-chooser.js'
import { useListSettings } from './list-settings.js'
import { ListPager } from './pager.js'
import { ResourceTable } from './resource-table.js'
import type { ResourceTableProps } from './table-props.js'
import { SavedViews } from './saved-views.js'
import { useListView } from './use-list-view.js'
import { useResource } from '../../lib/resource-context.js'

export interface ListViewProps<R extends Row = Row> extends Pick<
  ResourceTableProps<R>,
  'renderCell' | 'renderActions' | 'initialLayout' | 'selection'
> {
  list: ListController
  /** the list's SWR answer (`useResourceList`): its rows' type is the cells' */
  answer: { data?: ListAnswer<R>; error?: unknown; isLoading: boolean; mutate: () => unknown }
  /** the title when the first answer fails @default 'The list could not be loaded' */
  failedTitle?: string
  /** shown when an answer has no rows */
  empty: ReactNode
  /** the rows to show instead of the answer's (rows hidden while their delete can be undone) */
  rows?: readonly R[]
  /** how many of the list's rows those leave out (the pager counts without them) @default 0 */
  hiddenCount?: number
  /** above the table: the bulk actions of the selected rows */
  bulkBar?: ReactNode
}

/**
 * A paged list as every list screen shows it: the person's views and columns, the table (skeleton
 * rows on the first load, the last rows dimmed while the next answer loads), the empty state, the
 * pager; a failed first load says so with Try again.
 */
export function ListView<R extends Row>({
  list,
  answer,
  failedTitle = 'The list could not be loaded',
  empty,
  rows: shownRows,
  hiddenCount = 0,
  bulkBar,
  ...cells
}: ListViewProps<R>) {
  const { data, error, isLoading, mutate } = answer
  const resource = useResource()
  const settings = useListSettings(resource)
  const view = useListView(resource, settings)
  const rows = shownRows ?? data?.data ?? []
  if (error && !data) {
    return (
      <NonIdealState
        icon="error"
        title={failedTitle}
        description={errorText(error)}
        action={<Button icon="refresh" text="Try again" onClick={() => void mutate()} />}
      />
    )
  }
  // the person's columns arrive with the first rows: until then, skeleton rows rather than the default columns for a moment
  const settling = settings.loading && !settings.loaded
  return (
    <>
      {bulkBar}
      <ResourceTable
        rows={rows}
        sort={list.query.sort}
        onSort={list.setSort}
        columns={view.columns}
        loading={(isLoading && !data) || settling}
        stale={isLoading && !!data}
        layout={settings.layout.layout}
        onLayout={(layout) => void settings.saveLayout({ layout })}
        widths={settings.layout.widths}
        onWidths={(widths) => void settings.saveLayout({ widths: { ...widths } })}
        onColumns={view.setColumns}
        tools={
          <>
            <SavedViews settings={settings} view={view} />
            <ColumnChooser resource={resource} columns={view.columns} onColumns={view.setColumns} onReset={view.reset} />
          </>
        }
        {...cells}
      />
      {data && rows.length === 0 && empty}
      <ListPager list={list} meta={data?.meta} hiddenCount={hiddenCount} noun={resource.noun} />
    </>
  )
}
