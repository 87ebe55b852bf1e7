import type { ModelSeed } from './types.js'

// Demo keys are placeholders, not keys: the API never answers with them anyway (write-only).
const demoKey = (name: string) => `-----BEGIN RSA PRIVATE KEY-----\ndemo key of ${name}\n-----END RSA PRIVATE KEY-----`

export const githubOrganizationAppsSeed: ModelSeed = {
  model: 'github_organization_apps',
  rows: [
    {
      name: 'ccoe-platform',
      description: 'Cloud Center of Excellence platform repositories',
      app_id: '104211',
      client_id: 'Iv1.8a61f2c4e0b7d913',
      private_key: demoKey('ccoe-platform'),
      cost_centers_id: '1000-CCOE-01',
      team_selection: true,
      exclude_form: false,
      copilot_enabled: true,
    },
    {
      name: 'gaming-studios',
      description: 'Game studio source and build pipelines',
      app_id: '104377',
      client_id: 'Iv1.3f90c17ab2e45d68',
      private_key: demoKey('gaming-studios'),
      cost_centers_id: '3100-GAM-07',
      team_selection: true,
      exclude_form: false,
      copilot_enabled: true,
    },
    {
      name: 'lottery-systems',
      description: 'Lottery back office services',
      app_id: '104502',
      client_id: 'Iv1.c2d4e6f8a0b1c3e5',
      private_key: demoKey('lottery-systems'),
      cost_centers_id: '2000-LOT-12',
      team_selection: false,
      exclude_form: true,
      copilot_enabled: false,
    },
  ],
}
