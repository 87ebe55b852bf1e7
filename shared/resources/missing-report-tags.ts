import { MESSAGES } from '../messages.js'
import { defineResource } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/**
 * The missing-tags report configs (spec 000 §2, §3, §5, §7): a print message, unique, and the terms
 * the report ignores, a list sent as JSON text. Their own screen (/auth/missing-tags-report) lists,
 * edits, adds and deletes them; no generic screen, so no menu entry of the registry.
 */
export const missingReportTags = defineResource({
  key: 'missing_report_tags',
  noun: 'config',
  fields: [
    ID_FIELD,
    {
      name: 'print_debug_message',
      label: 'Print Message',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 500,
      texts: { required: MESSAGES.printMessageRequired },
    },
    {
      name: 'terms_to_ignore',
      label: 'Terms to Ignore',
      type: 'list',
      required: true,
      texts: { required: MESSAGES.termRequired, itemRequired: MESSAGES.termValueRequired },
    },
    CREATED_AT_FIELD,
  ],
  columns: ['print_debug_message', 'terms_to_ignore'],
  defaultSort: 'print_debug_message',
  actions: [],
  writes: ['create', 'update', 'delete'],
  // spec 000 §8: 'Successfully updated/added/removed ...'; the failures follow the formula
  messages: {
    listTitle: 'Missing Report Tags',
    created: 'Successfully added the config record!',
    updated: 'Successfully updated the config record!',
    deleted: 'Successfully removed the config record!',
    duplicate: MESSAGES.printMessageExists,
  },
})
