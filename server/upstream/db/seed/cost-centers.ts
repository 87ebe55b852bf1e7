import type { ModelSeed } from './types.js'

// lookups by label: owner email, company code, business unit and department names
export const costCentersSeed: ModelSeed = {
  model: 'cost_centers',
  rows: [
    {
      identifier: '1000-CCOE-01',
      cloud_contact_id: 'alice.martin@example.com',
      companies_id: '1000',
      business_units_id: 'Cloud Centre of Excellence',
      departments_id: 'Cloud Engineering',
      approved: true,
      active_at: '2024-02-01T00:00:00.000Z',
    },
    {
      identifier: '3100-GAM-07',
      cloud_contact_id: 'bruno.rossi@example.com',
      companies_id: '3100',
      business_units_id: 'Gaming',
      departments_id: 'Application Development',
      approved: true,
      active_at: '2024-02-01T00:00:00.000Z',
    },
    {
      identifier: '2000-LOT-12',
      cloud_contact_id: 'chloe.nguyen@example.com',
      companies_id: '2000',
      business_units_id: 'Lottery',
      departments_id: 'Data & Analytics',
      approved: true,
      active_at: '2024-05-01T00:00:00.000Z',
    },
    {
      identifier: '4100-BET-03',
      cloud_contact_id: 'david.okafor@example.com',
      companies_id: '4100',
      business_units_id: 'Digital & Betting',
      departments_id: 'Cloud Operations',
      approved: false,
      active_at: '2024-09-01T00:00:00.000Z',
    },
    {
      identifier: 'WBS-CORP-2024-01',
      cloud_contact_id: 'emma.schultz@example.com',
      companies_id: '1000',
      business_units_id: 'Corporate',
      departments_id: 'Finance',
      approved: true,
      active_at: '2024-01-01T00:00:00.000Z',
      expired_at: '2025-01-31T23:59:59.000Z',
    },
  ],
  // one for each created-within choice of the list's filter (30, 60, 90, older)
  createdDaysAgo: [10, 45, 75, 120, 400],
}
