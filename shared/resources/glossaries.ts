import { defineResource, textFilter } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/**
 * The glossary (spec 001 §2, §3): terms with a rich-text description (HTML the upstream sanitises on
 * write) and a category. Terms are added, never edited from the portal.
 */
export const glossaries = defineResource({
  key: 'glossaries',
  noun: 'glossary term',
  title: 'Glossary Term',
  fields: [
    ID_FIELD,
    { name: 'term', label: 'Term', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'description', label: 'Description', type: 'richtext', required: true },
    { name: 'category', label: 'Category', type: 'text', maxLength: 100 },
    CREATED_AT_FIELD,
  ],
  columns: ['term', 'description', 'category'],
  filters: [textFilter('term', 'Term'), textFilter('category', 'Category')],
  defaultSort: 'term',
  actions: ['view', 'create'],
  messages: { listTitle: 'Glossary Table' },
})
