import t from 'tap'
import { BUSINESS_UNIT_LABELS, BUSINESS_UNIT_OPTIONS } from '../../shared/constants.js'
import {
  RESOURCES,
  defineResource,
  entryFor,
  getResource,
  isResourceKey,
  queryFilters,
  type ModelRecord,
  type ResourceKey,
} from '../../shared/resources/index.js'
import { choiceFilter, DEFAULT_MAX_LENGTH, singularKey, textFilter } from '../../shared/resources/define-resource.js'

// Compile-time checks: `tsc` (run by CI) fails when one of these stops being an error.
// @ts-expect-error a mistyped key in a map keyed by models
export const MISTYPED = { cost_center: 1 } satisfies Partial<Record<ResourceKey, number>>
export const TYPED = { cost_centers: 1 } satisfies Partial<Record<ResourceKey, number>>
// @ts-expect-error a record's select field takes only its options
export const BAD_TEAM: Pick<ModelRecord<'members'>, 'team'> = { team: 'Nobody' }
export const TEAM: Pick<ModelRecord<'members'>, 'team' | 'id'> = { team: 'Core', id: 1 }
// @ts-expect-error the record type of a model knows its fields
export const NO_SUCH_FIELD: Partial<ModelRecord<'departments'>> = { nope: 1 }

t.test('a model file states only what is special: the rest are the house defaults', async (t) => {
  const widgets = defineResource({
    key: 'cloud_widgets',
    noun: 'cloud widget',
    fields: [
      { name: 'id', label: 'ID', type: 'number', readOnly: true },
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'owner', label: 'Owner', type: 'email' },
      { name: 'notes', label: 'Notes', type: 'richtext' },
      { name: 'code', label: 'Code', type: 'text', maxLength: 12 },
      { name: 'joined', label: 'Joined', type: 'text', readOnly: true },
    ],
    columns: ['name'],
    defaultSort: 'name',
    actions: ['view', 'crud'],
    messages: { created: 'Widget made!' },
  })
  t.strictSame(
    { key: widgets.key, path: widgets.path, table: widgets.table, bodyKey: widgets.bodyKey, filters: widgets.filters },
    { key: 'cloud_widgets', path: 'cloud_widgets', table: 'cloud_widgets', bodyKey: 'cloud_widget', filters: [] },
  )
  t.strictSame(
    widgets.fields.map((f) => [f.name, 'maxLength' in f ? f.maxLength : undefined]),
    [
      ['id', undefined],
      ['name', DEFAULT_MAX_LENGTH.text],
      ['owner', DEFAULT_MAX_LENGTH.email],
      ['notes', DEFAULT_MAX_LENGTH.richtext],
      ['code', 12],
      ['joined', undefined],
    ],
    'every writable text field has a maxLength; a declared one wins',
  )
  t.strictSame(widgets.messages, {
    listTitle: 'Cloud Widgets Table',
    createTitle: 'Add New Cloud Widget',
    editTitle: 'Edit Cloud Widget',
    addLabel: 'Add New Cloud Widget',
    created: 'Widget made!',
    updated: 'Your cloud widget has been updated!',
    deleted: 'The cloud widget has been deleted!',
    createFailed: 'There was a problem adding this cloud widget record. Please try again.',
    updateFailed: 'There was a problem updating this cloud widget record. Please try again.',
    submitFailed: null,
    deleteConfirm: 'Sure to delete?',
    editConfirm: 'Are you sure you want to save these changes?',
  })
  t.strictSame(['companies', 'cost_centers', 'dcoe_members'].map(singularKey), ['company', 'cost_center', 'dcoe_member'])
})

t.test(
  'the registry: unique keys, every writable text field bounded, lookups, filters and comparisons name registered models',
  async (t) => {
    t.equal(new Set(RESOURCES.map((r) => r.key)).size, RESOURCES.length)
    for (const resource of RESOURCES) {
      for (const field of resource.fields) {
        if (!field.readOnly && ['text', 'email', 'richtext'].includes(field.type)) {
          t.ok((field.maxLength ?? 0) > 0, `${resource.key}.${field.name} has a maxLength`)
        }
        if (field.lookup) t.ok(isResourceKey(field.lookup.model), `${resource.key}.${field.name} → ${field.lookup.model}`)
      }
      for (const filter of resource.filters) {
        if (filter.lookup) t.ok(isResourceKey(filter.lookup.model), `${resource.key} ${filter.param} → ${filter.lookup.model}`)
        // a differences filter reads the comparison's join, which its reference id field brings
        if (filter.kind === 'differs')
          t.equal(filter.field, resource.comparison?.idField, `${resource.key} ${filter.param} on the reference id`)
      }
      if (resource.comparison) t.ok(isResourceKey(resource.comparison.model), `${resource.key} compared with ${resource.comparison.model}`)
    }
    t.equal(getResource('cost_centers').bodyKey, 'cost_center')
    t.equal(getResource('dcoe_members').bodyKey, 'member')
    t.equal(getResource('no_such_model'), undefined)
  },
)

t.test('entryFor reads a model-keyed map with a run-time key', async (t) => {
  const map = { departments: 'd' } satisfies Partial<Record<ResourceKey, string>>
  t.equal(entryFor(map, 'departments'), 'd')
  t.equal(entryFor(map, 'companies'), undefined)
  t.equal(entryFor(map, 'toString'), undefined, 'never an inherited property')
})

t.test('query filters: the declared ones, and a hidden search on the label field lookups show', async (t) => {
  for (const target of RESOURCES) {
    const params = new Set(queryFilters(target).map((f) => f.param))
    for (const resource of RESOURCES) {
      for (const field of resource.fields) {
        if (field.lookup?.model === target.key)
          t.ok(params.has(`by_${field.lookup.labelField}`), `${target.key} searchable for ${resource.key}.${field.name}`)
      }
    }
  }
  const visible = (key: string) =>
    queryFilters(getResource(key)!)
      .filter((f) => !f.hidden)
      .map((f) => f.param)
  t.strictSame(
    visible('cost_centers'),
    getResource('cost_centers').filters.map((f) => f.param),
    'declared filters first, unchanged',
  )
})

t.test('filter helpers: the by_<field> parameter, the kind, and All before the choices', async (t) => {
  t.strictSame(textFilter('email', 'Email'), { param: 'by_email', label: 'Email', field: 'email', kind: 'text' })
  t.strictSame(choiceFilter('team', 'Team', ['Core', 'Advisory']), {
    param: 'by_team',
    label: 'Team',
    field: 'team',
    kind: 'exact',
    options: ['All', 'Core', 'Advisory'],
  })
  t.strictSame(
    getResource('dcoe_members').filters.find((f) => f.param === 'by_business_unit'),
    {
      param: 'by_business_unit',
      label: 'Business Unit',
      field: 'business_unit',
      kind: 'exact',
      options: ['All', ...BUSINESS_UNIT_OPTIONS],
      optionLabels: BUSINESS_UNIT_LABELS,
    },
    'a model declares it in one line',
  )
})
