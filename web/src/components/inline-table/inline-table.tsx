import { Button, H2, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core'
import { useMemo, useReducer, type ReactNode } from 'react'
import { useSWRConfig } from 'swr'
import { allowedWrites } from '../../../../shared/resources/index.js'
import { paths } from '../../config/paths.js'
import { need } from '../../lib/access.js'
import { errorText } from '../../lib/api-client.js'
import type { Row } from '../../lib/resource-api.js'
import { useListController } from '../../lib/use-list-controller.js'
import { FilterRow } from '../filter-row/index.js'
import { CsvLink } from '../links/index.js'
import { Permitted } from '../permitted/index.js'
import { ListPager } from '../resource-table/index.js'
import { mismatchProps } from '../resource-table/mismatch.js'
import type { RowSelection } from '../resource-table/table-props.js'
import { inlineColumns } from './inline-columns.js'
import { InlineHead } from './inline-head.js'
import { InlineRow } from './inline-row.js'
import { EditDelete, ONE_ROW_AT_A_TIME, SaveCancel } from './row-buttons.js'
import { useInlineEdit, type InlineOptions } from './use-inline-edit.js'
import { useLeaveGuard } from './use-leave-guard.js'
import { useOpenRow } from './use-open-row.js'
import { useResource } from '../../lib/resource-context.js'
import '../resource-table/resource-table.css'
import './inline-table.css'

export interface InlineTableProps extends InlineOptions {
  /** a record to open for editing once it is known (/auth/crud/<model>/<id>): first in the records while open */
  openRow?: Row
  /** that record's row closed (saved or cancelled): the address need not name it any more */
  onOpenRowClosed?: () => void
  /** more links beside Add a row and the CSV download */
  actions?: ReactNode
  /** a box per record for bulk actions, and one for the page; they wait while a row is open */
  selection?: RowSelection
  /** the records to show instead of the list's (rows hidden while their delete can be undone) */
  rows?: readonly Row[]
  /** how many of the list's rows those leave out (the pager counts without them) @default 0 */
  hiddenCount?: number
  /** above the records: the bulk actions of the selected rows, told whether a row is open */
  bulkBar?: (rowOpen: boolean) => ReactNode
}

/**
 * The inline-editable table of any registry model (spec 001 §4). Reloading the page (spec 001 §5)
 * starts it afresh: no rows open, every list and choice fetched again, the toasts still shown.
 */
export function InlineTable({ openRow, onOpenRowClosed, ...props }: InlineTableProps) {
  const { mutate } = useSWRConfig()
  const [generation, reload] = useReducer((n: number) => n + 1, 0)
  const onReload = () => {
    // a reload starts with no row open, the one the address names included
    if (generation === 0 && openRow) onOpenRowClosed?.()
    reload()
    void mutate(() => true)
  }
  // the record asked for by the URL is opened once: a reload starts with no row open
  return (
    <InlineTableBody
      key={generation}
      {...props}
      openRow={generation === 0 ? openRow : undefined}
      onOpenRowClosed={onOpenRowClosed}
      onReload={onReload}
    />
  )
}

/**
 * An add table on top (no paging), then the list with its filters, sortable headers and a pager
 * above and below; with a selection, a box per record (none on the row being edited) and the bulk bar.
 */
function InlineTableBody({
  openRow,
  onOpenRowClosed,
  actions,
  selection,
  rows: shownRows,
  hiddenCount,
  bulkBar,
  onReload,
  ...options
}: InlineTableProps & { onReload: () => void }) {
  const resource = useResource()
  const ctl = useListController(resource)
  const t = useInlineEdit(resource, ctl.query, options, onReload)
  useLeaveGuard(t.unsaved)
  const columns = useMemo(() => inlineColumns(resource), [resource])
  const writes = allowedWrites(resource)
  const { data, error, isLoading } = t.list
  const rows = useOpenRow(openRow, shownRows ?? data?.data ?? [], t, onOpenRowClosed)
  const pager = <ListPager list={ctl} meta={data?.meta} hiddenCount={hiddenCount} noun={resource.noun} />

  return (
    <>
      <section className="inline-add" aria-label="New rows">
        <div className="inline-add__bar">
          <Permitted need={need.model(resource, 'create')} unavailable={t.editing ? ONE_ROW_AT_A_TIME : undefined}>
            <Button icon="add" intent={Intent.PRIMARY} text="Add a row" onClick={t.add} />
          </Permitted>
          {resource.csv && <CsvLink href={paths.api.model(resource).csv(ctl.query)} />}
          {actions}
        </div>
        {t.adds.length > 0 && (
          <div className="table-scroll">
            <HTMLTable className="resource-table" aria-label="New rows" compact>
              <InlineHead columns={columns} />
              <tbody>
                {t.adds.map((d) => (
                  <InlineRow
                    key={d.key}
                    columns={columns}
                    draft={d}
                    busy={t.creating}
                    onChange={(name, v) => t.setValue(d, name, v)}
                    actions={<SaveCancel busy={t.creating} onSave={() => t.saveAdd(d)} onCancel={() => t.cancelAdd(d)} />}
                  />
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </section>
      <H2 className="section-title">Records</H2>
      <FilterRow filters={resource.filters} values={ctl.query.filters} onChange={ctl.setFilter} onClear={ctl.clearFilters} />
      {pager}
      {bulkBar?.(t.rowOpen)}
      {error && !data ? (
        <NonIdealState icon="error" title="The list could not be loaded" description={errorText(error)} />
      ) : (
        <div className={isLoading && data ? 'table-scroll table-scroll--stale' : 'table-scroll'}>
          <HTMLTable className="resource-table resource-table--striped" aria-label={resource.messages.listTitle} striped compact>
            <InlineHead
              columns={columns}
              sort={ctl.query.sort}
              onSort={ctl.setSort}
              selection={selection}
              selectDisabled={t.rowOpen || rows.length === 0}
            />
            <tbody>
              {rows.map((row) => {
                const draft = t.editing?.id === row.id ? t.editing : undefined
                return (
                  <InlineRow
                    key={row.id}
                    columns={columns}
                    row={row}
                    draft={draft}
                    busy={!!draft && t.updating}
                    cellProps={(name) => mismatchProps(resource, row, name)}
                    selection={selection}
                    selectDisabled={t.rowOpen}
                    onChange={(name, v) => draft && t.setValue(draft, name, v)}
                    actions={
                      draft ? (
                        <SaveCancel busy={t.updating} onSave={t.saveEdit} onCancel={t.cancelEdit} />
                      ) : (
                        <EditDelete
                          disabled={t.rowOpen}
                          onEdit={writes.includes('update') ? () => t.startEdit(row) : undefined}
                          onDelete={writes.includes('delete') ? () => t.remove(row) : undefined}
                          deleteQuestion={resource.messages.deleteConfirm}
                          editNeeds={need.model(resource, 'update')}
                          deleteNeeds={need.model(resource, 'delete')}
                        />
                      )
                    }
                  />
                )
              })}
            </tbody>
          </HTMLTable>
          {data && rows.length === 0 && <NonIdealState icon="inbox" title="No records" />}
        </div>
      )}
      {pager}
    </>
  )
}
