import type { ModelSeed } from './types.js'

// a replacement names a network seeded before it
export const costCenterNetworksSeed: ModelSeed = {
  model: 'cost_center_networks',
  rows: [
    {
      identifier: 'NET-1000-01',
      cost_center_id: '1000-CCOE-01',
      active_at: '2024-02-01T00:00:00.000Z',
      expired_at: null,
      new_network_id: null,
    },
    {
      identifier: 'NET-1000-02',
      cost_center_id: '1000-CCOE-01',
      active_at: '2025-02-01T00:00:00.000Z',
      expired_at: null,
      new_network_id: null,
    },
    {
      identifier: 'NET-1000-00',
      cost_center_id: '1000-CCOE-01',
      active_at: '2022-02-01T00:00:00.000Z',
      expired_at: '2025-01-31T23:59:59.000Z',
      new_network_id: 'NET-1000-02',
    },
    {
      identifier: 'NET-3100-07',
      cost_center_id: '3100-GAM-07',
      active_at: '2024-06-01T00:00:00.000Z',
      expired_at: null,
      new_network_id: null,
    },
    {
      identifier: 'NET-2000-12',
      cost_center_id: '2000-LOT-12',
      active_at: '2023-09-01T00:00:00.000Z',
      expired_at: null,
      new_network_id: null,
    },
    {
      identifier: 'NET-4100-03',
      cost_center_id: '4100-BET-03',
      active_at: '2025-03-15T00:00:00.000Z',
      expired_at: null,
      new_network_id: null,
    },
    {
      identifier: 'NET-WBS-CORP-01',
      cost_center_id: 'WBS-CORP-2024-01',
      active_at: '2024-01-01T00:00:00.000Z',
      expired_at: null,
      new_network_id: null,
    },
  ],
  createdDaysAgo: [400, 120, 700, 200, 20, 45, 300],
}
