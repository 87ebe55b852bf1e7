/** `npm run seed -- --bills N` and the bills bench: the made-up bills hold at the millionth one too. */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { openTestDatabase } from '../../../lib/test-database.js'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { insertGeneratedBills } from '../../../../server/upstream/db/seed/generated-bills.js'

t.test('generated bills: numbered past the int4 range of their arithmetic, amounts fixed by number', async (t) => {
  const database = await openTestDatabase()
  t.teardown(() => database.close())
  await insertGeneratedBills(database.db, 999_998, 1_000_000)
  t.same(await rows(database.db, sql`SELECT identifier, amount::text AS amount, line_item FROM cloud_bills ORDER BY line_item`), [
    // 1,000,000 × 7919 = 7,919,000,000: past int4, which stopped the seed at about bill 271,000
    { identifier: 'CC-0000', amount: '0.00', line_item: 'Seeded line 1000000' },
    { identifier: 'CC-4998', amount: '9841.62', line_item: 'Seeded line 999998' },
    { identifier: 'CC-4999', amount: '9920.81', line_item: 'Seeded line 999999' },
  ])
})
