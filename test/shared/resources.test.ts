import t from 'tap'
import { RESOURCES, allowsRoute, csvColumns, getResource } from '../../shared/resources/index.js'

t.test('every resource declares its list columns and CSV columns among its fields', async (t) => {
  for (const resource of RESOURCES) {
    const names = new Set(resource.fields.map((f) => f.name))
    for (const column of resource.columns) t.ok(names.has(column), `${resource.key}.${column} is a field`)
    for (const { field } of csvColumns(resource)) t.ok(names.has(field), `${resource.key} CSV ${field} is a field`)
    for (const filter of resource.filters) t.ok(names.has(filter.field), `${resource.key} filter ${filter.param}`)
    t.ok(names.has(resource.defaultSort.replace(/^-/, '')), `${resource.key} sorts by a field`)
  }
})

t.test('the route table: edit needs an id, the others do not', async (t) => {
  const departments = getResource('departments')!
  t.ok(allowsRoute(departments, 'view', false))
  t.ok(allowsRoute(departments, 'create', false))
  t.ok(allowsRoute(departments, 'edit', true))
  t.notOk(allowsRoute(departments, 'edit', false))
  t.notOk(allowsRoute(departments, 'create', true))
  t.notOk(allowsRoute(departments, 'delete', false))
})
