/**
 * Issue 42 item 2: GET /cloud_bills/spend_anomalies finds the months whose spend stands out from the
 * median of the 6 before (shared/rules/spend-anomaly.ts) at the rule's edges: the factor and the
 * floor met exactly or missed by a cent, each currency apart, missing months counting 0, too little
 * history, credits lowering a month; what grew with its share; acknowledgements in the change log.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import type { Database } from '../../../../server/upstream/db/client.js'
import { serveUpstream } from '../../fixtures/serve.js'

/** the clock's month is 2026-11: its baseline months are 2026-05 … 2026-10 */
const clock = () => new Date('2026-11-20T10:00:00Z')
const BASELINE = ['2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']

type Bill = [
  month: string,
  identifier: string,
  amount: number,
  currency?: string | null,
  provider?: string,
  account?: string,
  line?: string,
]

async function insertBills(database: Database, bills: Bill[]) {
  for (const [month, identifier, amount, currency = 'EUR', provider = 'aws', account = '650100', line = 'Usage'] of bills) {
    await database.db.execute(sql`
      INSERT INTO cloud_bills (date, provider, identifier, amount, currency, account, line_item, reference)
      VALUES (${`${month}-01`}::date, ${provider}, ${identifier}, ${amount}, ${currency}, ${account}, ${line}, ${`INV-${month}-${provider}`})`)
  }
}
/** the same amount in each baseline month */
const steady = (identifier: string, amount: number, currency = 'EUR'): Bill[] => BASELINE.map((m) => [m, identifier, amount, currency])

const bills: Bill[] = [
  // both edges met exactly: 3000 is 1.5 × 2000 and 1000 above it; the increase split between two providers
  ...steady('A-EDGE', 2000),
  ['2026-11', 'A-EDGE', 2500],
  ['2026-11', 'A-EDGE', 500, 'EUR', 'azure', '650200', 'GPU'],
  // a cent short of the factor
  ...steady('B-FACTOR', 2000),
  ['2026-11', 'B-FACTOR', 2999.99],
  // past the factor, a cent short of the floor
  ...steady('C-FLOOR', 1000),
  ['2026-11', 'C-FLOOR', 1999.99],
  // a steady EUR spend and a first USD bill: added together they would be 3.5 times the median
  ...steady('D-CURRENCY', 2000),
  ['2026-11', 'D-CURRENCY', 2000],
  ['2026-11', 'D-CURRENCY', 5000, 'USD', 'aws', '650100', 'Usage in USD'],
  // bills in 3 of the 6 months: the median of 0, 0, 0, 3000, 3000, 3000 is 1500 (3000 if the gaps were skipped)
  ['2026-05', 'E-GAPS', 3000],
  ['2026-07', 'E-GAPS', 3000],
  ['2026-09', 'E-GAPS', 3000],
  ['2026-11', 'E-GAPS', 2500],
  // bills since 2 months: too little history to tell
  ['2026-09', 'F-NEW', 100],
  ['2026-10', 'F-NEW', 100],
  ['2026-11', 'F-NEW', 90000],
  // bills since 3 months: judged against those 3 (the median of 0, 0, 0, 4000, 4000, 4000 would be 2000)
  ['2026-08', 'K-YOUNG', 4000],
  ['2026-09', 'K-YOUNG', 4000],
  ['2026-10', 'K-YOUNG', 4000],
  ['2026-11', 'K-YOUNG', 4500],
  // a gap after the first bill counts 0: 3000, 0, 0, 0, 0, 3000 is a median of 0
  ['2026-04', 'L-GAP', 500],
  ['2026-05', 'L-GAP', 3000],
  ['2026-10', 'L-GAP', 3000],
  ['2026-11', 'L-GAP', 1000],
  // a credit lowers its month: 5000 − 2000 is 3000, an anomaly at the edges, and the credit grew nothing
  ...steady('G-CREDIT', 2000),
  ['2026-11', 'G-CREDIT', 5000, 'EUR', 'aws', '650100', 'Usage'],
  ['2026-11', 'G-CREDIT', -2000, 'EUR', 'gcp', '650300', 'Credit'],
  // a credit that makes it no anomaly: 5000 − 2001 is a cent short
  ...steady('H-CREDIT', 2000),
  ['2026-11', 'H-CREDIT', 5000],
  ['2026-11', 'H-CREDIT', -2001, 'EUR', 'gcp', '650300', 'Credit'],
  // bills without a currency are a currency of their own
  ...steady('I-NONE', 2000, null as unknown as string),
  ['2026-11', 'I-NONE', 4000, null],
  // an earlier month's anomaly, in a 12-month window only
  ['2026-02', 'J-PAST', 100],
  ['2026-03', 'J-PAST', 100],
  ['2026-04', 'J-PAST', 100],
  ['2026-05', 'J-PAST', 1500],
]

