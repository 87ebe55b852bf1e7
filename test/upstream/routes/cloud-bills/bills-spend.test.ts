/**
 * The billing dashboard's aggregate (spec 001 §2): GET /cloud_bills/spend sums the bills dated in a
 * window (both days included) per cost center and currency in SQL, biggest first, for all identifiers
 * or one, with one total per currency: amounts of different currencies are never added together.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { serveUpstream } from '../../fixtures/serve.js'

t.test('spend per cost center', async (t) => {
  const { api, database } = await serveUpstream(t, { seed: false })
  await database.db.execute(sql`
    INSERT INTO cloud_bills (date, provider, identifier, amount, currency) VALUES
      ('2026-08-31', 'gcp', 'CC-A', 1000.00, 'EUR'),
      ('2026-09-01', 'gcp', 'CC-A', 10.10, 'USD'),
      ('2026-09-15', 'aws', 'CC-A', 0.20, 'USD'),
      ('2026-09-30', 'azure', 'CC-B', 99.99, 'USD'),
      ('2026-09-10', 'gcp', 'CC-C', -5.00, NULL),
      ('2026-10-01', 'gcp', 'CC-B', 500.00, 'USD'),
      ('2026-12-01', 'gcp', 'CC-D', 1.00, NULL)`)
  const spend = (query: string) => api('GET', `/cloud_bills/spend?${query}`)

  t.strictSame(await spend('key=all&startDate=2026-09-01&endDate=2026-09-30'), {
    status: 200,
    body: {
      data: [
        { identifier: 'CC-B', currency: 'USD', amount: 99.99, bills: 1 },
        { identifier: 'CC-A', currency: 'USD', amount: 10.3, bills: 2 },
        { identifier: 'CC-C', currency: null, amount: -5, bills: 1 },
      ],
      meta: {
        identifiers: 3,
        totals: [
          { currency: 'USD', amount: 110.29, bills: 3, identifiers: 2 },
          { currency: null, amount: -5, bills: 1, identifiers: 1 },
        ],
      },
    },
  })
  t.strictSame(
    (await spend('key=CC-A&startDate=2026-08-01&endDate=2026-10-31')).body,
    {
      data: [
        { identifier: 'CC-A', currency: 'EUR', amount: 1000, bills: 1 },
        { identifier: 'CC-A', currency: 'USD', amount: 10.3, bills: 2 },
      ],
      meta: {
        identifiers: 1,
        totals: [
          { currency: 'EUR', amount: 1000, bills: 1, identifiers: 1 },
          { currency: 'USD', amount: 10.3, bills: 2, identifiers: 1 },
        ],
      },
    },
    'EUR and USD: one figure and one total each, never added together',
  )
  t.strictSame(
    (await spend('key=all&startDate=2026-08-01&endDate=2026-10-31')).body,
    {
      data: [
        { identifier: 'CC-A', currency: 'EUR', amount: 1000, bills: 1 },
        { identifier: 'CC-B', currency: 'USD', amount: 599.99, bills: 2 },
        { identifier: 'CC-A', currency: 'USD', amount: 10.3, bills: 2 },
        { identifier: 'CC-C', currency: null, amount: -5, bills: 1 },
      ],
      meta: {
        identifiers: 3,
        totals: [
          { currency: 'EUR', amount: 1000, bills: 1, identifiers: 1 },
          { currency: 'USD', amount: 610.29, bills: 4, identifiers: 2 },
          { currency: null, amount: -5, bills: 1, identifiers: 1 },
        ],
      },
    },
    'by currency (none last), biggest first; a cost center counted once in all',
  )
  t.strictSame(
    (await spend('key=all&startDate=2026-12-01&endDate=2026-12-31')).body,
    {
      data: [{ identifier: 'CC-D', currency: null, amount: 1, bills: 1 }],
      meta: { identifiers: 1, totals: [{ currency: null, amount: 1, bills: 1, identifiers: 1 }] },
    },
    'no currency named',
  )
  t.strictSame(
    (await spend('startDate=2027-01-01&endDate=2027-12-31')).body,
    { data: [], meta: { identifiers: 0, totals: [] } },
    'key defaults to all',
  )

  const reversed = await spend('key=all&startDate=2026-09-30&endDate=2026-09-01')
  t.equal(reversed.status, 400)
  t.strictSame(reversed.body.fields, { endDate: 'End date must not be before the start date' })
  const notADay = await spend('key=all&startDate=2026-9-1&endDate=2026-09-30')
  t.equal(notADay.status, 400)
  t.strictSame(Object.keys(notADay.body.fields), ['startDate'])
})
