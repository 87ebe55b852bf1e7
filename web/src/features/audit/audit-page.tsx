import { Button, ButtonGroup, H1, HTMLTable, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core'
import { format } from 'date-fns'
import { useCallback, useMemo, useState } from 'react'
import useSWR from 'swr'
import { useLocation, useSearch } from 'wouter'
import type { AuditLine } from '../../../../shared/audit-trail.js'
import { DISPLAY_DATE_FORMAT } from '../../../../shared/constants.js'
import { FilterRow } from '../../components/filter-row/index.js'
import { CsvLink } from '../../components/links/index.js'
import { paths, type AuditScreenQuery } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { toDate } from '../../lib/dates.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { AuditLineDrawer } from './audit-line-drawer.js'
import { AUDIT_FILTER_ROW, auditQueryOf, filtersOf, lineName, lineOf } from './audit-query.js'
import './audit.css'

const TITLE = 'Audit Trail'
const ALL = 'All'

interface AuditAnswer {
  data: AuditLine[]
  meta: { per_page: number; next?: string }
}

const statusIntent = (status: unknown): Intent =>
  typeof status !== 'number' ? 'none' : status >= 500 ? 'danger' : status >= 400 ? 'warning' : status >= 300 ? 'primary' : 'success'

/** to the second, in the browser's zone: the detail has the line's own UTC time */
const when = (time: string) => {
  const date = toDate(time)
  return date ? format(date, `${DISPLAY_DATE_FORMAT} HH:mm:ss`) : time
}

function LineRow({ line, onOpen }: { line: AuditLine; onOpen: () => void }) {
  return (
    <tr>
      <td className="audit-trail__time">
        <time dateTime={line.time}>{when(line.time)}</time>
      </td>
      <td>{line.user ?? ''}</td>
      <td>{line.event ?? ''}</td>
      <td>{line.method ?? ''}</td>
      <td className="audit-trail__path">{line.path ?? ''}</td>
      <td>
        {line.status !== undefined && line.status !== null && (
          <Tag minimal intent={statusIntent(line.status)}>
            {line.status}
          </Tag>
        )}
      </td>
      <td>{line.replica ?? ''}</td>
      <td>
        {line.chain !== undefined && line.seq !== undefined && (
          <Button variant="minimal" size="small" icon="eye-open" aria-label={`Details of the line of ${when(line.time)}`} onClick={onOpen}>
            Details
          </Button>
        )}
      </td>
    </tr>
  )
}

/**
 * /auth/audit (issue 43 item 3): the gateway's audit trail for auditors and admins, newest first,
 * filtered and paged by the gateway (GET /api/audit: its database, or its AUDIT_LOG_FILE); the
 * filters, the page's cursor and the open line live in the URL, so a search is a link. Pages go
 * forward by the answer's cursor; the cursors of the pages before are kept for Previous.
 */
export default function AuditPage() {
  usePageTitle(TITLE)
  const search = useSearch()
  const [, navigate] = useLocation()
  const query = useMemo(() => auditQueryOf(search), [search])
  const filters = useMemo(() => filtersOf(query), [query])
  const filterKey = JSON.stringify(filters)
  // the cursors of the pages before this one, for this filter ('' is the first page)
  const [earlier, setEarlier] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] })
  const cursors = earlier.key === filterKey ? earlier.cursors : []
  const { data, error, isLoading, mutate } = useSWR<AuditAnswer>(paths.api.audit.page({ ...filters, after: query.after }), {
    keepPreviousData: true,
  })

  // the filters in their one order, whichever changed: one search, one URL
  const go = useCallback(
    (next: AuditScreenQuery) => navigate(paths.auth.audit.getHref({ ...filtersOf(next), after: next.after, line: next.line })),
    [navigate],
  )
  // stable, reading the filters of the moment: a search box reports its text again whenever this
  // changes (its effect's dependency), which would undo a change the URL made under it (a link, Back)
  const onFilter = useCallback(
    (param: string, value: string) =>
      go({ ...filtersOf(auditQueryOf(window.location.search)), [param]: value === ALL ? undefined : value }),
    [go],
  )
  const next = () => {
    setEarlier({ key: filterKey, cursors: [...cursors, query.after ?? ''] })
    go({ ...filters, after: data?.meta.next })
  }
  const previous = () => {
    setEarlier({ key: filterKey, cursors: cursors.slice(0, -1) })
    go({ ...filters, after: cursors.at(-1) || undefined })
  }
  const open = lineOf(query.line)
  const lines = data?.data ?? []

  let table
  if (error && !data)
    table = (
      <NonIdealState
        icon="error"
        title="The audit trail could not be loaded"
        description={errorText(error)}
        action={<Button icon="refresh" text="Try again" onClick={() => void mutate()} />}
      />
    )
  else if (!data) table = <Spinner aria-label="Loading the audit trail" />
  else if (lines.length === 0)
    table = <NonIdealState icon="search" title="No audit lines" description="No line of the trail matches these filters." />
  else
    table = (
      <div className={isLoading ? 'table-scroll table-scroll--stale' : 'table-scroll'} tabIndex={0} role="region" aria-label={TITLE}>
        <HTMLTable striped compact className="audit-trail__table" aria-label={TITLE}>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Person or client</th>
              <th scope="col">Event</th>
              <th scope="col">Method</th>
              <th scope="col">Path</th>
              <th scope="col">Status</th>
              <th scope="col">Replica</th>
              <th scope="col">
                <span className="audit-trail__hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <LineRow
                key={line.chain !== undefined ? lineName(line.chain, line.seq ?? 0) : index}
                line={line}
                onOpen={() => go({ ...query, line: lineName(line.chain!, line.seq!) })}
              />
            ))}
          </tbody>
        </HTMLTable>
      </div>
    )

  return (
    <div className="page page--wide">
      <header className="page__header">
        <H1 className="page__title">{TITLE}</H1>
        <div className="page__actions">
          <CsvLink href={paths.api.audit.csv(filters)} />
        </div>
      </header>
      <FilterRow filters={AUDIT_FILTER_ROW} values={{ ...filters }} onChange={onFilter} onClear={() => go({})} />
      {table}
      <nav className="audit-trail__pager" aria-label="Pages">
        <ButtonGroup>
          <Button icon="double-chevron-left" disabled={query.after === undefined} onClick={() => go(filters)}>
            Newest
          </Button>
          <Button icon="chevron-left" disabled={query.after === undefined} onClick={previous}>
            Previous
          </Button>
          <Button endIcon="chevron-right" disabled={data?.meta.next === undefined} onClick={next}>
            Next
          </Button>
        </ButtonGroup>
      </nav>
      <AuditLineDrawer line={open} onClose={() => go({ ...query, line: undefined })} />
    </div>
  )
}
