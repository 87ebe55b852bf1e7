import type { ModelSeed } from './types.js'

// requested_date is read-only through the API (the database stamps it), so the demo rows are all "now"
export const teamMembershipTicketsSeed: ModelSeed = {
  model: 'team_membership_tickets',
  rows: [
    { requesting_principal_user_id: 'farid.haddad@example.com', department: 'Information Security', business_unit: 'CIO', completed: true },
    // filed as Add New Member files it: the department typed beside Other replaces it (spec 000 §5)
    {
      requesting_principal_user_id: 'grace.lindqvist@example.com',
      department: 'Marketing Technology',
      business_unit: 'BET',
      completed: false,
    },
    { requesting_principal_user_id: 'ivan.petrov@example.com', department: 'Cloud Operations', business_unit: 'GAM', completed: false },
  ],
}
