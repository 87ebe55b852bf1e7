import type { ModelSeed } from './types.js'

export const sapCostCentersSeed: ModelSeed = {
  model: 'sap_cost_centers',
  rows: [
    { identifier: 'SAP-1000-4711', cloud_contact_id: 'alice.martin@example.com', companies_id: '1000' },
    { identifier: 'SAP-2000-1802', cloud_contact_id: 'chloe.nguyen@example.com', companies_id: '2000' },
    { identifier: 'SAP-4100-0930', cloud_contact_id: 'david.okafor@example.com', companies_id: '4100' },
  ],
}
