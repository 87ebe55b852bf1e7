import { Button, H1, Intent, NonIdealState } from '@blueprintjs/core'
import { bulkActions } from '../../../shared/calls/bulk.js'
import { filterParams } from '../../../shared/filter-params.js'
import { allowedWrites } from '../../../shared/resources/index.js'
import { useAccess } from '../lib/access.js'
import { ConfirmDialog } from '../components/confirm-dialog/index.js'
import { FilterRow } from '../components/filter-row/index.js'
import { CsvLink, LinkButton } from '../components/links/index.js'
import { Permitted } from '../components/permitted/index.js'
import { ListView, RowActions } from '../components/resource-table/index.js'
import { paths } from '../config/paths.js'
import { need } from '../lib/access.js'
import { useResourceList } from '../lib/resource-api.js'
import { usePageTitle } from '../lib/use-page-title.js'
import type { ResourceExtensions } from './extensions.js'
import { rowLabel } from './row-label.js'
import { BulkToolbar } from './bulk-toolbar.js'
import { useBulkActions } from './use-bulk-actions.js'
import { useDeleteConfirm } from './use-delete-confirm.js'
import { useListController } from '../lib/use-list-controller.js'
import { useResource } from '../lib/resource-context.js'

/** /auth/view/<model>: the generic paged list of a registry model (spec 001 §2). */
export function ResourceListPage({ ext = {} }: { ext?: ResourceExtensions }) {
  const resource = useResource()
  const { messages } = resource
  usePageTitle(messages.listTitle)
  const list = useListController(resource)
  const answer = useResourceList(resource, list.query)
  const del = useDeleteConfirm(resource)
  const canEdit = resource.actions.includes('edit')
  const canDelete = allowedWrites(resource).includes('delete')
  // the add form may be another model's (members): its own create is what the gateway checks
  const addKey = ext.addModel ?? resource.key
  const ListActions = ext.listActions
  const RowExtraActions = ext.rowActions
  // bulk actions where the model allows a write the person may make (issue 29)
  const access = useAccess()
  const bulk = useBulkActions(resource, list.query, answer.data?.data ?? [], answer.data?.meta.versions)
  const canBulk = bulkActions(resource).some((a) => access.can(need.model(resource, a)))
  const filtered = Object.keys(filterParams(list.query.filters)).length > 0

  // a list of many columns (cost centers have 15, and the Actions column counts) takes the wide page,
  // and scrolls past that
  const pageClass = resource.columns.length + 1 > 8 ? 'page page--wide' : 'page'

  return (
    <div className={pageClass}>
      <header className="page__header">
        <H1 className="page__title">{messages.listTitle}</H1>
        <div className="page__actions">
          {resource.actions.includes('create') && (
            <Permitted need={{ model: addKey, op: 'create' }}>
              <LinkButton href={paths.auth.resource.getHref('create', addKey)} icon="add" intent={Intent.PRIMARY}>
                {messages.addLabel}
              </LinkButton>
            </Permitted>
          )}
          {ListActions && <ListActions query={list.query} />}
          {resource.csv && <CsvLink href={paths.api.model(resource).csv(list.query)} />}
        </div>
      </header>
      <FilterRow filters={resource.filters} values={list.query.filters} onChange={list.setFilter} onClear={list.clearFilters} />
      <ListView
        list={list}
        answer={answer}
        renderCell={ext.renderCell}
        initialLayout={ext.initialLayout}
        rows={canBulk ? bulk.visible : undefined}
        hiddenCount={canBulk ? bulk.hiddenCount : undefined}
        selection={canBulk ? { ...bulk.rowSelection, labelOf: (row) => rowLabel(resource, row) } : undefined}
        bulkBar={canBulk && <BulkToolbar resource={resource} bulk={bulk} total={answer.data?.meta.total} />}
        renderActions={
          RowExtraActions
            ? (row) => <RowExtraActions row={row} />
            : (row) => (
                <RowActions
                  rowLabel={rowLabel(resource, row)}
                  viewHref={paths.auth.resource.getHref('view', resource.key, row.id)}
                  editHref={canEdit ? paths.auth.resource.getHref('edit', resource.key, row.id) : undefined}
                  onDelete={canDelete ? () => del.ask(row) : undefined}
                  editNeeds={need.model(resource, 'update')}
                  deleteNeeds={need.model(resource, 'delete')}
                  editLink={ext.editLink}
                />
              )
        }
        empty={
          <NonIdealState
            icon={filtered ? 'filter' : 'inbox'}
            title={filtered ? 'No records match these filters' : 'No records yet'}
            action={filtered ? <Button text="Clear filters" onClick={list.clearFilters} /> : undefined}
          />
        }
      />
      <ConfirmDialog
        isOpen={del.target !== undefined}
        question={messages.deleteConfirm}
        intent={Intent.DANGER}
        confirmText="Delete"
        loading={del.busy}
        onConfirm={() => void del.confirm()}
        onCancel={del.cancel}
      >
        {del.target && <p>{rowLabel(resource, del.target)}</p>}
      </ConfirmDialog>
    </div>
  )
}
