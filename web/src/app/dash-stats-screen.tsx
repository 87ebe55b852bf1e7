import DashStatsPage from '../features/cloud-parents/dash-stats-page.js'
import { SpendAnomalies } from '../features/spend/index.js'

/** The Statistics page (spec 000 §2) with this month's spend anomalies below (issue 42 item 2). */
export default function DashStatsScreen() {
  return (
    <DashStatsPage>
      <SpendAnomalies query={{}} title="Spend Anomalies, this month" id="stats-anomalies-title" />
    </DashStatsPage>
  )
}
