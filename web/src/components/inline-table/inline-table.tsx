import { Button, H2, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core'
import { useMemo } from 'react'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { errorText } from '../../lib/api-client.js'
import { csvHref } from '../../lib/csv.js'
import { useListController } from '../../lib/use-list-controller.js'
import { FilterRow } from '../filter-row/index.js'
import { CsvLink } from '../links/index.js'
import { ListPager } from '../resource-table/index.js'
import { inlineColumns } from './inline-columns.js'
import { InlineHead } from './inline-head.js'
import { InlineRow } from './inline-row.js'
import { EditDelete, SaveCancel } from './row-buttons.js'
import { useInlineEdit } from './use-inline-edit.js'

/**
 * The inline-editable table of any registry model (spec 001 §4): an add table on top (no paging),
 * then the list with its filters, sortable headers and a pager above and below.
 */
export function InlineTable({ resource }: { resource: ResourceDef }) {
  const ctl = useListController(resource)
  const t = useInlineEdit(resource, ctl.query)
  const columns = useMemo(() => inlineColumns(resource), [resource])
  const { data, error, isLoading } = t.list
  const rows = data?.data ?? []
  const pager = <ListPager list={ctl} total={data?.meta.total ?? 0} />

  return (
    <>
      <section className="inline-add" aria-label="New rows">
        <div className="inline-add__bar">
          <Button icon="add" intent={Intent.PRIMARY} text="Add a row" onClick={t.add} />
          {resource.csv && <CsvLink href={csvHref(resource, ctl.query)} />}
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
                    onChange={(name, v) => t.setValue(d, name, v)}
                    actions={<SaveCancel busy={d.busy} onSave={() => t.saveAdd(d)} onCancel={() => t.cancelAdd(d)} />}
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
      {error && !data ? (
        <NonIdealState icon="error" title="The list could not be loaded" description={errorText(error)} />
      ) : (
        <div className={isLoading && data ? 'table-scroll table-scroll--stale' : 'table-scroll'}>
          <HTMLTable className="resource-table resource-table--striped" aria-label={resource.messages.listTitle} striped compact>
            <InlineHead columns={columns} sort={ctl.query.sort} onSort={ctl.setSort} />
            <tbody>
              {rows.map((row) => {
                const draft = t.editing?.id === row.id ? t.editing : undefined
                return (
                  <InlineRow
                    key={row.id}
                    columns={columns}
                    row={row}
                    draft={draft}
                    onChange={(name, v) => draft && t.setValue(draft, name, v)}
                    actions={
                      draft ? (
                        <SaveCancel busy={draft.busy} onSave={t.saveEdit} onCancel={t.cancelEdit} />
                      ) : (
                        <EditDelete editDisabled={!!t.editing} onEdit={() => t.startEdit(row)} onDelete={() => t.remove(row)} />
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
      <div className="pager--bottom">{pager}</div>
    </>
  )
}
