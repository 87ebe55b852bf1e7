import { defineResource } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/**
 * Issue 42 item 2: an anomaly of a cost center's monthly spend acknowledged with a note, one per
 * cost center, month (its first day) and currency, as GET /cloud_bills/spend_anomalies keys them.
 * A model of the registry so the generic CRUD writes it and the change log keeps who acknowledged,
 * when, and each later note (the anomaly lists show the latest entry). Its screens are the anomaly
 * panels of the Spend, Statistics and cost center pages, not generic ones.
 */
export const spendAnomalyAcknowledgements = defineResource({
  key: 'spend_anomaly_acknowledgements',
  noun: 'anomaly acknowledgement',
  fields: [
    ID_FIELD,
    { name: 'identifier', label: 'Cost Center', type: 'text', required: true, maxLength: 100 },
    // any day of the anomaly's month names it (the web sends the first); one acknowledgement per month
    { name: 'month', label: 'Month', type: 'date', required: true },
    // bills without a currency are an anomaly of their own: null here
    { name: 'currency', label: 'Currency', type: 'text', maxLength: 10 },
    { name: 'note', label: 'Note', type: 'text', required: true, maxLength: 2000 },
    CREATED_AT_FIELD,
  ],
  columns: ['month', 'identifier', 'currency', 'note', 'created_at'],
  defaultSort: '-month',
  actions: [],
  writes: ['create', 'update'],
  messages: {
    listTitle: 'Anomaly Acknowledgements',
    duplicate: 'This anomaly is acknowledged already: change its note instead',
  },
})
