import { defineResource, textFilter } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/**
 * Service catalog products (spec 001 §2, §3, §4, §7): shown as cards, each with an Update button
 * that sends the card's identifier, name and description to POST update-product/<id> (the one way a
 * product changes: there is no edit form). The description is rich text, sanitised by the upstream.
 */
export const serviceCatalogProducts = defineResource({
  key: 'service_catalog_products',
  noun: 'service catalog product',
  title: 'Service Catalog Product',
  fields: [
    ID_FIELD,
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
    { name: 'identifier', label: 'Product ID', type: 'text', required: true, unique: true, maxLength: 100 },
    { name: 'description', label: 'Description', type: 'richtext' },
    CREATED_AT_FIELD,
  ],
  columns: ['name', 'identifier', 'description'],
  filters: [textFilter('name', 'Name')],
  defaultSort: 'name',
  actions: ['view', 'create'],
  // spec 001 §7: the card's Update (a confirm modal, no status shown afterwards)
  messages: { listTitle: 'Service Catalog Products', addLabel: 'Create New Product' },
})
