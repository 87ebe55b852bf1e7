import t from 'tap'
import { RESOURCES, allowsRoute, csvColumns, getResource } from '../../shared/resources/index.js'
import { trimStrings } from '../../shared/schemas/trim.js'

t.test('every resource declares its list columns and CSV columns among its fields', async (t) => {
  for (const resource of RESOURCES) {
    const names = new Set(resource.fields.map((f) => f.name))
    for (const column of resource.columns) t.ok(names.has(column), `${resource.key}.${column} is a field`)
    for (const { field } of csvColumns(resource)) t.ok(names.has(field), `${resource.key} CSV ${field} is a field`)
    for (const filter of resource.filters) t.ok(names.has(filter.field), `${resource.key} filter ${filter.param}`)
    t.ok(names.has(resource.defaultSort.replace(/^-/, '')), `${resource.key} sorts by a field`)
  }
})

t.test('the route table: edit needs an id, view and crud take one or none, create none', async (t) => {
  const departments = getResource('departments')!
  t.ok(allowsRoute(departments, 'view', false))
  t.ok(allowsRoute(departments, 'view', true), 'one record read-only')
  t.ok(allowsRoute(departments, 'create', false))
  t.ok(allowsRoute(departments, 'crud', false))
  t.ok(allowsRoute(departments, 'edit', true))
  t.notOk(allowsRoute(departments, 'edit', false))
  t.notOk(allowsRoute(departments, 'create', true))
  t.ok(allowsRoute(departments, 'crud', true), 'the inline table with one record open for editing')
  t.notOk(allowsRoute(departments, 'delete', false))
  t.notOk(allowsRoute(departments, 'delete', true))
  const cloudContacts = getResource('cloud_contacts')!
  t.ok(allowsRoute(cloudContacts, 'view', true), 'a model without an edit form still has its record view')
  t.notOk(allowsRoute(cloudContacts, 'edit', true), 'cloud contacts have no edit form (spec 001 §2)')
  t.ok(allowsRoute(cloudContacts, 'crud', true), 'but their inline rows can be edited')
})

// spec 001 §2, verbatim lists: which models have a create form and which an edit form with an id
const SPEC_CREATE = [
  'cost_centers',
  'business_units',
  'companies',
  'departments',
  'members',
  'cloud_certifications',
  'faqs',
  'cloud_survey_responses',
  'dcoe_members',
  'github_organization_apps',
  'cost_center_networks',
  'project_ids',
  'cloud_bills',
  'cloud_contacts',
  'glossaries',
  'service_catalog_products',
  // issue 42 item 3: budgets are added and edited like any registry model
  'cost_center_budgets',
]
const SPEC_EDIT = [
  'cost_centers',
  'business_units',
  'companies',
  'departments',
  'members',
  'faqs',
  'github_organization_apps',
  'cost_center_networks',
  'project_ids',
  // spec 000 §4: the member list's edit mode, where team and lists are set (issue 39 item 3)
  'dcoe_members',
  'cost_center_budgets',
]

t.test('the route table of spec 001 §2, for every registered model', async (t) => {
  for (const resource of RESOURCES) {
    t.equal(allowsRoute(resource, 'create', false), SPEC_CREATE.includes(resource.key), `create ${resource.key}`)
    t.equal(allowsRoute(resource, 'edit', true), SPEC_EDIT.includes(resource.key), `edit ${resource.key}/{id}`)
    const hasView = resource.actions.includes('view')
    t.equal(allowsRoute(resource, 'view', true), hasView, `view ${resource.key}/{id} where the model has a view`)
    t.equal(allowsRoute(resource, 'view', false), hasView, `view ${resource.key}`)
  }
})

t.test('the spec texts the registry carries, verbatim', async (t) => {
  const departments = getResource('departments')!.messages
  t.hasStrict(departments, {
    listTitle: 'Departments Table',
    createTitle: 'Add New Department',
    editTitle: 'Edit Department',
    deleted: 'The department has been deleted!',
  })
  t.hasStrict(getResource('business_units')!.messages, {
    listTitle: 'Business Units Table',
    createTitle: 'Add New business unit',
    editTitle: 'Edit business unit',
  })
  t.hasStrict(getResource('cost_centers')!.messages, {
    created: 'Your new cost center has been added!',
    updated: 'Your cost center has been updated!',
  })
  t.hasStrict(getResource('companies')!.messages, {
    created: 'Your new company has been added!',
    updated: 'Your company has been updated!',
  })
  t.hasStrict(getResource('members')!.messages, { created: 'Successfully added a new member!', deleted: 'The member has been deleted!' })
  t.hasStrict(getResource('cloud_contacts')!.messages, { created: 'Your new contact has been added!' })
  t.hasStrict(getResource('cloud_certifications')!.messages, {
    addLabel: 'Add New Certification',
    created: 'Your new cloud certification has been added!',
    createFailed: 'There was a problem adding this cloud certifications record. Please try again.',
    updateFailed: 'There was a problem updating this cloud certifications record. Please try again.',
    submitFailed: 'There was a problem submitting this cloud certification. Please try again.',
  })
  t.equal(getResource('dcoe_members')!.messages.listTitle, 'Members Table')
  t.equal(getResource('dcoe_members')!.path, 'dcoe/members', 'dcoe paths swap the first underscore for a slash')
  const header = (key: string) =>
    csvColumns(getResource(key)!)
      .map((c) => c.header)
      .join(',')
  t.equal(header('companies'), 'company_code,location,gl_type,aws_gl,gcp_gl,azure_gl,created_at', 'the companies CSV of spec 001 §2')
  const filter = getResource('cost_centers')!.filters.find((f) => f.kind === 'createdWithin')
  t.same(filter?.options, ['All', '30', '60', '90'])
  t.same(
    getResource('dcoe_members')!.filters.map((f) => f.field),
    ['name', 'email', 'department', 'business_unit', 'team'],
  )
  t.same(getResource('dcoe_members')!.filters.find((f) => f.field === 'team')?.options, ['All', 'Core', 'Advisory', 'Community'])
})

t.test('trimStrings trims every string of a JSON body in place, and nothing else', async (t) => {
  const body = { name: '  Ann ', n: 1, none: null, ok: true, inner: { email: '\tA@x.io\n', list: [' a ', 2, { b: ' b' }] } }
  trimStrings(body)
  t.strictSame(body, { name: 'Ann', n: 1, none: null, ok: true, inner: { email: 'A@x.io', list: ['a', 2, { b: 'b' }] } })
})
