/**
 * `npm run seed -- --bills 1000000`: loads that many cloud bills into the portal's database (the
 * PostgreSQL of DATABASE_URL, else PGlite in ./data, or DATA_DIR), in one INSERT … SELECT over
 * generate_series per 250,000 rows, so no row passes through JavaScript. Demo data comes first
 * (the bills point at its business units and networks). Stop the portal first when on PGlite.
 */
import { sql } from 'drizzle-orm'
import { parseArgs } from 'node:util'
import { openDatabase } from '../server/upstream/db/client.js'
import { seedDemoData } from '../server/upstream/db/seed/index.js'

const { values } = parseArgs({ options: { bills: { type: 'string', default: '0' } } })
const wanted = Number(values.bills)
if (!Number.isSafeInteger(wanted) || wanted < 0 || wanted > 100_000_000) {
  console.error('--bills takes a whole number of bills (0 to 100,000,000)')
  process.exit(1)
}
const CHUNK = 250_000
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'data' })
try {
  await seedDemoData(database)
  const started = performance.now()
  for (let done = 0; done < wanted; done += CHUNK) {
    const n = Math.min(CHUNK, wanted - done)
    // spread over five years of month-start dates, five identifiers per business unit, the three providers
    await database.db.execute(sql`
      INSERT INTO cloud_bills (date, provider, company_code, currency, reference, account, identifier, amount,
                               business_units_id, cost_center_networks_id, activity, line_item)
      SELECT (date_trunc('month', now()) - make_interval(months => (g % 60)::int))::date,
             (ARRAY['aws', 'azure', 'gcp'])[1 + g % 3],
             (ARRAY['1000', '3100', '2000', '4100', '3750'])[1 + g % 5],
             'USD',
             'INV-' || to_char(date_trunc('month', now()) - make_interval(months => (g % 60)::int), 'YYYYMM') || '-' || (g % 97),
             (ARRAY['650100', '650200', '650300'])[1 + g % 3],
             'CC-' || lpad((g % 5000)::text, 4, '0'),
             round(((g * 7919) % 1000000)::numeric / 100, 2),
             units.ids[1 + g % greatest(cardinality(units.ids), 1)],
             NULL,
             (ARRAY['Compute', 'Storage', 'Network', 'BigQuery'])[1 + g % 4],
             'Seeded line ' || g
      FROM generate_series(${done + 1}::int, ${done + n}::int) AS g,
           (SELECT array_agg(id ORDER BY id) AS ids FROM business_units) AS units`)
    process.stdout.write(`\r${done + n} of ${wanted} bills`)
  }
  if (wanted) console.log(`\n${wanted} bills in ${((performance.now() - started) / 1000).toFixed(1)} s`)
} finally {
  await database.close()
}
