import { TEAM_OPTIONS as TEAMS } from '../constants.js'
import { CREATED_AT_FIELD, ID_FIELD, type ResourceDef } from './types.js'


export const members: ResourceDef = {
  key: 'members',
  path: 'members',
  table: 'members',
  bodyKey: 'member',
  fields: [
    ID_FIELD,
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
    { name: 'email', label: 'Email', type: 'email', required: true, unique: true, maxLength: 254 },
    { name: 'team', label: 'Team', type: 'select', options: TEAMS },
    { name: 'blacklist', label: 'Blacklist', type: 'boolean' },
    { name: 'business_units_id', label: 'Business Unit', type: 'lookup', lookup: { model: 'business_units', labelField: 'name' } },
    { name: 'business_unit_name', label: 'Business Unit', type: 'text', readOnly: true, join: { via: 'business_units_id', column: 'name' } },
    { name: 'departments_id', label: 'Department', type: 'lookup', lookup: { model: 'departments', labelField: 'name' } },
    { name: 'department_name', label: 'Department', type: 'text', readOnly: true, join: { via: 'departments_id', column: 'name' } },
    CREATED_AT_FIELD,
  ],
  columns: ['name', 'email', 'team', 'blacklist', 'business_unit_name', 'department_name'],
  filters: [
    { param: 'by_name', label: 'Name', field: 'name', kind: 'text' },
    { param: 'by_email', label: 'Email', field: 'email', kind: 'text' },
  ],
  defaultSort: 'name',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: { prefix: 'members', columns: ['name', 'email', 'team', 'blacklist', 'business_unit_name', 'department_name'] },
  messages: {
    listTitle: 'Members Table',
    createTitle: 'Add New Member',
    editTitle: 'Edit Member',
    addLabel: 'Add New Member',
    created: 'Successfully added a new member!',
    updated: 'The member has been updated!',
    deleted: 'The member has been deleted!',
    createFailed: 'There was a problem adding this member record. Please try again.',
    updateFailed: 'There was a problem updating this member record. Please try again.',
    submitFailed: null,
    deleteConfirm: 'Sure to delete?',
    editConfirm: 'Are you sure you want to save these changes?',
  },
}
