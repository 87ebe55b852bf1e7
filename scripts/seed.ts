/**
 * `npm run seed -- --bills 1000000`: loads that many cloud bills into the portal's database (the
 * PostgreSQL of DATABASE_URL, else PGlite in ./data, or DATA_DIR), 250,000 per statement
 * (db/seed/generated-bills.ts: no row passes through JavaScript). Demo data comes first
 * (the bills point at its business units and networks). Stop the portal first when on PGlite.
 */
import { sql } from 'drizzle-orm'
import { parseArgs } from 'node:util'
import { openDatabase } from '../server/upstream/db/client.js'
import { insertGeneratedBills } from '../server/upstream/db/seed/generated-bills.js'
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
    await insertGeneratedBills(database.db, done + 1, done + n)
    process.stdout.write(`\r${done + n} of ${wanted} bills`)
  }
  // the planner's statistics for the new rows (a PostgreSQL without autovacuum would plan blind)
  if (wanted) await database.db.execute(sql`ANALYZE cloud_bills, cloud_bill_terms`)
  if (wanted) console.log(`\n${wanted} bills in ${((performance.now() - started) / 1000).toFixed(1)} s`)
} finally {
  await database.close()
}
