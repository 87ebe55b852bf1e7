import { sql } from 'drizzle-orm'
import t from 'tap'
import { MAX_PAGE_SIZE } from '../../../../shared/constants.js'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { insertGeneratedBills } from '../../../../server/upstream/db/seed/generated-bills.js'
import { serveUpstream, TOKEN } from '../../fixtures/serve.js'

/**
 * Issue 29 item 3: bulk delete and bulk set of one field, by rows with their versions or by the
 * list's filters with a count; all or nothing; one change-log entry per record changed.
 */

const ALICE = 'alice@ccoe.example'
const STALE = 'changed by someone else since you loaded the list'

t.test('bulk actions on cost centers', async (t) => {
  const now = new Date('2031-03-01T10:00:00.000Z')
  const { url, database } = await serveUpstream(t, { seed: true, clock: () => now })
  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, uid: ALICE, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
  const first = async (path: string) => (await call('GET', path)).body.data[0]
  const unit = await first('/business_units?sort=name')
  const otherUnit = (await call('GET', '/business_units?sort=-name')).body.data[0]
  const department = await first('/departments')
  const contact = await first('/cloud_contacts')
  const company = await first('/companies')

  // twelve cost centers of their own, no other row refers to
  const made: number[] = []
  for (let i = 1; i <= 12; i++) {
    const answer = await call('POST', '/cost_centers', {
      cost_center: {
        identifier: `BULK-${String(i).padStart(2, '0')}`,
        cloud_contact_id: contact.id,
        companies_id: company.id,
        business_units_id: unit.id,
        departments_id: department.id,
      },
    })
    t.equal(answer.status, 201)
    made.push(answer.body.data.id)
  }
  const page = async () => (await call('GET', '/cost_centers?by_identifier=BULK-&sort=identifier&per_page=100')).body
  const stored = async (ids: readonly number[]) =>
    (
      await rows<{ id: number; business_units_id: number }>(
        database.db,
        sql`SELECT id, business_units_id FROM cost_centers WHERE id = ANY(${sql.param([...ids])}::int4[]) ORDER BY id`,
      )
    ).map((r) => [Number(r.id), Number(r.business_units_id)])
  const changes = async (action: string) =>
    (
      await rows<{ record_id: number; changed_by: string; changes: Record<string, unknown> }>(
        database.db,
        sql`SELECT record_id, changed_by, changes FROM record_changes WHERE model = 'cost_centers' AND action = ${action}
            AND changed_at = ${now.toISOString()}::timestamptz ORDER BY record_id`,
      )
    ).map((r) => ({ ...r, record_id: Number(r.record_id) }))

  await t.test('set one field on rows at their versions: all of them, one change-log entry each', async (t) => {
    const { data, meta } = await page()
    const three = data.slice(0, 3).map((r: { id: number }) => ({ id: r.id, version: meta.versions[r.id] }))
    const answer = await call('POST', '/cost_centers/bulk_update', { ids: three, set: { business_units_id: otherUnit.id } })
    t.same(answer, { status: 200, body: { data: { count: 3, ids: made.slice(0, 3) } } })
    t.same(await stored(made.slice(0, 4)), [...made.slice(0, 3).map((id) => [id, otherUnit.id]), [made[3], unit.id]])
    t.same(
      await changes('update'),
      made.slice(0, 3).map((id) => ({
        record_id: id,
        changed_by: ALICE,
        changes: {
          business_units_id: { from: unit.id, to: otherUnit.id },
          business_unit_name: { from: unit.name, to: otherUnit.name },
        },
      })),
    )

    // the same rows at the versions read before that change: stale, the batch refused and named, nothing written
    const again = await call('POST', '/cost_centers/bulk_update', {
      ids: [...three.slice(1), { id: made[3], version: meta.versions[made[3]] }],
      set: { business_units_id: unit.id },
    })
    t.same(again, {
      status: 409,
      body: {
        error: `Cost center ${made[1]}, ${made[2]} were changed by someone else since you loaded the list, so nothing was changed. Reload the list, then make your change again.`,
        statusCode: 409,
        fields: { [made[1]]: STALE, [made[2]]: STALE },
      },
    })
    t.same(
      await stored(made.slice(0, 4)),
      [...made.slice(0, 3).map((id) => [id, otherUnit.id]), [made[3], unit.id]],
      'the fresh row is untouched too',
    )
    t.equal((await changes('update')).length, 3, 'no entry for a refused batch')

    const unknown = await call('POST', '/cost_centers/bulk_delete', {
      ids: [
        { id: made[3], version: meta.versions[made[3]] },
        { id: 999_999, version: 'x' },
      ],
    })
    t.same(unknown, { status: 404, body: { error: 'Cost center not found: 999999', statusCode: 404 } })
  })

  await t.test('a field that cannot be set, and a value refused as the single update refuses it', async (t) => {
    const { data, meta } = await page()
    const ids = [{ id: data[0].id, version: meta.versions[data[0].id] }]
    const set = async (body: Record<string, unknown>) => call('POST', '/cost_centers/bulk_update', { ids, set: body })
    t.same(await set({ identifier: 'X' }), {
      status: 400,
      body: {
        error: 'Identifier cannot be set on many records at once',
        statusCode: 400,
        fields: { identifier: 'Identifier cannot be set on many records at once' },
      },
    })
    t.same(await set({ company_code: 'X' }), {
      status: 400,
      body: {
        error: 'Company Code cannot be set on many records at once',
        statusCode: 400,
        fields: { company_code: 'Company Code cannot be set on many records at once' },
      },
    })
    t.same((await set({ nope: 1 })).body.fields, { nope: 'Unknown field "nope"' })
    // the same answer as a single PUT of the same value: same schema, same messages
    for (const value of [{ approved: 'yes' }, { business_units_id: null }, { business_units_id: 999_999 }, { active_at: 'soon' }]) {
      const single = await call('PUT', `/cost_centers/${data[0].id}`, { cost_center: value })
      t.ok(single.status >= 400, `PUT ${JSON.stringify(value)} is refused`)
      t.same(await set(value), single, `bulk ${JSON.stringify(value)} is refused as PUT refuses it`)
    }
    t.same((await call('POST', '/cost_centers/bulk_update', { ids, set: {} })).status, 400, 'one field')
    t.same(
      (await call('POST', '/cost_centers/bulk_update', { ids, set: { approved: true, departments_id: 1 } })).status,
      400,
      'one field only',
    )
    t.same((await call('POST', '/cost_centers/bulk_delete', { ids, filter: {} })).body.error, 'Send either ids or filter')
    t.equal((await changes('update')).length, 3, 'nothing refused was logged')
  })

  await t.test('every row matching the filters, with the count confirmed', async (t) => {
    const filter = { by_identifier: 'BULK-1' } // BULK-10, 11, 12
    t.same(await call('POST', '/cost_centers/bulk_delete', { filter, dry_run: true }), { status: 200, body: { data: { count: 3 } } })
    t.same((await call('POST', '/cost_centers/bulk_delete', { filter })).body.fields, { count: 'count is required with filter' })
    t.same(await call('POST', '/cost_centers/bulk_delete', { filter, count: 4 }), {
      status: 409,
      body: {
        error: '3 records match these filters now, not 4, so nothing was changed. Reload the list, then make your change again.',
        statusCode: 409,
      },
    })
    t.same((await call('POST', '/cost_centers/bulk_delete', { filter: { by_nope: 'x' }, count: 1 })).body.fields, {
      by_nope: 'Unknown filter "by_nope"',
    })
    t.same(await call('POST', '/cost_centers/bulk_update', { filter: { by_identifier: 'BULK-' }, count: 12, set: { approved: true } }), {
      status: 200,
      body: { data: { count: 12, ids: made } },
    })
    t.equal((await page()).data.filter((r: { approved: boolean }) => r.approved).length, 12)

    t.same(await call('POST', '/cost_centers/bulk_delete', { filter, count: 3 }), {
      status: 200,
      body: { data: { count: 3, ids: made.slice(9) } },
    })
    t.same(
      (await page()).data.map((r: { identifier: string }) => r.identifier),
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `BULK-0${i}`),
    )
    const deleted = await changes('delete')
    t.same(
      deleted.map((d) => [d.record_id, d.changed_by, (d.changes.identifier as { from: string }).from]),
      made.slice(9).map((id, i) => [id, ALICE, `BULK-1${i}`]),
      'one entry per record deleted, keeping its values',
    )
  })

  await t.test('a row still in use refuses the whole selection', async (t) => {
    const { data } = await page()
    const [kept, referring] = [data[0], data.at(-1)]
    t.equal((await call('PUT', `/cost_centers/${referring.id}`, { cost_center: { new_cost_center_id: kept.id } })).status, 200)
    const { data: rows, meta } = await page()
    const three = rows.slice(0, 3).map((r: { id: number }) => ({ id: r.id, version: meta.versions[r.id] }))
    const refused = await call('POST', '/cost_centers/bulk_delete', { ids: three })
    t.equal(refused.status, 409)
    t.equal((await page()).data.length, rows.length, 'nothing deleted')
    t.equal((await changes('delete')).length, 3, 'and nothing logged')
  })
})

