import { sql } from 'drizzle-orm'
import type { Executor } from '../records/rows.js'

/**
 * Bills number `from` to `to` made up in one INSERT … SELECT over generate_series (no row passes
 * through JavaScript): five years of month-start dates, 5,000 identifiers CC-0000…CC-4999, the three
 * providers, amounts fixed by number. `npm run seed -- --bills N` and the bills bench load them.
 * Bill g is the same line each time (its line item names it, migration 053's key): loading a
 * number again adds nothing.
 */
export async function insertGeneratedBills(db: Executor, from: number, to: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO cloud_bills (date, provider, company_code, currency, reference, account, identifier, amount,
                             business_units_id, cost_center_networks_id, activity, line_item)
    SELECT (date_trunc('month', now()) - make_interval(months => (g % 60)::int))::date,
           (ARRAY['aws', 'azure', 'gcp'])[1 + g % 3],
           (ARRAY['1000', '3100', '2000', '4100', '3750'])[1 + g % 5],
           'USD',
           'INV-' || to_char(date_trunc('month', now()) - make_interval(months => (g % 60)::int), 'YYYYMM') || '-' || (g % 97),
           (ARRAY['650100', '650200', '650300'])[1 + g % 3],
           'CC-' || lpad((g % 5000)::text, 4, '0'),
           round(((g::bigint * 7919) % 1000000)::numeric / 100, 2),
           units.ids[1 + g % greatest(cardinality(units.ids), 1)],
           NULL,
           (ARRAY['Compute', 'Storage', 'Network', 'BigQuery'])[1 + g % 4],
           'Seeded line ' || g
    FROM generate_series(${from}::int, ${to}::int) AS g,
         (SELECT array_agg(id ORDER BY id) AS ids FROM business_units) AS units
    ON CONFLICT DO NOTHING`)
}