const grew = (
  dimension: string,
  name: string,
  amount: number,
  baseline: number,
  increase: number,
  share: number,
  references: string[],
) => ({
  dimension,
  name,
  references,
  amount,
  baseline,
  increase,
  share,
})
const anomaly = (identifier: string, currency: string | null, amount: number, baseline: number, extra: object) => ({
  identifier,
  cost_center_id: null,
  month: '2026-11',
  currency,
  amount,
  baseline,
  baseline_months: 6,
  increase: amount - baseline,
  ratio: baseline > 0 ? Math.round((amount / baseline) * 100) / 100 : null,
  acknowledgement: null,
  ...extra,
})
const RULE = { factor: 1.5, floor: 1000, baseline_months: 6, min_history_months: 3 }

t.test('GET /cloud_bills/spend_anomalies: the rule at its edges', async (t) => {
  const { api, database } = await serveUpstream(t, { seed: false, clock })
  await insertBills(database, bills)

  const found = await api('GET', '/cloud_bills/spend_anomalies')
  t.equal(found.status, 200)
  t.strictSame(found.body.meta, { months: ['2026-11'], count: 5, page: 1, per_page: 50, rule: RULE }, "the clock's month, the default rule")
  t.strictSame(
    found.body.data,
    [
      anomaly('I-NONE', null, 4000, 2000, {
        grew: [
          grew('provider', 'aws', 4000, 2000, 2000, 1, ['INV-2026-11-aws']),
          grew('account', '650100', 4000, 2000, 2000, 1, ['INV-2026-11-aws']),
          grew('line', 'Usage', 4000, 2000, 2000, 1, ['INV-2026-11-aws']),
        ],
      }),
      anomaly('A-EDGE', 'EUR', 3000, 2000, {
        grew: [
          grew('provider', 'aws', 2500, 2000, 500, 0.5, ['INV-2026-11-aws']),
          grew('provider', 'azure', 500, 0, 500, 0.5, ['INV-2026-11-azure']),
          grew('account', '650100', 2500, 2000, 500, 0.5, ['INV-2026-11-aws']),
          grew('account', '650200', 500, 0, 500, 0.5, ['INV-2026-11-azure']),
          grew('line', 'GPU', 500, 0, 500, 0.5, ['INV-2026-11-azure']),
          grew('line', 'Usage', 2500, 2000, 500, 0.5, ['INV-2026-11-aws']),
        ],
      }),
      anomaly('E-GAPS', 'EUR', 2500, 1500, {
        grew: [
          grew('provider', 'aws', 2500, 1500, 1000, 1, ['INV-2026-11-aws']),
          grew('account', '650100', 2500, 1500, 1000, 1, ['INV-2026-11-aws']),
          grew('line', 'Usage', 2500, 1500, 1000, 1, ['INV-2026-11-aws']),
        ],
      }),
      anomaly('G-CREDIT', 'EUR', 3000, 2000, {
        grew: [
          grew('provider', 'aws', 5000, 2000, 3000, 1, ['INV-2026-11-aws']),
          grew('account', '650100', 5000, 2000, 3000, 1, ['INV-2026-11-aws']),
          grew('line', 'Usage', 5000, 2000, 3000, 1, ['INV-2026-11-aws']),
        ],
      }),
      anomaly('L-GAP', 'EUR', 1000, 0, {
        grew: [
          grew('provider', 'aws', 1000, 0, 1000, 1, ['INV-2026-11-aws']),
          grew('account', '650100', 1000, 0, 1000, 1, ['INV-2026-11-aws']),
          grew('line', 'Usage', 1000, 0, 1000, 1, ['INV-2026-11-aws']),
        ],
      }),
    ],
    'the largest increase first; B, C, D, F, H and K are no anomalies',
  )
})

