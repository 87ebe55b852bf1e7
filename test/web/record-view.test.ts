/** The record view's pure parts: which fields it shows, and how a record is named. */
import t from 'tap'
import { getResource, type ResourceDef } from '../../shared/resources/index.js'
import { defineResource } from '../../shared/resources/define-resource.js'
import { rowLabel } from '../../web/src/resources/row-label.js'
import { viewFields } from '../../web/src/resources/view-fields.js'

const model = (key: string): ResourceDef => {
  const resource = getResource(key)
  if (!resource) throw new Error(`no ${key}`)
  return resource
}

t.test('view fields: a lookup shows as the values joined through it, never as its id', async (t) => {
  t.strictSame(
    viewFields(model('cost_centers')).map((f) => f.name),
    [
      'id',
      'identifier',
      'cloud_contact_email',
      'company_code',
      'aws_gl',
      'gcp_gl',
      'azure_gl',
      'owner_terminated',
      'business_unit_name',
      'department_name',
      'approved',
      'active_at',
      'expired_at',
      'new_cost_center_identifier',
      'alt_cost_center_identifier',
      'created_at',
    ],
  )
  t.strictSame(
    viewFields(model('departments')).map((f) => f.label),
    ['ID', 'Name', 'Abbreviation', 'Created'],
  )
  const plain = defineResource({
    key: 'plain_lookups',
    noun: 'plain lookup',
    fields: [
      { name: 'id', label: 'ID', type: 'number', readOnly: true },
      { name: 'departments_id', label: 'Department', type: 'lookup', lookup: { model: 'departments', labelField: 'name' } },
    ],
    columns: ['departments_id'],
    filters: [],
    defaultSort: 'id',
    actions: ['view'],
  })
  t.strictSame(
    viewFields(plain).map((f) => f.name),
    ['id', 'departments_id'],
    'a lookup with nothing joined through it shows its own value',
  )
})

t.test('a record is named by its first column that can name it: never a flag or a date', async (t) => {
  const contacts = model('cloud_contacts')
  t.equal(rowLabel(contacts, { id: 3, terminated: false, name: 'Ada', email: 'ada@example.com' }), 'Ada')
  t.equal(rowLabel(contacts, { id: 3, terminated: true, name: '', email: 'ada@example.com' }), 'ada@example.com', 'no name: the email')
  t.equal(rowLabel(contacts, { id: 3, terminated: true, name: null, email: '' }), '#3', 'nothing: the id')
  t.equal(rowLabel(model('cost_centers'), { id: 5, identifier: 'WBS-CORP-2024-01' }), 'WBS-CORP-2024-01')
})
