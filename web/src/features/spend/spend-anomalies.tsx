import { Button, Callout, Card, Classes, H3, Intent, Spinner, Tag } from '@blueprintjs/core'
import { useState } from 'react'
import useSWR from 'swr'
import { Link } from 'wouter'
import { formatAmount } from '../../../../shared/amounts.js'
import { CLOUD_LABELS } from '../../../../shared/constants.js'
import type {
  Growth,
  GrowthDimension,
  SpendAnomaliesAnswer,
  SpendAnomaliesQuery,
  SpendAnomaly,
} from '../../../../shared/schemas/spend-anomalies.js'
import { Permitted } from '../../components/permitted/index.js'
import { paths } from '../../config/paths.js'
import { need } from '../../lib/access.js'
import { errorText } from '../../lib/api-client.js'
import { formatDisplayDateTime } from '../../lib/dates.js'
import { AcknowledgeDialog, ACKNOWLEDGEMENTS } from './acknowledge-dialog.js'
import { monthLabel } from './spend-query.js'

const DIMENSIONS: Record<GrowthDimension, string> = { provider: 'Provider', account: 'GL account', line: 'Bill lines' }
const percent = (share: number) => `${Math.round(share * 100)} %`
const growthName = (g: Growth) => (g.dimension === 'provider' ? (CLOUD_LABELS[g.name] ?? g.name) : g.name || '(none)')
const keyOf = (a: SpendAnomaly) => `${a.month} ${a.identifier} ${a.currency ?? ''}`

export interface SpendAnomaliesProps {
  /** the call's query: the months looked at and whose */
  query: SpendAnomaliesQuery
  /** the section's heading */
  title: string
  /** the heading's id (a page has several sections) */
  id: string
}

/** What grew in an anomaly: per provider, GL account and bill line, its share of the increases of its kind. */
function WhatGrew({ anomaly }: { anomaly: SpendAnomaly }) {
  return (
    <dl className="anomaly__grew">
      {(Object.keys(DIMENSIONS) as GrowthDimension[]).map((dimension) => {
        const items = anomaly.grew.filter((g) => g.dimension === dimension)
        if (items.length === 0) return null
        return (
          <div key={dimension}>
            <dt>{DIMENSIONS[dimension]}</dt>
            <dd>
              {items.map((g) => (
                <span className="anomaly__growth" key={g.name}>
                  {growthName(g)} <strong>{percent(g.share)}</strong>{' '}
                  <span className={Classes.TEXT_MUTED}>
                    (+{formatAmount(g.increase, anomaly.currency)}
                    {g.dimension === 'line' && g.references.length > 0 ? `, ${g.references.join(', ')}` : ''})
                  </span>
                </span>
              ))}
            </dd>
          </div>
        )
      })}
    </dl>
  )
}

function AnomalyCard({ anomaly, onAcknowledge }: { anomaly: SpendAnomaly; onAcknowledge: () => void }) {
  const ack = anomaly.acknowledgement
  const name = `${anomaly.identifier}, ${monthLabel(anomaly.month)}${anomaly.currency ? ` (${anomaly.currency})` : ''}`
  return (
    <Card className="anomaly" role="article" aria-label={`Anomaly of ${name}`}>
      <div className="anomaly__head">
        <H3 className="anomaly__title">
          {anomaly.cost_center_id !== null ? (
            <Link href={paths.auth.resource.getHref('view', 'cost_centers', anomaly.cost_center_id)}>{anomaly.identifier}</Link>
          ) : (
            anomaly.identifier
          )}
          <span className={Classes.TEXT_MUTED}> · {monthLabel(anomaly.month)}</span>
        </H3>
        {ack ? (
          <Tag intent={Intent.SUCCESS} minimal icon="endorsed">
            Acknowledged
          </Tag>
        ) : (
          <Tag intent={Intent.WARNING} minimal icon="warning-sign">
            Not acknowledged
          </Tag>
        )}
      </div>
      <p className="anomaly__figures">
        <strong>{formatAmount(anomaly.amount, anomaly.currency)}</strong>
        {anomaly.ratio !== null ? `, ${anomaly.ratio.toLocaleString('en-US')} times` : ', against'} the median of{' '}
        {formatAmount(anomaly.baseline, anomaly.currency)} over the {anomaly.baseline_months} months before:{' '}
        <strong>+{formatAmount(anomaly.increase, anomaly.currency)}</strong>
      </p>
      <WhatGrew anomaly={anomaly} />
      {ack && (
        <blockquote className="anomaly__note">
          {ack.note}
          <footer className={Classes.TEXT_MUTED}>
            {ack.by ?? 'Someone'}, {formatDisplayDateTime(ack.at)}
          </footer>
        </blockquote>
      )}
      <div className="anomaly__actions">
        <Permitted need={need.model(ACKNOWLEDGEMENTS, ack ? 'update' : 'create')}>
          <Button
            icon={ack ? 'edit' : 'endorsed'}
            text={ack ? 'Change note' : 'Acknowledge'}
            aria-label={`${ack ? 'Change note of' : 'Acknowledge'} ${name}`}
            onClick={onAcknowledge}
          />
        </Permitted>
        {ack && (
          <Link className="anomaly__history" href={paths.auth.recordChanges.getHref(ACKNOWLEDGEMENTS.key, ack.id)}>
            History<span className={Classes.TEXT_MUTED}> of the acknowledgement of {name}</span>
          </Link>
        )}
      </div>
    </Card>
  )
}

/**
 * Spend anomalies (issue 42 item 2): the months of `query` whose spend stands out from the median of
 * the 6 before, with what grew and the acknowledgement; the Spend, Statistics and cost center pages
 * show it. The rule's settings come with the answer, so the text says the rule applied.
 */
export function SpendAnomalies({ query, title, id }: SpendAnomaliesProps) {
  const [open, setOpen] = useState<SpendAnomaly | null>(null)
  const {
    data: answer,
    error,
    mutate,
  } = useSWR<SpendAnomaliesAnswer>(paths.api.cloudBills.spendAnomalies.getHref({ ...query }), {
    keepPreviousData: true,
  })
  const rule = answer?.meta.rule
  return (
    <section className="page__section anomalies" aria-labelledby={id}>
      <h2 id={id} className={Classes.HEADING}>
        {title}
      </h2>
      {rule && (
        <p className={Classes.TEXT_MUTED}>
          A month is an anomaly when its spend is at least {rule.factor.toLocaleString('en-US')} times the median of the{' '}
          {rule.baseline_months} months before and at least {rule.floor.toLocaleString('en-US')} above it, per currency.
        </p>
      )}
      {error && !answer ? (
        <Callout intent={Intent.DANGER} title="The anomalies could not be loaded">
          {errorText(error)}
        </Callout>
      ) : !answer ? (
        <Spinner aria-label="Loading the anomalies" size={20} />
      ) : answer.data.length === 0 ? (
        <p>No anomalies.</p>
      ) : (
        <div className="anomalies__list">
          {answer.data.map((a) => (
            <AnomalyCard key={keyOf(a)} anomaly={a} onAcknowledge={() => setOpen(a)} />
          ))}
          {answer.meta.count > answer.data.length && (
            <p className={Classes.TEXT_MUTED}>
              {answer.data.length} of {answer.meta.count} anomalies, the largest increases first.
            </p>
          )}
        </div>
      )}
      <AcknowledgeDialog anomaly={open} onClose={() => setOpen(null)} onSaved={() => void mutate()} />
    </section>
  )
}
