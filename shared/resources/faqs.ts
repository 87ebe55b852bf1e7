import { defineResource, textFilter } from './define-resource.js'
import { CREATED_AT_FIELD, ID_FIELD } from './types.js'

/**
 * FAQs (spec 001 §2, §3, §7): a question, its answer in rich text and a category. The answer is
 * HTML that the upstream sanitises on every write (server/upstream/rich-text), so what a list shows
 * is only ever the allowlisted markup.
 */
export const faqs = defineResource({
  key: 'faqs',
  noun: 'FAQ',
  title: 'FAQ',
  fields: [
    ID_FIELD,
    { name: 'question', label: 'Question', type: 'text', required: true, maxLength: 500 },
    { name: 'answer', label: 'Answer', type: 'richtext', required: true },
    { name: 'category', label: 'Category', type: 'text', maxLength: 100 },
    CREATED_AT_FIELD,
  ],
  columns: ['question', 'answer', 'category'],
  filters: [textFilter('question', 'Question'), textFilter('category', 'Category')],
  defaultSort: 'question',
  actions: ['view', 'create', 'edit'],
})
