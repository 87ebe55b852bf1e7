import type { ModelSeed } from './types.js'

// requested_date is read-only through the API (the database stamps it), so the demo rows are all "now"
export const teamMembershipTicketsSeed: ModelSeed = {
  model: 'team_membership_tickets',
  rows: [
    { requesting_principal_user_id: 'farid.haddad@example.com', department: 'Information Security', business_unit: 'CIO', completed: true },
    { requesting_principal_user_id: 'grace.lindqvist@example.com', department: 'Other', business_unit: 'BET', completed: false },
    { requesting_principal_user_id: 'ivan.petrov@example.com', department: 'Cloud Operations', business_unit: 'GAM', completed: false },
  ],
}
