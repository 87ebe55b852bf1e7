import type { ModelSeed } from './types.js'

/**
 * Issue 42 items 3 and 6: budgets against the demo bills of the first start's month (cloud-bills.ts:
 * USD 1,200.00 for 1000-CCOE-01, USD 7,271.30 for 3100-GAM-07 with its anomaly, USD 2,861.00 for 2000-LOT-12), so a
 * new user sees a budget over its thresholds, one past its first warning, one well within, and one
 * in a currency the cost center is not billed in (nothing spent).
 */
export const costCenterBudgetsSeed: ModelSeed = {
  model: 'cost_center_budgets',
  rows: [
    { cost_center_id: '1000-CCOE-01', amount: 1000, currency: 'USD', thresholds: '80, 100' },
    { cost_center_id: '3100-GAM-07', amount: 8500, currency: 'USD', thresholds: '80, 100' },
    { cost_center_id: '2000-LOT-12', amount: 10000, currency: 'USD', thresholds: '50, 80, 100' },
    { cost_center_id: '4100-BET-03', amount: 500, currency: 'EUR', thresholds: '90, 100, 120' },
  ],
  createdDaysAgo: [30, 25, 12, 3],
}
