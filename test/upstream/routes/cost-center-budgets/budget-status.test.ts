/**
 * Issue 42 item 3 against the real upstream: cost center budgets are a registry model (the generic
 * CRUD with its refusals naming the field, the thresholds' default, one budget per cost center and
 * currency, the history; the CSV and roles are the gateway's: test/gateway/budget-calls.test.ts),
 * and GET /cost_center_budgets/status reads each budget's month to date from monthly_spend, its
 * run-rate forecast at the injected clock, and the thresholds crossed:
 * bills in another currency or month ignored, no spend, exactly at a threshold, filters, 400s.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { serveUpstream } from '../../fixtures/serve.js'

/** the 20th of November 2026: 20 of its 30 days have gone (today counts) */
const clock = () => new Date('2026-11-20T10:00:00Z')

const refusal = (field: string, message: string) => ({
  status: 400,
  body: { error: message, statusCode: 400, fields: { [field]: message } },
})

async function withCostCenters(database: Awaited<ReturnType<typeof serveUpstream>>['database']) {
  const db = database.db
  await db.execute(sql`INSERT INTO business_units (name) VALUES ('Retail'), ('Gaming')`)
  await db.execute(sql`INSERT INTO departments (name) VALUES ('Ops')`)
  await db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  await db.execute(sql`INSERT INTO cloud_contacts (email) VALUES ('Olivia@ccoe.example'), ('pat@ccoe.example')`)
  await db.execute(sql`
    INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT identifier, (SELECT id FROM cloud_contacts WHERE email = owner), (SELECT min(id) FROM companies),
           (SELECT id FROM business_units WHERE name = unit), (SELECT min(id) FROM departments)
    FROM (VALUES ('CC-1', 'Olivia@ccoe.example', 'Retail'), ('CC-2', 'pat@ccoe.example', 'Gaming'), ('CC-3', 'pat@ccoe.example', 'Gaming'))
      AS v(identifier, owner, unit)`)
  const ids = await rows<{ id: number }>(db, sql`SELECT id FROM cost_centers ORDER BY identifier`)
  return ids.map((r) => Number(r.id))
}

t.test('budgets on the registry: create, defaults, refusals naming the field, duplicates, history', async (t) => {
  const { api, database } = await serveUpstream(t, { seed: false, clock })
  const [cc1, cc2] = await withCostCenters(database)

  const created = await api('POST', '/cost_center_budgets', { cost_center_budget: { cost_center_id: cc1, amount: 1000, currency: 'USD' } })
  t.equal(created.status, 201)
  t.strictSame(
    { ...created.body.data, id: 0, created_at: '' },
    { id: 0, cost_center_id: cc1, cost_center_identifier: 'CC-1', amount: 1000, currency: 'USD', thresholds: '80, 100', created_at: '' },
    'the thresholds default to 80 and 100',
  )

  const body = { cost_center_id: cc2, amount: 50, currency: 'EUR', thresholds: '50, 90' }
  const cases: [Record<string, unknown>, string, string][] = [
    [{ amount: 0 }, 'amount', 'Monthly Amount must be at least 0.01'],
    [{ amount: -5 }, 'amount', 'Monthly Amount must be at least 0.01'],
    [{ amount: null }, 'amount', 'Monthly Amount is required'],
    [{ currency: 'usd' }, 'currency', 'Currency must be a three-letter currency code in capitals, such as USD'],
    [{ currency: 'US$' }, 'currency', 'Currency must be a three-letter currency code in capitals, such as USD'],
    [{ currency: 'EURO' }, 'currency', 'Currency must be at most 3 characters'],
    [{ thresholds: '100, 80' }, 'thresholds', 'Alert Thresholds (%) must ascend, each percent once (80, 100)'],
    [{ thresholds: '80, 80' }, 'thresholds', 'Alert Thresholds (%) must ascend, each percent once (80, 100)'],
    [{ thresholds: '0, 80' }, 'thresholds', 'Alert Thresholds (%) must be whole percents from 1 to 1000, separated by commas (80, 100)'],
    [{ thresholds: '80, 1001' }, 'thresholds', 'Alert Thresholds (%) must be whole percents from 1 to 1000, separated by commas (80, 100)'],
    [{ thresholds: '80, 92.5' }, 'thresholds', 'Alert Thresholds (%) must be whole percents from 1 to 1000, separated by commas (80, 100)'],
    [{ thresholds: 'eighty' }, 'thresholds', 'Alert Thresholds (%) must be whole percents from 1 to 1000, separated by commas (80, 100)'],
    [{ thresholds: '' }, 'thresholds', 'Alert Thresholds (%) is required'],
    [{ thresholds: null }, 'thresholds', 'Alert Thresholds (%) is required'],
  ]
  for (const [change, field, message] of cases) {
    t.same(
      await api('POST', '/cost_center_budgets', { cost_center_budget: { ...body, ...change } }),
      refusal(field, message),
      JSON.stringify(change),
    )
  }
  const fine = await api('POST', '/cost_center_budgets', { cost_center_budget: { ...body, thresholds: '1,1000' } })
  t.equal(fine.status, 201, 'the bounds 1 and 1000 are fine, commas without spaces too')

  const duplicate = 'This cost center has a budget in this currency already'
  t.same(await api('POST', '/cost_center_budgets', { cost_center_budget: { cost_center_id: cc1, amount: 5, currency: 'USD' } }), {
    status: 409,
    body: { error: duplicate, statusCode: 409, fields: { cost_center_id: duplicate } },
  })
  t.equal(
    (await api('POST', '/cost_center_budgets', { cost_center_budget: { cost_center_id: cc1, amount: 5, currency: 'EUR' } })).status,
    201,
    'the same cost center in another currency',
  )

  const id = created.body.data.id
  t.same(
    await api('PUT', `/cost_center_budgets/${id}`, { thresholds: '90, 50' }),
    refusal('thresholds', 'Alert Thresholds (%) must ascend, each percent once (80, 100)'),
  )
  const edited = await api('PUT', `/cost_center_budgets/${id}`, { amount: 1200.5, thresholds: '50, 75, 100' })
  t.equal(edited.status, 200)
  t.strictSame([edited.body.data.amount, edited.body.data.thresholds], [1200.5, '50, 75, 100'])

  const list = await api('GET', '/cost_center_budgets?by_cost_center_identifier=cc-1&sort=-amount')
  t.strictSame(
    list.body.data.map((r: Record<string, unknown>) => [r.cost_center_identifier, r.currency, r.amount]),
    [
      ['CC-1', 'USD', 1200.5],
      ['CC-1', 'EUR', 5],
    ],
  )

  const history = await api('GET', `/record_changes?by_model=cost_center_budgets&by_record_id=${id}&sort=id`)
  t.strictSame(
    history.body.data.map((c: Record<string, unknown>) => c.action),
    ['create', 'update'],
    'the history of a budget',
  )
})

