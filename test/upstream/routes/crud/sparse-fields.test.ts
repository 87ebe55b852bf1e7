/**
 * Issue 41 item 3: a list's `fields=` (JSON:API's sparse fieldsets): the rows carry only the named
 * fields and id, the same rows in the same order with the same meta (total, cursor, versions) as
 * without it, and the query reads only the joins those fields need; an unknown name is a 400 naming
 * `fields`. On the seeded demo data: cost centers (six joins) and cloud survey responses (`mismatches`).
 */
import { PgDialect } from 'drizzle-orm/pg-core'
import type { SQL } from 'drizzle-orm'
import t from 'tap'
import { getResource, RESOURCES } from '../../../../shared/resources/index.js'
import { recordRepository } from '../../../../server/upstream/db/records/repository.js'
import type { Executor } from '../../../../server/upstream/db/records/rows.js'
import { serveUpstream } from '../../fixtures/serve.js'

type Row = Record<string, unknown>
const only = (rows: Row[], names: string[]) => rows.map((row) => Object.fromEntries(['id', ...names].map((n) => [n, row[n]])))

t.test('fields= answers only the named fields of the same rows, with the same meta', async (t) => {
  const { api } = await serveUpstream(t, { seed: true })
  const list = async (query: string) => {
    const answer = await api('GET', `/cost_centers?${query}`)
    t.equal(answer.status, 200, query)
    return answer.body as { data: Row[]; meta: Row }
  }
  const names = ['identifier', 'cloud_contact_email', 'aws_gl', 'owner_terminated', 'created_at']

  for (const query of ['per_page=4&sort=identifier', 'per_page=3&page=2&sort=-cloud_contact_email', 'per_page=5&by_identifier=0']) {
    const full = await list(query)
    t.ok(full.data.length > 1, `${query}: rows to compare`)
    const sparse = await list(`${query}&fields=${names.join(',')}`)
    t.strictSame(sparse.data, only(full.data, names), `${query}: the named fields and id, nothing else`)
    t.strictSame(sparse.meta, full.meta, `${query}: total, page, cursor and each row's version as without fields`)
  }

  // a whole-list walk by cursor (the CSV's way): the same cursors, and no versions, as without fields
  const walk = await list('per_page=2&count=none&sort=identifier&fields=identifier')
  const fullWalk = await list('per_page=2&count=none&sort=identifier')
  t.strictSame(walk.meta, fullWalk.meta)
  const after = `per_page=2&count=none&sort=identifier&after=${walk.meta.next as string}`
  t.strictSame((await list(`${after}&fields=identifier`)).data, only((await list(after)).data, ['identifier']), 'the page after the cursor')

  t.strictSame(Object.keys((await list('per_page=1&fields=id')).data[0]), ['id'], 'id alone')
  t.strictSame(
    Object.keys((await list('per_page=1&fields=%20approved%20,identifier,approved')).data[0]),
    ['id', 'identifier', 'approved'],
    'spaces around a name and a name twice are harmless',
  )
  t.strictSame(Object.keys((await list('per_page=1&fields=')).data[0]).length, 22, 'empty: every field')
})

t.test('fields= refuses a name that is not a readable field, naming the parameter', async (t) => {
  const { api } = await serveUpstream(t)
  const refusal = (message: string) => ({ error: message, statusCode: 400, fields: { fields: message } })
  for (const [path, name] of [
    ['/cost_centers?fields=identifier,nope', 'nope'],
    ['/cost_centers?fields=identifier,', ''],
    ['/cost_centers?fields=mismatches', 'mismatches'],
    ['/cost_centers?fields=t.identifier', 't.identifier'],
    ['/github_organization_apps?fields=name,private_key', 'private_key'],
  ]) {
    const answer = await api('GET', path)
    t.strictSame({ status: answer.status, body: answer.body }, { status: 400, body: refusal(`Unknown field "${name}"`) }, path)
  }
})

t.test("a compared model's mismatches can be named", async (t) => {
  const { api } = await serveUpstream(t, { seed: true })
  const full = (await api('GET', '/cloud_survey_responses?per_page=50')).body as { data: Row[] }
  t.ok(
    full.data.some((row) => (row.mismatches as string[]).length > 0),
    'the demo data has answers that differ',
  )
  const sparse = await api('GET', '/cloud_survey_responses?per_page=50&fields=identifier,mismatches')
  t.strictSame(sparse.body.data, only(full.data, ['identifier', 'mismatches']))
  const without = await api('GET', '/cloud_survey_responses?per_page=1&fields=identifier')
  t.strictSame(Object.keys(without.body.data[0]), ['id', 'identifier'], 'not named, not read')
})

t.test('the page query joins only the lookups that the named fields, the filters and the sort read', async (t) => {
  const dialect = new PgDialect()
  const statements: string[] = []
  // an executor that records the statement and finds no row
  const recorder: Executor = {
    execute: (async (query: SQL) => {
      statements.push(dialect.sqlToQuery(query).sql)
      return { rows: [] }
    }) as unknown as Executor['execute'],
  }
  const records = recordRepository(getResource('cost_centers'), RESOURCES)
  const joined = async (fields: string[] | undefined, sort = 'identifier') => {
    statements.length = 0
    await records.list(recorder, { page: 1, perPage: 10, sort, filters: [], count: 'none', ...(fields && { fields }) })
    return [...statements.join(' ').matchAll(/JOIN "(\w+)" AS "(j_\w+)"/g)].map((m) => m[2]).sort()
  }
  const every = [
    'j_alt_cost_center_id',
    'j_business_units_id',
    'j_cloud_contact_id',
    'j_companies_id',
    'j_departments_id',
    'j_new_cost_center_id',
  ]
  t.strictSame(await joined(undefined), every, 'without fields: every join')
  t.strictSame(await joined(['identifier', 'approved']), [], 'fields of the table alone: none')
  t.strictSame(await joined(['aws_gl', 'company_code']), ['j_companies_id'], "a company's fields: its join once")
  t.strictSame(await joined(['identifier'], 'cloud_contact_email'), [], 'a joined sort reads its stored key, no join')
})