/**
 * Issue 37 item 6: a filter's rows are changed a page per request (MAX_PAGE_SIZE at most, each all
 * or nothing), so no transaction holds the embedded database's one session for long; the answer's
 * `next` leads on, and rows removed or added meanwhile refuse the page they would change.
 */
t.test('a filter over more than a page: a page per request, each all or nothing', async (t) => {
  const { url, database } = await serveUpstream(t, { seed: false })
  await insertGeneratedBills(database.db, 1, 2 * MAX_PAGE_SIZE + 500)
  async function call(path: string, body: unknown) {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, uid: ALICE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: await response.json() }
  }
  const all = (await rows<{ id: number }>(database.db, sql`SELECT id FROM cloud_bills ORDER BY id`)).map((r) => Number(r.id))
  const paged = async () =>
    (await rows<{ id: number }>(database.db, sql`SELECT id FROM cloud_bills WHERE activity = 'paged' ORDER BY id`)).map((r) => Number(r.id))
  const logged = async () =>
    Number((await rows<{ n: number }>(database.db, sql`SELECT count(*) AS n FROM record_changes WHERE model = 'cloud_bills'`))[0].n)
  const set = { activity: 'paged' }
  const total = all.length
  t.same(await call('/cloud_bills/bulk_update', { filter: {}, dry_run: true, set }), { status: 200, body: { data: { count: total } } })

  const first = all.slice(0, MAX_PAGE_SIZE)
  t.same(await call('/cloud_bills/bulk_update', { filter: {}, count: total, set }), {
    status: 200,
    body: { data: { count: MAX_PAGE_SIZE, ids: first, next: first.at(-1) } },
  })
  t.same(await paged(), first, 'one page changed')
  t.equal(await logged(), MAX_PAGE_SIZE, 'with its history')

  // a row of the rest deleted meanwhile: the next page is refused whole
  const gone = all[MAX_PAGE_SIZE + 10]
  await database.db.execute(sql`DELETE FROM cloud_bills WHERE id = ${gone}`)
  let left = total - MAX_PAGE_SIZE
  t.same(await call('/cloud_bills/bulk_update', { filter: {}, count: left, after: first.at(-1), set }), {
    status: 409,
    body: {
      error: `${left - 1} records match these filters now, not ${left}, so nothing was changed. Reload the list, then make your change again.`,
      statusCode: 409,
    },
  })
  t.same(await paged(), first, 'nothing of the refused page changed')

  left -= 1
  const second = all.slice(MAX_PAGE_SIZE, 2 * MAX_PAGE_SIZE + 1).filter((id) => id !== gone)
  t.same(await call('/cloud_bills/bulk_update', { filter: {}, count: left, after: first.at(-1), set }), {
    status: 200,
    body: { data: { count: MAX_PAGE_SIZE, ids: second, next: second.at(-1) } },
  })
  left -= MAX_PAGE_SIZE

  // a row added meanwhile: the last page finds one more than the caller counted
  await insertGeneratedBills(database.db, total + 1, total + 1)
  t.same((await call('/cloud_bills/bulk_update', { filter: {}, count: left, after: second.at(-1), set })).status, 409, 'a row added')
  await database.db.execute(sql`DELETE FROM cloud_bills WHERE id = (SELECT max(id) FROM cloud_bills)`)
  const last = all.slice(2 * MAX_PAGE_SIZE + 1)
  t.same(await call('/cloud_bills/bulk_update', { filter: {}, count: left, after: second.at(-1), set }), {
    status: 200,
    body: { data: { count: last.length, ids: last } },
  })
  t.same(await paged(), [...first, ...second, ...last], 'every row, once')
  t.equal(await logged(), total - 1, 'one history entry per row changed')
})