t.test('GET /cost_center_budgets/status', async (t) => {
  let now = clock()
  const { api, database } = await serveUpstream(t, { seed: false, clock: () => now })
  const db = database.db
  const [cc1, cc2, cc3] = await withCostCenters(database)
  await db.execute(sql`
    INSERT INTO cost_center_budgets (cost_center_id, amount, currency, thresholds) VALUES
      (${cc1}, 1000, 'USD', '80, 100'),
      (${cc2}, 100, 'EUR', '50, 100'),
      (${cc3}, 300, 'USD', '100, 150')`)
  await db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, currency, reference) VALUES
      ('2026-11-01', 'aws', 'CC-1', 500, 'USD', 'a'),
      ('2026-11-15', 'gcp', 'cc-1', 300, 'usd', 'the same cost center and currency in small letters'),
      ('2026-11-03', 'aws', 'CC-1', 999, 'EUR', 'another currency: not converted, not counted'),
      ('2026-10-31', 'aws', 'CC-1', 5000, 'USD', 'the month before'),
      ('2026-12-01', 'aws', 'CC-1', 7000, 'USD', 'the month after'),
      ('2026-11-02', 'aws', 'CC-2', 40, 'USD', 'CC-2 has a EUR budget only'),
      ('2026-11-05', 'azure', 'CC-3', 200, 'USD', 'x'),
      ('2026-11-06', 'azure', 'CC-3', 100, 'USD', 'y')`)
  const status = (query = '') => api('GET', `/cost_center_budgets/status${query}`)
  const [b1, b2, b3] = (await rows<{ id: number }>(db, sql`SELECT id FROM cost_center_budgets ORDER BY id`)).map((r) => Number(r.id))

  const november = await status()
  t.equal(november.status, 200)
  t.strictSame(november.body.meta, { month: '2026-11', elapsed_days: 20, days: 30, count: 3, page: 1, per_page: 50 })
  t.strictSame(
    november.body.data,
    [
      {
        id: b3,
        cost_center_id: cc3,
        identifier: 'CC-3',
        currency: 'USD',
        amount: 300,
        thresholds: [100, 150],
        spent: 300,
        spent_percent: 100,
        forecast: 450,
        forecast_percent: 150,
        crossed: [100],
        forecast_crossed: [100, 150],
      },
      {
        id: b1,
        cost_center_id: cc1,
        identifier: 'CC-1',
        currency: 'USD',
        amount: 1000,
        thresholds: [80, 100],
        spent: 800,
        spent_percent: 80,
        forecast: 1200,
        forecast_percent: 120,
        crossed: [80],
        forecast_crossed: [80, 100],
      },
      {
        id: b2,
        cost_center_id: cc2,
        identifier: 'CC-2',
        currency: 'EUR',
        amount: 100,
        thresholds: [50, 100],
        spent: 0,
        spent_percent: 0,
        forecast: 0,
        forecast_percent: 0,
        crossed: [],
        forecast_crossed: [],
      },
    ],
    'exactly at a threshold crosses it; another currency, another month and no spend count nothing; the most spent first',
  )

  const october = await status('?month=2026-10')
  t.strictSame(october.body.meta, { month: '2026-10', elapsed_days: 31, days: 31, count: 3, page: 1, per_page: 50 })
  t.strictSame(
    october.body.data.map((r: Record<string, unknown>) => [r.identifier, r.spent, r.forecast, r.crossed, r.forecast_crossed]),
    [
      ['CC-1', 5000, 5000, [80, 100], [80, 100]],
      ['CC-2', 0, 0, [], []],
      ['CC-3', 0, 0, [], []],
    ],
    'a month gone by: its forecast is what it spent',
  )
  const december = await status('?month=2026-12&identifier=cc-1')
  t.strictSame(december.body.meta, { month: '2026-12', elapsed_days: 0, days: 31, count: 1, page: 1, per_page: 50 })
  t.strictSame(
    december.body.data.map((r: Record<string, unknown>) => [
      r.spent,
      r.spent_percent,
      r.forecast,
      r.forecast_percent,
      r.crossed,
      r.forecast_crossed,
    ]),
    [[7000, 700, null, null, [80, 100], []]],
    'a month not begun has no forecast',
  )

  // the forecast follows the clock: on the 1st of November, 800 spent is a run rate of 24,000
  now = new Date('2026-11-01T00:00:00Z')
  const first = await status('?identifier=CC-1')
  t.strictSame([first.body.meta.elapsed_days, first.body.data[0].forecast, first.body.data[0].forecast_percent], [1, 24000, 2400])
  now = clock()

  const ids = async (query: string) => (await status(query)).body.data.map((r: Record<string, unknown>) => r.identifier)
  t.strictSame(await ids('?identifier=CC-2'), ['CC-2'], 'one cost center')
  t.strictSame(await ids('?owner=PAT@ccoe.example'), ['CC-3', 'CC-2'], "the cost centers' owner, in any case")
  const [, gaming] = (await rows<{ id: number }>(db, sql`SELECT id FROM business_units ORDER BY id`)).map((r) => Number(r.id))
  t.strictSame(await ids(`?business_unit=${gaming}`), ['CC-3', 'CC-2'], "the cost centers' business unit")
  const paged = await status('?per_page=1&page=2')
  t.strictSame([paged.body.meta.count, paged.body.data.map((r: Record<string, unknown>) => r.identifier)], [3, ['CC-1']])

  for (const [query, field] of [
    ['month=2026-13', 'month'],
    ['business_unit=0', 'business_unit'],
    ['owner=not-an-address', 'owner'],
    ['identifier=', 'identifier'],
    ['page=0', 'page'],
    ['per_page=1001', 'per_page'],
    ['provider=aws', 'provider'],
  ]) {
    const refused = await status(`?${query}`)
    t.equal(refused.status, field === 'owner' ? 422 : 400, query)
    t.strictSame(Object.keys(refused.body.fields ?? {}), [field], `${query}: names ${field}`)
  }
})

t.test('the demo data: a budget over its thresholds this month, one past its first, one within, one in an unbilled currency', async (t) => {
  // the demo bills are dated by the day of seeding: the status is read at the same clock's month
  const { api } = await serveUpstream(t, { seed: true })
  const status = await api('GET', '/cost_center_budgets/status')
  t.strictSame(
    status.body.data.map((r: Record<string, unknown>) => [r.identifier, r.currency, r.spent, r.crossed]),
    [
      ['1000-CCOE-01', 'USD', 1200, [80, 100]],
      ['3100-GAM-07', 'USD', 7271.3, [80]],
      ['2000-LOT-12', 'USD', 2861, []],
      ['4100-BET-03', 'EUR', 0, []],
    ],
  )
})
