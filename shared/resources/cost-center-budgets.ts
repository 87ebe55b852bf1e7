import { DEFAULT_THRESHOLDS, THRESHOLDS_HINT } from '../rules/budgets.js'
import { defineResource, textFilter, withLabel } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/**
 * Cost center budgets (issue 42 item 3): what a cost center may spend a month in one currency, and
 * the shares of it (percent) whose crossing is worth a warning. One budget per cost center and
 * currency (migration 056); the Spend screen and the cost center page show each budget's month to
 * date, its run-rate forecast and the thresholds crossed (routes/cost-center-budgets/status.ts).
 */
export const costCenterBudgets = defineResource({
  key: 'cost_center_budgets',
  noun: 'cost center budget',
  fields: [
    ID_FIELD,
    ...withLabel(
      {
        name: 'cost_center_id',
        label: 'Cost Center',
        type: 'lookup',
        required: true,
        lookup: { model: 'cost_centers', labelField: 'identifier' },
      },
      'cost_center_identifier',
    ),
    // numeric(14, 2): bounded so that a threshold's share of it is exact in a double (shared/rules/budgets.ts)
    { name: 'amount', label: 'Monthly Amount', type: 'number', required: true, range: { min: 0.01, max: 1e10 }, currency: 'currency' },
    // an ISO 4217 code (shared/rules/budgets.ts): bills count toward the budget of their own currency
    { name: 'currency', label: 'Currency', type: 'text', required: true, maxLength: 3, placeholder: 'USD' },
    {
      name: 'thresholds',
      label: 'Alert Thresholds (%)',
      type: 'text',
      maxLength: 100,
      default: DEFAULT_THRESHOLDS.join(', '),
      placeholder: THRESHOLDS_HINT,
    },
    CREATED_AT_FIELD,
  ],
  columns: ['cost_center_identifier', 'amount', 'currency', 'thresholds', 'created_at'],
  filters: [textFilter('cost_center_identifier', 'Cost Center')],
  defaultSort: 'cost_center_identifier',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: { prefix: 'cost_center_budgets' },
  messages: { duplicate: 'This cost center has a budget in this currency already' },
})
