import { H2, NonIdealState, Spinner, Tag } from '@blueprintjs/core'
import { getResource, type ModelRecord } from '../../../shared/resources/index.js'
import type { FieldChanges } from '../../../shared/resources/record-changes.js'
import { LinkButton } from '../components/links/index.js'
import { paths } from '../config/paths.js'
import { errorText } from '../lib/api-client.js'
import { formatDisplayDateTime } from '../lib/dates.js'
import { plural } from '../../../shared/plural.js'
import { useResourceList } from '../lib/resource-api.js'
import { ACTION_LABELS, changeLines, changeLineText } from './change-lines.js'
import { useResource } from '../lib/resource-context.js'
import './record-history.css'

/** The newest entries the page shows; the rest are a link away (the change log's own list, with its CSV). */
export const HISTORY_SHOWN = 10

const CHANGE_LOG = getResource('record_changes')
const ACTION_INTENTS = { create: 'success', update: 'primary', delete: 'danger' } as const

/**
 * A record page's History (issue 27 item 7): who changed which fields from what to what, and when,
 * newest first, read from the change log the upstream writes with each change. A deleted record
 * has no page: its history, the delete last, is the change log's list filtered on it.
 */
export function RecordHistory({ recordId }: { recordId: number }) {
  const resource = useResource()
  const { data, error, isLoading } = useResourceList(CHANGE_LOG, {
    page: 1,
    perPage: HISTORY_SHOWN,
    sort: '-changed_at',
    filters: { by_model: resource.key, by_record_id: String(recordId) },
  })
  const entries = data?.data ?? []
  const total = data?.meta.total ?? 0

  let body
  if (isLoading) body = <Spinner size={24} aria-label="Loading the history" />
  else if (error) body = <NonIdealState icon="error" title="The history could not be loaded" description={errorText(error)} />
  else if (entries.length === 0)
    body = <NonIdealState icon="history" title="No changes recorded" description="Changes made from now on will show here." />
  else
    body = (
      <>
        <ol className="record-history__entries" aria-labelledby="record-history-title">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} model={resource.key} entry={entry} />
          ))}
        </ol>
        <LinkButton href={paths.auth.recordChanges.getHref(resource.key, recordId)} icon="history" minimal>
          {total > entries.length ? `All ${plural(total, 'change')}` : 'View in the change log'}
        </LinkButton>
      </>
    )

  return (
    <section className="record-history" aria-labelledby="record-history-title">
      <H2 id="record-history-title" className="section-title">
        History
      </H2>
      {body}
    </section>
  )
}

function HistoryEntry({ model, entry }: { model: string; entry: ModelRecord<'record_changes'> }) {
  const { action } = entry
  const lines = changeLines(model, (entry.changes ?? {}) as FieldChanges)
  return (
    <li className="record-history__entry">
      <div className="record-history__meta">
        <Tag minimal intent={ACTION_INTENTS[action]}>
          {ACTION_LABELS[action]}
        </Tag>
        <time dateTime={String(entry.changed_at)}>{formatDisplayDateTime(entry.changed_at)}</time>
        <span className="record-history__who">{typeof entry.changed_by === 'string' ? entry.changed_by : 'someone unnamed'}</span>
        {/* a change an upload or another special call made names it (issue 37); the record's own edits name none */}
        {typeof entry.source === 'string' && <span className="record-history__who">via {entry.source}</span>}
      </div>
      <ul className="record-history__changes">
        {lines.map((line) => (
          <li key={line.name} title={changeLineText(line)}>
            <span className="record-history__label">{line.label}:</span> {line.hidden ? 'changed (not shown)' : `${line.from} → ${line.to}`}
          </li>
        ))}
      </ul>
    </li>
  )
}
