/**
 * Issue 42 item 1: the database keeps monthly_spend (migration 055) exact under every write of bills
 * (the upload, a CRUD edit, a delete, a plain statement), and GET /cloud_bills/monthly_spend reads the
 * 12 months from it: per cost center, business unit, provider and currency, one total per currency
 * (never added across currencies), the last month against the one before, filters, sort, paging,
 * 400s naming the parameter, and the CSV of the same table. Item 7: the current window's rows and
 * totals the database keeps beside it (spend_window, migration 059) stay what monthly_spend sums to,
 * move with the month, and answer exactly what a window summed from monthly_spend answers.
 */
import { sql } from 'drizzle-orm'
import t, { type Test } from 'tap'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { windowMonths } from '../../../../server/upstream/routes/cloud-bills/monthly-spend.js'
import { serveUpstream, TOKEN } from '../../fixtures/serve.js'

const dataUrl = (text: string) => `data:text/csv;base64,${Buffer.from(text).toString('base64')}`
/** the clock's month is 2026-11: the window is 2025-12 … 2026-11 */
const clock = () => new Date('2026-11-20T10:00:00Z')

const MONTHS = Array.from({ length: 12 }, (_, i) => `m${i}`)
/** spend_window and spend_window_totals as kept, beside what monthly_spend and spend_window sum to */
async function windowKept(db: Parameters<typeof rows>[0], last: string) {
  const months = windowMonths(last)
  const sums = sql.raw(
    months.map((m, i) => `coalesce(sum(amount) FILTER (WHERE month = '${m}-01'), 0)::numeric(18, 2)::text AS m${i}`).join(', '),
  )
  const texts = sql.raw(MONTHS.map((m) => `${m}::text`).join(', '))
  const totals = sql.raw(MONTHS.map((m) => `sum(${m})::text AS ${m}`).join(', '))
  return {
    kept: await rows(db, sql`SELECT to_char(month, 'YYYY-MM') AS month FROM spend_window_month`),
    window: await rows(
      db,
      sql`SELECT identifier, business_units_id, provider, currency, ${texts}, lines FROM spend_window ORDER BY 1, 2, 3, 4`,
    ),
    summed: await rows(
      db,
      sql`SELECT identifier, business_units_id, provider, currency, ${sums}, sum(lines)::int AS lines FROM monthly_spend
          WHERE month BETWEEN ${`${months[0]}-01`}::date AND ${`${last}-01`}::date GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    ),
    totals: await rows(db, sql`SELECT currency, provider, business_units_id, ${texts}, groups FROM spend_window_totals ORDER BY 1, 2, 3`),
    totalsSummed: await rows(
      db,
      sql`SELECT currency, provider, business_units_id, ${totals}, count(*)::int AS groups FROM spend_window GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
  }
}

t.test('windowMonths: the 12 months ending with one, across a year', async (t) => {
  t.strictSame(windowMonths('2026-02'), [
    '2025-03',
    '2025-04',
    '2025-05',
    '2025-06',
    '2025-07',
    '2025-08',
    '2025-09',
    '2025-10',
    '2025-11',
    '2025-12',
    '2026-01',
    '2026-02',
  ])
})

t.test('monthly_spend stays the GROUP BY of cloud_bills under upload, edit and delete', async (t) => {
  const { api, app, database } = await serveUpstream(t, { seed: false, clock })
  const aggregate = () =>
    rows(
      database.db,
      sql`SELECT to_char(month, 'YYYY-MM') AS month, identifier, business_units_id, provider, currency, amount::text, lines
          FROM monthly_spend ORDER BY 1, 2, 3, 4, 5`,
    )
  const groupBy = () =>
    rows(
      database.db,
      sql`SELECT to_char(date_trunc('month', date), 'YYYY-MM') AS month, identifier, business_units_id, provider, currency,
                 sum(amount)::text AS amount, count(*)::int AS lines
          FROM cloud_bills GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
    )
  const same = async (t: Test, what: string) => {
    const [kept, computed] = [await aggregate(), await groupBy()]
    t.strictSame(kept, computed, what)
    const window = await windowKept(database.db, '2026-11')
    t.strictSame(
      [window.kept, window.window, window.totals],
      [[{ month: '2026-11' }], window.summed, window.totalsSummed],
      `${what}: the window too`,
    )
    return kept
  }
  t.equal((await api('GET', '/cloud_bills/monthly_spend')).status, 200, "the first read starts keeping the clock's window")
  await app.spendWindow.settled()

  const upload = await api('POST', '/cloud_bills/upload', {
    cloud_bill: {
      data: dataUrl(
        'date,provider,identifier,amount,currency,reference\n' +
          '2026-10-03,aws,CC-1,100.10,EUR,INV-1\n2026-10-20,aws,CC-1,-0.10,EUR,INV-2\n' +
          '2026-11-01,aws,CC-1,50,EUR,INV-3\n2026-11-02,aws,CC-1,7,USD,INV-3\n2026-11-02,gcp,CC-2,3,,INV-4\n',
      ),
    },
  })
  t.equal(upload.status, 200)
  t.strictSame(
    await same(t, 'after the upload'),
    [
      { month: '2026-10', identifier: 'CC-1', business_units_id: null, provider: 'aws', currency: 'EUR', amount: '100.00', lines: 2 },
      { month: '2026-11', identifier: 'CC-1', business_units_id: null, provider: 'aws', currency: 'EUR', amount: '50.00', lines: 1 },
      { month: '2026-11', identifier: 'CC-1', business_units_id: null, provider: 'aws', currency: 'USD', amount: '7.00', lines: 1 },
      { month: '2026-11', identifier: 'CC-2', business_units_id: null, provider: 'gcp', currency: null, amount: '3.00', lines: 1 },
    ],
    'a credit lowers its month; no currency is a group of its own',
  )

  const again = await api('POST', '/cloud_bills/upload', {
    cloud_bill: { data: dataUrl('date,provider,identifier,amount,currency,reference\n2026-11-01,aws,CC-1,60,EUR,INV-3\n') },
  })
  t.strictSame(again.body, { data: { inserted: 0, updated: 1, unchanged: 0 } }, 'the same line again updates its amount')
  await same(t, 'after an upload that updates a line')

  const [bill] = await rows<{ id: number }>(database.db, sql`SELECT id FROM cloud_bills WHERE amount = 100.10`)
  const stored = (await api('GET', `/cloud_bills/${bill.id}`)).body.data
  const moved = await api('PUT', `/cloud_bills/${bill.id}`, { ...stored, date: '2026-11-05', currency: 'USD', amount: 90 })
  t.equal(moved.status, 200, 'a CRUD edit moves a bill to another month and currency')
  await same(t, 'after the edit')

  t.equal((await api('DELETE', `/cloud_bills/${bill.id}`)).status, 200)
  const [credit] = await rows<{ id: number }>(database.db, sql`SELECT id FROM cloud_bills WHERE amount = -0.10`)
  t.equal((await api('DELETE', `/cloud_bills/${credit.id}`)).status, 200)
  const left = await same(t, 'after the deletes')
  t.notOk(
    left.some((r) => r.month === '2026-10'),
    'a group without bills is gone, not a row of zero',
  )

  await database.db.execute(sql`UPDATE cloud_bills SET amount = amount * 2`)
  await same(t, 'after a statement that updates every bill')
  await database.db.execute(sql`DELETE FROM cloud_bills`)
  t.strictSame(await same(t, 'after deleting every bill'), [])
})

t.test('GET /cloud_bills/monthly_spend', async (t) => {
  const { api, database, url } = await serveUpstream(t, { seed: false, clock })
  const db = database.db
  await db.execute(sql`INSERT INTO business_units (name) VALUES ('Retail'), ('Gaming')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Ops')`)
  await db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  await db.execute(sql`INSERT INTO cloud_contacts (email) VALUES ('Olivia@ccoe.example'), ('pat@ccoe.example')`)
  await db.execute(sql`
    INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT identifier, (SELECT id FROM cloud_contacts WHERE email = owner), (SELECT min(id) FROM companies),
           (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments)
    FROM (VALUES ('CC-1', 'Olivia@ccoe.example'), ('CC-2', 'pat@ccoe.example')) AS v(identifier, owner)`)
  const [retail, gaming] = (await rows<{ id: number }>(db, sql`SELECT id FROM business_units ORDER BY id`)).map((r) => Number(r.id))
  const [cc1, cc2Id] = (await rows<{ id: number }>(db, sql`SELECT id FROM cost_centers ORDER BY identifier`)).map((r) => Number(r.id))
  await db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, currency, business_units_id, reference) VALUES
      ('2025-11-30', 'aws', 'CC-1', 999, 'EUR', ${retail}, 'before the window'),
      ('2025-12-01', 'aws', 'CC-1', 10, 'EUR', ${retail}, 'a'),
      ('2026-10-15', 'aws', 'CC-1', 200, 'EUR', ${retail}, 'b'),
      ('2026-11-01', 'aws', 'CC-1', 250, 'EUR', ${retail}, 'c'),
      ('2026-11-02', 'aws', 'CC-1', 30, 'USD', ${retail}, 'd'),
      ('2026-10-02', 'gcp', 'CC-2', -40, 'EUR', ${gaming}, 'credit'),
      ('2026-11-03', 'gcp', 'CC-2', -10, 'EUR', ${gaming}, 'smaller credit'),
      ('2026-11-03', 'azure', 'CC-9', 5, NULL, NULL, 'unknown cost center'),
      ('2026-12-01', 'aws', 'CC-1', 1, 'EUR', ${retail}, 'after the window')`)
  const spend = (query = '') => api('GET', `/cloud_bills/monthly_spend${query}`)
  const zeros = (last: [number, number], first = 0) => [first, ...Array(9).fill(0), ...last]

  const all = await spend()
  t.equal(all.status, 200)
  t.strictSame(all.body.meta.months, windowMonths('2026-11'), "the clock's month ends the window")
  const cc1Eur = {
    identifier: 'CC-1',
    cost_center_id: cc1,
    business_units_id: retail,
    business_unit_name: 'Retail',
    provider: 'aws',
    currency: 'EUR',
    months: zeros([200, 250], 10),
    total: 460,
    current: 250,
    previous: 200,
    change: 50,
    change_percent: 25,
  }
  const cc1Usd = {
    ...cc1Eur,
    currency: 'USD',
    months: zeros([0, 30]),
    total: 30,
    current: 30,
    previous: 0,
    change: 30,
    change_percent: null,
  }
  const cc9 = {
    identifier: 'CC-9',
    cost_center_id: null,
    business_units_id: null,
    business_unit_name: null,
    provider: 'azure',
    currency: null,
    months: zeros([0, 5]),
    total: 5,
    current: 5,
    previous: 0,
    change: 5,
    change_percent: null,
  }
  const cc2 = {
    identifier: 'CC-2',
    cost_center_id: cc2Id,
    business_units_id: gaming,
    business_unit_name: 'Gaming',
    provider: 'gcp',
    currency: 'EUR',
    months: zeros([-40, -10]),
    total: -50,
    current: -10,
    previous: -40,
    change: 30,
    change_percent: 75,
  }
  t.strictSame(
    all.body.data,
    [cc1Eur, cc1Usd, cc9, cc2],
    'biggest total first; a month without bills is 0, a new spender has no percent; a credit that shrinks is a rise against its size',
  )
  t.strictSame(
    all.body.meta.totals,
    [
      { currency: 'EUR', months: zeros([160, 240], 10), total: 410, change: 80, change_percent: 50 },
      { currency: 'USD', months: zeros([0, 30]), total: 30, change: 30, change_percent: null },
      { currency: null, months: zeros([0, 5]), total: 5, change: 5, change_percent: null },
    ],
    'one total per currency, none last: EUR and USD never added',
  )
  t.equal(all.body.meta.count, 4)

  const ids = async (query: string) => {
    const answer = await spend(query)
    t.equal(answer.status, 200, query)
    return answer.body.data.map((r: { identifier: string; currency: string | null }) => `${r.identifier} ${r.currency}`)
  }
  t.strictSame(await ids(`?business_unit=${gaming}`), ['CC-2 EUR'], 'by business unit')
  t.strictSame(await ids('?provider=aws'), ['CC-1 EUR', 'CC-1 USD'], 'by provider')
  t.strictSame(await ids('?owner=olivia@CCOE.example'), ['CC-1 EUR', 'CC-1 USD'], "by the cost center owner's address, in any case")
  t.strictSame(await ids('?identifier=cc-2'), ['CC-2 EUR'], 'by cost center, in any case')
  t.strictSame(await ids('?provider=azure&owner=pat@ccoe.example'), [], 'filters add up')
  t.strictSame(
    (await spend(`?business_unit=${gaming}`)).body.meta.totals,
    [{ currency: 'EUR', months: zeros([-40, -10]), total: -50, change: 30, change_percent: 75 }],
    'the totals are of the filtered rows',
  )

  t.strictSame(await ids('?sort=total'), ['CC-2 EUR', 'CC-9 null', 'CC-1 USD', 'CC-1 EUR'])
  // a descending order is the ascending one backwards, its ties too, but a row without the value is last either way
  t.strictSame(await ids('?sort=-change_percent'), ['CC-2 EUR', 'CC-1 EUR', 'CC-9 null', 'CC-1 USD'], 'no percent last')
  t.strictSame(await ids('?sort=change_percent'), ['CC-1 EUR', 'CC-2 EUR', 'CC-1 USD', 'CC-9 null'], 'no percent last, ascending too')
  t.strictSame(await ids('?sort=business_unit'), ['CC-2 EUR', 'CC-1 EUR', 'CC-1 USD', 'CC-9 null'], 'no business unit last')
  t.strictSame(
    await ids('?sort=-business_unit'),
    ['CC-1 USD', 'CC-1 EUR', 'CC-2 EUR', 'CC-9 null'],
    'no business unit last, descending too',
  )
  t.strictSame(await ids('?sort=-currency'), ['CC-1 USD', 'CC-2 EUR', 'CC-1 EUR', 'CC-9 null'], 'no currency last')
  t.strictSame(await ids('?sort=-identifier'), ['CC-9 null', 'CC-2 EUR', 'CC-1 USD', 'CC-1 EUR'])
  t.strictSame(await ids('?sort=change'), ['CC-9 null', 'CC-1 USD', 'CC-2 EUR', 'CC-1 EUR'], 'a tie by cost center')
  const second = await spend('?per_page=3&page=2')
  t.strictSame([second.body.data.map((r: { identifier: string }) => r.identifier), second.body.meta.count], [['CC-2'], 4], 'paged')

  const earlier = await spend('?month=2026-10')
  t.strictSame(earlier.body.meta.months.at(-1), '2026-10')
  t.strictSame(
    earlier.body.data[0],
    {
      ...cc1Eur,
      months: [999, 10, ...Array(9).fill(0), 200],
      total: 1209,
      current: 200,
      previous: 0,
      change: 200,
      change_percent: null,
    },
    'month moves the window',
  )

  for (const [query, field] of [
    ['month=2026-13', 'month'],
    ['month=2026-1', 'month'],
    ['business_unit=x', 'business_unit'],
    ['business_unit=0', 'business_unit'],
    ['provider=ibm', 'provider'],
    ['owner=not-an-address', 'owner'],
    ['identifier=', 'identifier'],
    ['sort=amount', 'sort'],
    ['page=0', 'page'],
    ['per_page=1001', 'per_page'],
  ]) {
    const refused = await spend(`?${query}`)
    // a well-formed value the portal cannot use (not an address) is a 422, as everywhere
    t.equal(refused.status, field === 'owner' ? 422 : 400, query)
    t.strictSame(Object.keys(refused.body.fields ?? {}), [field], `${query}: names ${field}`)
  }
  t.equal((await spend('?colour=red')).status, 400, 'an unknown parameter')

  const csv = await fetch(`${url}/cloud_bills/monthly_spend/csv?provider=aws&sort=currency`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  t.equal(csv.status, 200)
  t.match(csv.headers.get('content-type'), /^text\/csv/)
  t.equal(csv.headers.get('content-disposition'), 'attachment; filename="monthly_spend_2026-11.csv"')
  t.strictSame(
    (await csv.text()).split('\r\n'),
    [
      `Identifier,Business Unit,Provider,Currency,${windowMonths('2026-11').join(',')},Total,Change,Change %`,
      'CC-1,Retail,aws,EUR,10,0,0,0,0,0,0,0,0,0,200,250,460,50,25',
      'CC-1,Retail,aws,USD,0,0,0,0,0,0,0,0,0,0,0,30,30,30,',
      '',
    ],
    'the CSV: the same filters and order, every row',
  )
})

t.test('the kept window answers what a window summed from monthly_spend answers, and moves when the month turns', async (t) => {
  let now = new Date('2026-11-20T10:00:00Z')
  const { api, app, database } = await serveUpstream(t, { seed: false, clock: () => now })
  const db = database.db
  await db.execute(sql`INSERT INTO business_units (name) VALUES ('Retail'), ('gaming')`)
  await db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, currency, business_units_id, reference)
    SELECT (DATE '2025-10-01' + (g * 37 % 450)), (ARRAY['aws', 'azure', 'gcp'])[1 + g % 3], 'CC-' || (g % 7),
           round((g * 7919 % 1000) / 10.0 - 30, 2), (ARRAY['EUR', 'USD', NULL])[1 + g % 3 * (g % 2)],
           (SELECT min(id) FROM business_units) + g % 3 - 1 + CASE WHEN g % 3 = 0 THEN NULL ELSE 0 END, 'INV-' || g
    FROM generate_series(1, 400) g`)
  const queries = [
    '',
    '?sort=total',
    '?sort=-change_percent',
    '?sort=change_percent',
    '?sort=business_unit',
    '?sort=-business_unit',
    '?sort=currency',
    '?sort=-currency',
    '?sort=provider',
    '?sort=-current',
    '?sort=change&provider=gcp',
    '?identifier=cc-3&sort=-change',
    '?per_page=7&page=3&sort=identifier',
    '?per_page=5&page=4&sort=-business_unit',
    '?per_page=5&page=2&sort=business_unit&provider=aws',
  ]
  t.equal((await api('GET', '/cloud_bills/monthly_spend')).status, 200)
  await app.spendWindow.settled()
  t.strictSame((await windowKept(db, '2026-11')).kept, [{ month: '2026-11' }], "the first read's re-base has kept the window")
  const kept = []
  for (const query of queries) kept.push((await api('GET', `/cloud_bills/monthly_spend${query}`)).body)
  t.equal(kept[0].meta.count, (await windowKept(db, '2026-11')).window.length, 'every group of the window counted')
  t.ok(kept[0].meta.count > 20, 'enough groups to page through')

  now = new Date('2027-01-03T00:00:00Z')
  for (const [i, query] of queries.entries()) {
    const summed = await api('GET', `/cloud_bills/monthly_spend${query}${query ? '&' : '?'}month=2026-11`)
    t.strictSame(summed.body, kept[i], `${query || 'all'}: the same answer summed from monthly_spend`)
  }
  t.strictSame((await windowKept(db, '2026-11')).kept, [{ month: '2026-11' }], "another month's read leaves the kept window")

  const turned = await api('GET', '/cloud_bills/monthly_spend')
  t.strictSame(turned.body.meta.months.at(-1), '2027-01', "the clock's month ends the window")
  await app.spendWindow.settled()
  t.strictSame(
    (await api('GET', '/cloud_bills/monthly_spend')).body,
    turned.body,
    'answered from monthly_spend while the re-base ran, the same after it',
  )
  const window = await windowKept(db, '2027-01')
  t.strictSame(
    [window.kept, window.window, window.totals],
    [[{ month: '2027-01' }], window.summed, window.totalsSummed],
    "the clock's first read of a new month re-bases the kept window",
  )
  await db.execute(sql`UPDATE cloud_bills SET amount = amount + 1 WHERE identifier = 'CC-2'`)
  const after = await windowKept(db, '2027-01')
  t.strictSame([after.window, after.totals], [after.summed, after.totalsSummed], 'and keeps it from then on')
})
