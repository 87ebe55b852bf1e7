import { Button, H1, H2, NonIdealState } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { CLOUD_PROVIDER_LABELS } from '../../../../shared/rules/posture.js'
import { Statistics } from '../../components/statistics/index.js'
import { errorText } from '../../lib/api-client.js'
import { useDashboardMeta } from '../../lib/dashboard.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import { PieChart, type PieSlice } from './pie-chart.js'
import './cloud-parents.css'

const slicesOf = (counts: Record<string, number> | undefined, label: (key: string) => string = (k) => k): PieSlice[] =>
  Object.entries(counts ?? {})
    .map(([key, count]) => ({ label: label(key), count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))

/**
 * /auth/dash-stats (spec 000 §2): the four Statistics cards and three pies, all from the dashboard
 * meta of `GET cloud_parents`. Victory loads with this route's chunk only. `children`: what other
 * domains add below (the spend anomalies, assembled in app/dash-stats-screen.tsx).
 */
export default function DashStatsPage({ children }: { children?: ReactNode }) {
  usePageTitle('Statistics')
  const { data, error, mutate } = useDashboardMeta()
  const meta = data?.meta
  return (
    <div className="page page--wide">
      <header className="page__header">
        <H1 className="page__title">Statistics</H1>
      </header>
      <Statistics />
      <H2 className="section-title">Cloud Overview</H2>
      {error && !data ? (
        <NonIdealState
          icon="error"
          title="The statistics could not be loaded"
          description={errorText(error)}
          action={<Button icon="refresh" text="Try again" onClick={() => void mutate()} />}
        />
      ) : meta ? (
        <div className="pie-grid">
          <PieChart title="Cloud Deployments" slices={slicesOf(meta.cloud_deployments_count)} />
          <PieChart title="Cloud Providers" slices={slicesOf(meta.cloud_provider_count, (k) => CLOUD_PROVIDER_LABELS[k] ?? k)} />
          <PieChart title="Cloud Types" slices={slicesOf(meta.cloud_form_count)} />
        </div>
      ) : null}
      {children}
    </div>
  )
}
