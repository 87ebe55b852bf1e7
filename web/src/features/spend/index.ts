/** Spend (issue 42 item 1): what it adds to the cost center's record page (assembled in app/resource-overrides.tsx). */
export { CostCenterSpend } from './cost-center-spend.js'
// issue 42 item 2: the anomalies, on the cost center's record page (its own) and the Statistics page (app/dash-stats-screen.tsx)
export { SpendAnomalies } from './spend-anomalies.js'
