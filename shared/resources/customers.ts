import { MESSAGES } from '../messages.js'
import { defineResource } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/**
 * Customers (spec 000 §2, §3, §5, §7): a unique name and its Salesforce ids, a list sent as JSON
 * text. The same screen pattern as the missing-tags report configs (/auth/customers).
 */
export const customers = defineResource({
  key: 'customers',
  noun: 'customer',
  fields: [
    ID_FIELD,
    {
      name: 'name',
      label: 'Customer Name',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 200,
      texts: { required: MESSAGES.customerNameRequired },
    },
    {
      name: 'sfdc_ids',
      label: 'SFDC IDs',
      type: 'list',
      required: true,
      texts: { required: MESSAGES.sfdcIdRequired, itemRequired: MESSAGES.sfdcIdValueRequired },
    },
    CREATED_AT_FIELD,
  ],
  columns: ['name', 'sfdc_ids'],
  defaultSort: 'name',
  actions: [],
  writes: ['create', 'update', 'delete'],
  // spec 000 §8: the customer messages follow the config ones
  messages: {
    listTitle: 'Customers',
    created: 'Successfully added the customer record!',
    updated: 'Successfully updated the customer record!',
    deleted: 'Successfully removed the customer record!',
    duplicate: MESSAGES.customerNameExists,
  },
})
