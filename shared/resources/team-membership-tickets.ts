import { defineResource } from './define-resource.js'
import { ID_FIELD } from './types.js'

/**
 * Membership requests (spec 000 §3, §7): the web posts one when a member is created; the
 * Membership Requests screen lists them. `completed` is read here only; how it changes is not shown.
 */
export const teamMembershipTickets = defineResource({
  key: 'team_membership_tickets',
  noun: 'membership request',
  fields: [
    ID_FIELD,
    { name: 'requesting_principal_user_id', label: 'Requesting User', type: 'email', required: true, maxLength: 254 },
    { name: 'department', label: 'Department', type: 'text', maxLength: 200 },
    { name: 'business_unit', label: 'Business Unit', type: 'text', maxLength: 200 },
    { name: 'requested_date', label: 'Requested Date', type: 'datetime', readOnly: true },
    { name: 'completed', label: 'Completed', type: 'boolean' },
  ],
  columns: ['requesting_principal_user_id', 'department', 'business_unit', 'requested_date', 'completed'],
  filters: [],
  defaultSort: '-requested_date',
  // its screen is /auth/membership-requests, not a generic /auth/<action>/<model> one
  actions: [],
  // spec 000 §7: POST /team_membership_tickets is sent when a member is created
  writes: ['create'],
  messages: {
    listTitle: 'Membership Requests',
    createTitle: 'New Membership Request',
    editTitle: 'Edit Membership Request',
    addLabel: 'New Membership Request',
    created: 'Your request has been submitted!',
    updated: 'The membership request has been updated!',
    deleted: 'The membership request has been deleted!',
    createFailed: 'There was a problem submitting this request. Please try again.',
    updateFailed: 'There was a problem updating this request. Please try again.',
  },
})
