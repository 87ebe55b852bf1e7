/** Spend (issue 42 item 1): what it adds to the cost center's record page (assembled in app/resource-overrides.tsx). */
export { CostCenterSpend } from './cost-center-spend.js'
