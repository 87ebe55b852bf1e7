import { choiceFilter, defineResource, textFilter } from './define-resource.js'
import { BUSINESS_UNIT_LABELS, BUSINESS_UNIT_OPTIONS, OTHER_DEPARTMENT, TEAM_OPTIONS as TEAMS } from '../constants.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/** The centre-of-excellence member group; its API path swaps the first underscore for a slash. */
export const dcoeMembers = defineResource({
  key: 'dcoe_members',
  noun: 'member',
  path: 'dcoe/members',
  bodyKey: 'member',
  fields: [
    ID_FIELD,
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
    { name: 'email', label: 'Email', type: 'email', required: true, unique: true, maxLength: 254 },
    { name: 'department', label: 'Department', type: 'text', maxLength: 200 },
    { name: 'other_department', label: 'If Other, Department', type: 'text', maxLength: 200 },
    { name: 'business_unit', label: 'Business Unit', type: 'select', options: BUSINESS_UNIT_OPTIONS, optionLabels: BUSINESS_UNIT_LABELS },
    { name: 'team', label: 'Team', type: 'select', options: TEAMS },
    { name: 'teams_included', label: 'Teams Member', type: 'boolean' },
    { name: 'dl_included', label: 'DL Member', type: 'boolean' },
    { name: 'blacklist', label: 'Blacklist', type: 'boolean' },
    CREATED_AT_FIELD,
  ],
  columns: ['name', 'email', 'department', 'business_unit', 'team', 'teams_included', 'dl_included', 'blacklist'],
  filters: [
    textFilter('name', 'Name'),
    textFilter('email', 'Email'),
    {
      param: 'by_department',
      label: 'Department',
      field: 'department',
      kind: 'exact',
      lookup: { model: 'departments', labelField: 'name' },
      options: [OTHER_DEPARTMENT],
    },
    choiceFilter('business_unit', 'Business Unit', BUSINESS_UNIT_OPTIONS, BUSINESS_UNIT_LABELS),
    choiceFilter('team', 'Team', TEAMS),
  ],
  defaultSort: 'name',
  // spec 000 §4: the member list has an edit mode; team and lists are set there (issue 39 item 3)
  actions: ['view', 'create', 'edit'],
  // spec 000 §7: the list toggles blacklist with PUT /dcoe/members/{id}
  writes: ['create', 'update'],
  csv: { prefix: 'dcoe_members' },
  messages: {
    menuLabel: 'CODE Members',
    created: 'Successfully added a new member!',
    updated: 'Succesfully updated the blacklist!',
    updateFailed: 'There was a problem when updating the member blacklist Please try again.',
  },
})
