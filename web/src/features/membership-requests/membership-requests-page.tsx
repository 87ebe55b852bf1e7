import { Button, H1, Icon, Intent, NonIdealState } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { getResource } from '../../../../shared/resources/index.js'
import { ListPager, ResourceTable } from '../../components/resource-table/index.js'
import { errorText } from '../../lib/api-client.js'
import { formatLongDate } from '../../lib/dates.js'
import { useResourceList, type Row } from '../../lib/resource-api.js'
import { useListController } from '../../lib/use-list-controller.js'
import { usePageTitle } from '../../lib/use-page-title.js'

const tickets = getResource('team_membership_tickets')

/** Spec 000 §2: the requested date in long format, completed as a tick or a cross. */
function renderCell(name: string, row: Row): ReactNode {
  if (name === 'requested_date') return formatLongDate(row.requested_date)
  if (name === 'completed') {
    const done = row.completed === true
    return (
      <Icon
        icon={done ? 'tick' : 'cross'}
        intent={done ? Intent.SUCCESS : Intent.DANGER}
        title={done ? 'Completed' : 'Not completed'}
        aria-label={done ? 'Completed' : 'Not completed'}
      />
    )
  }
  return undefined
}

/**
 * /auth/membership-requests (spec 000 §2, §7 GET /team_membership_tickets): the registry's list of
 * membership requests, newest first, paged and sorted by the upstream; read only (spec 000 §4).
 */
export default function MembershipRequestsPage() {
  usePageTitle(tickets.messages.listTitle)
  const list = useListController(tickets)
  const { data, error, isLoading, mutate } = useResourceList(tickets, list.query)
  const rows = data?.data ?? []
  return (
    <div className="page">
      <header className="page__header">
        <H1 className="page__title">{tickets.messages.listTitle}</H1>
      </header>
      {error && !data ? (
        <NonIdealState
          icon="error"
          title="The list could not be loaded"
          description={errorText(error)}
          action={<Button icon="refresh" text="Try again" onClick={() => void mutate()} />}
        />
      ) : (
        <>
          <ResourceTable
            resource={tickets}
            rows={rows}
            sort={list.query.sort}
            onSort={list.setSort}
            loading={isLoading && !data}
            stale={isLoading && !!data}
            renderCell={renderCell}
          />
          {data && rows.length === 0 && <NonIdealState icon="inbox" title="No membership requests yet" />}
          <ListPager list={list} meta={data?.meta} />
        </>
      )}
    </div>
  )
}
