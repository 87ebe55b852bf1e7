import { defineResource, textFilter } from './define-resource.js'
import { ID_FIELD } from './types.js'

/**
 * Microsoft approvals (spec 001 §2, §3, §7): requests of Microsoft's Approvals, edited and deleted
 * inline. Their dates are the approval's own (spec §7 sends created_at and updated_at on PUT), so they
 * are written like any field; the database fills them with now() when a new row leaves them out.
 * assigned_to is a list of people (spec 001 §3): written as a JSON array of texts, or as one text;
 * stored and answered as one text, the emails separated by ', ' (as the table and the CSV show them).
 */
export const microsoftApprovals = defineResource({
  key: 'microsoft_approvals',
  noun: 'Microsoft approval',
  title: 'Microsoft Approval',
  fields: [
    ID_FIELD,
    { name: 'status', label: 'Status', type: 'text', required: true, maxLength: 50 },
    { name: 'approval_id', label: 'Approval ID', type: 'text', required: true, unique: true, maxLength: 100 },
    { name: 'approval_type', label: 'Approval Type', type: 'text', maxLength: 100 },
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 500 },
    // spec 001 §3: a list; a write sends it as a JSON array or as the text answers give
    { name: 'assigned_to', label: 'Assigned To', type: 'text', maxLength: 2000, joinedList: ', ' },
    { name: 'requested_by', label: 'Requested By', type: 'text', maxLength: 254 },
    { name: 'created_at', label: 'Created', type: 'datetime' },
    { name: 'updated_at', label: 'Updated', type: 'datetime' },
  ],
  columns: ['status', 'approval_id', 'approval_type', 'title', 'assigned_to', 'requested_by', 'created_at', 'updated_at'],
  filters: [textFilter('title', 'Title'), textFilter('status', 'Status')],
  defaultSort: '-created_at',
  // spec 001 §2: 'Microsoft Approvals: inline edit and delete'; the list and one approval read-only
  // too, as every model of spec 000 §2 has (issue 8: /auth/view/{model}/{id} for every model)
  actions: ['view', 'crud'],
  csv: { prefix: 'microsoft_approvals' },
})