t.test('GET /cloud_bills/spend_anomalies: windows, filters, the settings, refusals', async (t) => {
  const { api, database } = await serveUpstream(t, { seed: false, clock })
  await insertBills(database, bills)
  const keys = (answer: { body: { data: { identifier: string; month: string; currency: string | null }[] } }) =>
    answer.body.data.map((a) => `${a.month} ${a.identifier} ${a.currency}`)

  const year = await api('GET', '/cloud_bills/spend_anomalies?months=12&identifier=j-past')
  t.strictSame(keys(year), ['2026-05 J-PAST EUR'], 'an earlier month in a longer window; the identifier in any case')
  t.strictSame(year.body.meta.months.slice(0, 2), ['2025-12', '2026-01'])
  t.strictSame(keys(await api('GET', '/cloud_bills/spend_anomalies?month=2026-05')), ['2026-05 J-PAST EUR'], 'a month named')
  t.strictSame(keys(await api('GET', '/cloud_bills/spend_anomalies?month=2026-06')), [], 'a month without any')
  const paged = await api('GET', '/cloud_bills/spend_anomalies?per_page=2&page=2')
  t.strictSame([keys(paged), paged.body.meta.count], [['2026-11 E-GAPS EUR', '2026-11 G-CREDIT EUR'], 5], 'paged')

  await database.db.execute(sql`INSERT INTO cloud_contacts (email) VALUES ('olivia@ccoe.example')`)
  await database.db.execute(sql`INSERT INTO companies (code) VALUES ('1000')`)
  await database.db.execute(sql`INSERT INTO business_units (name) VALUES ('Gaming')`)
  await database.db.execute(sql`INSERT INTO departments (name) VALUES ('Ops')`)
  await database.db.execute(sql`
    INSERT INTO cost_centers (identifier, cloud_contact_id, companies_id, business_units_id, departments_id)
    SELECT 'e-gaps', min(c.id), (SELECT min(id) FROM companies), (SELECT min(id) FROM business_units), (SELECT min(id) FROM departments)
    FROM cloud_contacts c`)
  const owned = await api('GET', '/cloud_bills/spend_anomalies?owner=Olivia@ccoe.example')
  t.strictSame(keys(owned), ['2026-11 E-GAPS EUR'], "the owner's cost centers")
  const [cc] = await rows<{ id: number }>(database.db, sql`SELECT id FROM cost_centers`)
  t.equal(owned.body.data[0].cost_center_id, Number(cc.id), 'the cost center record, whatever the case')

  for (const query of ['month=2026-13', 'months=0', 'months=13', 'per_page=201', 'identifier=', 'colour=red']) {
    const refused = await api('GET', `/cloud_bills/spend_anomalies?${query}`)
    t.equal(refused.status, 400, query)
  }

  const strict = await serveUpstream(t, { seed: false, clock, anomalyRule: { factor: 2, floor: 500 } })
  await insertBills(strict.database, bills)
  const stricter = await strict.api('GET', '/cloud_bills/spend_anomalies')
  t.strictSame(stricter.body.meta.rule, { ...RULE, factor: 2, floor: 500 }, 'the settings it was given')
  t.strictSame(keys(stricter), ['2026-11 I-NONE null', '2026-11 L-GAP EUR'], 'twice the median and 500 above it: I-NONE and L-GAP')
})

