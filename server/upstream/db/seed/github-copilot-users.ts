import type { ModelSeed } from './types.js'

export const githubCopilotUsersSeed: ModelSeed = {
  model: 'github_copilot_users',
  rows: [
    {
      github_username: 'amartin-ccoe',
      name: 'Alice Martin',
      cost_center: '1000-CCOE-01',
      cloud_contact_id: 'alice.martin@example.com',
      github_organization_app_id: 'ccoe-platform',
      easy_vista_ticket_number: 'EV-240311',
      requestor: 'alice.martin@example.com',
    },
    {
      github_username: 'brossi-dev',
      name: 'Bruno Rossi',
      cost_center: '3100-GAM-07',
      cloud_contact_id: 'bruno.rossi@example.com',
      github_organization_app_id: 'gaming-studios',
      easy_vista_ticket_number: 'EV-240318',
      requestor: 'bruno.rossi@example.com',
    },
    {
      github_username: 'cnguyen',
      name: 'Chloe Nguyen',
      cost_center: '1000-CCOE-01',
      cloud_contact_id: 'chloe.nguyen@example.com',
      github_organization_app_id: 'ccoe-platform',
      easy_vista_ticket_number: 'EV-240402',
      requestor: 'alice.martin@example.com',
    },
  ],
}
