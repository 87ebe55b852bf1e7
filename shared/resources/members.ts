import { defineResource, withLabel, textFilter } from './define-resource.js'
import { TEAM_OPTIONS as TEAMS } from '../constants.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

export const members = defineResource({
  key: 'members',
  noun: 'member',
  fields: [
    ID_FIELD,
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
    { name: 'email', label: 'Email', type: 'email', required: true, unique: true, maxLength: 254 },
    { name: 'team', label: 'Team', type: 'select', options: TEAMS },
    { name: 'blacklist', label: 'Blacklist', type: 'boolean' },
    ...withLabel(
      { name: 'business_units_id', label: 'Business Unit', type: 'lookup', lookup: { model: 'business_units', labelField: 'name' } },
      'business_unit_name',
    ),
    ...withLabel(
      { name: 'departments_id', label: 'Department', type: 'lookup', lookup: { model: 'departments', labelField: 'name' } },
      'department_name',
    ),
    CREATED_AT_FIELD,
  ],
  columns: ['name', 'email', 'team', 'blacklist', 'business_unit_name', 'department_name'],
  filters: [textFilter('name', 'Name'), textFilter('email', 'Email')],
  defaultSort: 'name',
  actions: ['view', 'create', 'edit', 'crud'],
  csv: { prefix: 'members' },
  messages: {
    // every member, the CODE member group's included (spec 001 §1): not the Members Table of spec 000 §2,
    // which is the group's (dcoe_members, the Members menu's Members)
    listTitle: 'All Members Table',
    created: 'Successfully added a new member!',
    updated: 'The member has been updated!',
  },
})