t.test('an anomaly acknowledged with a note, kept in the change log', async (t) => {
  const { api, database } = await serveUpstream(t, { seed: false, clock })
  await insertBills(database, bills)
  const as = (uid: string) => ({ authorization: `Bearer upstream-test-token`, 'content-type': 'application/json', uid })

  const created = await api(
    'POST',
    '/spend_anomaly_acknowledgements',
    { spend_anomaly_acknowledgement: { identifier: 'A-EDGE', month: '2026-11-01', currency: 'EUR', note: 'GPU trial, agreed' } },
    as('olivia@ccoe.example'),
  )
  t.equal(created.status, 201)
  const id = created.body.data.id
  const edge = async () =>
    (await api('GET', '/cloud_bills/spend_anomalies')).body.data.find((a: { identifier: string }) => a.identifier === 'A-EDGE')
  t.strictSame((await edge()).acknowledgement, { id, note: 'GPU trial, agreed', by: 'olivia@ccoe.example', at: '2026-11-20T10:00:00.000Z' })

  const stored = (await api('GET', `/spend_anomaly_acknowledgements/${id}`)).body.data
  const updated = await api(
    'PUT',
    `/spend_anomaly_acknowledgements/${id}`,
    { spend_anomaly_acknowledgement: { ...stored, note: 'GPU trial until December' } },
    as('pat@ccoe.example'),
  )
  t.equal(updated.status, 200)
  t.strictSame((await edge()).acknowledgement, {
    id,
    note: 'GPU trial until December',
    by: 'pat@ccoe.example',
    at: '2026-11-20T10:00:00.000Z',
  })

  const history = await api('GET', `/record_changes?by_model=spend_anomaly_acknowledgements&by_record_id=${id}&sort=id`)
  t.strictSame(
    history.body.data.map((c: { action: string; changed_by: string; changes: { note: unknown } }) => [
      c.action,
      c.changed_by,
      c.changes.note,
    ]),
    [
      ['create', 'olivia@ccoe.example', { from: null, to: 'GPU trial, agreed' }],
      ['update', 'pat@ccoe.example', { from: 'GPU trial, agreed', to: 'GPU trial until December' }],
    ],
    'both notes in the record history, with who wrote them',
  )

  const twice = await api('POST', '/spend_anomaly_acknowledgements', {
    spend_anomaly_acknowledgement: { identifier: 'A-EDGE', month: '2026-11-01', currency: 'EUR', note: 'again' },
  })
  t.strictSame([twice.status, twice.body.error], [409, 'This anomaly is acknowledged already: change its note instead'])
  const noCurrency = { identifier: 'I-NONE', month: '2026-11-01', currency: null, note: 'no currency on the invoice' }
  t.equal((await api('POST', '/spend_anomaly_acknowledgements', { spend_anomaly_acknowledgement: noCurrency })).status, 201)
  const none = await api('POST', '/spend_anomaly_acknowledgements', { spend_anomaly_acknowledgement: { ...noCurrency, note: 'twice' } })
  t.equal(none.status, 409, 'one acknowledgement per anomaly without a currency too')
  const midMonth = await api('POST', '/spend_anomaly_acknowledgements', {
    spend_anomaly_acknowledgement: { identifier: 'E-GAPS', month: '2026-11-15', currency: 'EUR', note: 'x' },
  })
  t.equal(midMonth.status, 201, 'any day names its month')
  const again = await api('POST', '/spend_anomaly_acknowledgements', {
    spend_anomaly_acknowledgement: { identifier: 'E-GAPS', month: '2026-11-30', currency: 'EUR', note: 'y' },
  })
  t.equal(again.status, 409, 'another day of the same month is the same anomaly')
  const gaps = (await api('GET', '/cloud_bills/spend_anomalies')).body.data.find((a: { identifier: string }) => a.identifier === 'E-GAPS')
  t.equal(gaps.acknowledgement.note, 'x', 'the anomaly of that month is acknowledged')
  const blank = await api('POST', '/spend_anomaly_acknowledgements', {
    spend_anomaly_acknowledgement: { identifier: 'E-GAPS', month: '2026-11-01', currency: 'EUR', note: '' },
  })
  t.strictSame([blank.status, Object.keys(blank.body.fields ?? {})], [400, ['note']], 'a note is required')
})
