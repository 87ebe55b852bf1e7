import type { ModelSeed } from './types.js'

const project = (identifier: string, network: string, sap: string, ppm: string, more: Record<string, string | boolean | null> = {}) => ({
  identifier,
  cost_center_network_id: network,
  sap_project_name: sap,
  ppm_project_name: ppm,
  active: true,
  active_at: '2024-02-01T00:00:00.000Z',
  expired_at: null,
  end_date: null,
  new_project_id: null,
  ...more,
})

// a replacement names a project seeded before it
export const projectIdsSeed: ModelSeed = {
  model: 'project_ids',
  rows: [
    project('P-100001', 'NET-1000-01', 'CCoE Landing Zone', 'PPM-LZ-2024'),
    project('P-100002', 'NET-1000-02', 'CCoE Portal', 'PPM-PORTAL-2025', { active_at: '2025-02-01T00:00:00.000Z' }),
    project('P-099950', 'NET-1000-00', 'CCoE Landing Zone (old)', 'PPM-LZ-2022', {
      active: false,
      active_at: '2022-02-01T00:00:00.000Z',
      expired_at: '2025-01-31T23:59:59.000Z',
      end_date: '2025-01-31',
      new_project_id: 'P-100001',
    }),
    project('P-310007', 'NET-3100-07', 'Studio Build Farm', 'PPM-GAM-BUILD', { active_at: '2024-06-01T00:00:00.000Z' }),
    project('P-200012', 'NET-2000-12', 'Lottery Draw Platform', 'PPM-LOT-DRAW', {
      active_at: '2023-09-01T00:00:00.000Z',
      end_date: '2027-08-31',
    }),
    project('P-410003', 'NET-4100-03', 'Betting Odds Engine', 'PPM-BET-ODDS', { active_at: '2025-03-15T00:00:00.000Z' }),
  ],
}
