import { H1 } from '@blueprintjs/core'
import { useCallback, type ReactNode } from 'react'
import { useLocation, useSearch } from 'wouter'
import { bulkActions } from '../../../shared/calls/bulk.js'
import { InlineTable } from '../components/inline-table/index.js'
import { need, useAccess } from '../lib/access.js'
import { ApiError } from '../lib/api-client.js'
import { useResourceList, useResourceRecord } from '../lib/resource-api.js'
import { useListController } from '../lib/use-list-controller.js'
import { usePageTitle } from '../lib/use-page-title.js'
import { paths } from '../config/paths.js'
import { BulkToolbar } from './bulk-toolbar.js'
import type { ResourceExtensions } from './extensions.js'
import { rowLabel } from './row-label.js'
import { useBulkActions } from './use-bulk-actions.js'
import { useResource } from '../lib/resource-context.js'

/**
 * /auth/crud/<model>: the inline-editable table of the model (spec 001 §4), with the rules its form
 * follows. /auth/crud/<model>/<id> (spec 000 §2) is the same table with that record open for editing;
 * a record the upstream does not have, or an id that is not one, is the app's not-found page.
 * Its records take the list screen's bulk actions (issue 29), on the same page of the list the
 * table shows (the same query, so the same cached answer).
 */
export function ResourceCrudPage({ modelId, ext = {}, notFound }: { modelId?: string; ext?: ResourceExtensions; notFound: ReactNode }) {
  const resource = useResource()
  usePageTitle(resource.messages.listTitle)
  const isId = modelId === undefined || /^[1-9]\d*$/.test(modelId)
  const record = useResourceRecord(resource, isId ? modelId : undefined)
  const list = useListController(resource)
  const answer = useResourceList(resource, list.query)
  const bulk = useBulkActions(resource, list.query, answer.data?.data ?? [], answer.data?.meta.versions)
  const access = useAccess()
  const canBulk = bulkActions(resource).some((a) => access.can(need.model(resource, a)))
  // the row the address named is closed: the address is the table's again, with its query (issue 39 item 4)
  const [, navigate] = useLocation()
  const search = useSearch()
  const closed = useCallback(() => {
    const href = paths.auth.resource.getHref('crud', resource.key)
    navigate(search ? `${href}?${search}` : href, { replace: true })
  }, [navigate, search, resource.key])
  // only before it was ever shown: a row deleted later leaves the table as it is
  if (!isId || (record.error instanceof ApiError && record.error.status === 404 && !record.data)) return notFound
  const InlineActions = ext.inlineActions
  return (
    <div className="page page--wide">
      <header className="page__header">
        <H1 className="page__title">{resource.messages.listTitle}</H1>
      </header>
      <InlineTable
        openRow={record.data?.data}
        onOpenRowClosed={modelId === undefined ? undefined : closed}
        actions={InlineActions && <InlineActions />}
        derive={ext.derive}
        newValues={ext.newValues}
        reloadOnDuplicate={ext.reloadOnDuplicate}
        fetchAfterAdd={ext.fetchAfterAdd}
        rows={canBulk ? bulk.visible : undefined}
        hiddenCount={canBulk ? bulk.hiddenCount : undefined}
        selection={canBulk ? { ...bulk.rowSelection, labelOf: (row) => rowLabel(resource, row) } : undefined}
        bulkBar={
          canBulk
            ? (rowOpen) => <BulkToolbar resource={resource} bulk={bulk} total={answer.data?.meta.total} disabled={rowOpen} />
            : undefined
        }
      />
    </div>
  )
}
