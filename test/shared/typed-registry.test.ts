/**
 * Issue 25 item 2: a model's columns, default sort, filters, CSV columns and joins name its own fields, and
 * `tsc` (npm test's type check) refuses a name that is not one. Each `@ts-expect-error` below fails
 * the type check if the mistake it marks were ever accepted.
 */
import t from 'tap'
import { defineResource, withLabel } from '../../shared/resources/define-resource.js'

const fields = [
  { name: 'id', label: 'ID', type: 'number', readOnly: true },
  { name: 'name', label: 'Name', type: 'text', required: true },
] as const
const base = { key: 'widgets', noun: 'widget', fields, actions: ['view'] } as const

t.test('the names a model states are its fields', async (t) => {
  const widgets = defineResource({
    ...base,
    columns: ['id', 'name'],
    defaultSort: '-name',
    filters: [{ param: 'by_name', label: 'Name', field: 'name', kind: 'text' }],
    csv: { prefix: 'widgets', columns: ['name', { header: 'Widget ID', field: 'id' }] },
  })
  t.strictSame([widgets.columns, widgets.defaultSort, widgets.filters[0].field], [['id', 'name'], '-name', 'name'])

  // @ts-expect-error a column that is no field
  defineResource({ ...base, columns: ['id', 'nmae'], defaultSort: 'name' })
  // @ts-expect-error a sort on no field
  defineResource({ ...base, columns: ['id'], defaultSort: '-nmae' })
  // @ts-expect-error a filter on no field
  defineResource({ ...base, columns: ['id'], defaultSort: 'id', filters: [{ param: 'by_x', label: 'X', field: 'nmae', kind: 'text' }] })
  // @ts-expect-error a CSV column that is no field
  defineResource({ ...base, columns: ['id'], defaultSort: 'id', csv: { prefix: 'w', columns: ['nmae'] } })
  // @ts-expect-error a CSV column under its own header, naming no field
  defineResource({ ...base, columns: ['id'], defaultSort: 'id', csv: { prefix: 'w', columns: [{ header: 'N', field: 'nmae' }] } })
})

t.test("a join goes through one of the model's own lookup fields", async (t) => {
  const owner = { name: 'owner_id', label: 'Owner', type: 'lookup', lookup: { model: 'cloud_contacts', labelField: 'email' } } as const
  const through = <const V extends string>(via: V) =>
    ({ name: 'owner_team', label: 'Team', type: 'text', readOnly: true, join: { via, column: 'team' } }) as const
  const joined = defineResource({
    ...base,
    fields: [...fields, ...withLabel(owner, 'owner_email'), through('owner_id')],
    columns: ['name', 'owner_email', 'owner_team'],
    defaultSort: 'name',
  })
  t.strictSame(joined.fields.map((field) => ('join' in field ? field.join : null)).filter(Boolean), [
    { via: 'owner_id', column: 'email' },
    { via: 'owner_id', column: 'team' },
  ])

  // @ts-expect-error a join through no field
  defineResource({ ...base, fields: [...fields, owner, through('ownr_id')], columns: ['id'], defaultSort: 'id' })
  // @ts-expect-error a join through a field that is no lookup
  defineResource({ ...base, fields: [...fields, owner, through('name')], columns: ['id'], defaultSort: 'id' })
  // @ts-expect-error a lookup's label without the lookup itself (withLabel's second field alone)
  defineResource({ ...base, fields: [...fields, withLabel(owner, 'owner_email')[1]], columns: ['id'], defaultSort: 'id' })
})
