import { sql } from 'drizzle-orm'
import { rows, type Executor } from '../records/rows.js'
import { OWNERS } from './cloud-bills.js'

const ACCOUNTS = { azure: { account: '650200', activity: 'Storage' }, gcp: { account: '650300', activity: 'BigQuery' } } as const

/** 'G0' + yyyyMM + '01' (Azure's invoice ids start with a letter), '38' + yyyyMM + '1' (Google's are digits) */
export function demoInvoiceId(provider: 'azure' | 'gcp', month: string): string {
  return provider === 'azure' ? `G0${month}01` : `38${month}1`
}

/** yyyyMM of the month `back` months before `now` */
export function monthBefore(now: Date, back: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`
}

/**
 * The providers' invoices of the last three months, waiting for the Billing Automation page to turn
 * them into bills: one Azure and one Google invoice a month, a line per demo cost center (amounts fixed
 * by position). Not a registry model: seeded once, when the table is empty.
 */
export async function seedProviderInvoices(db: Executor, now: Date = new Date()): Promise<void> {
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM provider_invoices`)
  if (Number(n) > 0) return
  for (let back = 3; back >= 1; back--) {
    const month = monthBefore(now, back)
    const issuedOn = `${monthBefore(now, back - 1).slice(0, 4)}-${monthBefore(now, back - 1).slice(4)}-01`
    for (const provider of ['azure', 'gcp'] as const) {
      const [invoice] = await rows<{ id: number }>(
        db,
        sql`INSERT INTO provider_invoices (provider, invoice_id, month, issued_on)
            VALUES (${provider}, ${demoInvoiceId(provider, month)}, ${provider === 'gcp' ? month : null}, ${issuedOn})
            RETURNING id`,
      )
      for (const [o, owner] of OWNERS.entries()) {
        const amount = Math.round((310 + o * 145.25 + back * 61.5 + (provider === 'gcp' ? 99 : 0)) * 100) / 100
        await db.execute(sql`
          INSERT INTO provider_invoice_lines (provider_invoices_id, identifier, company_code, account, amount, activity, line_item)
          VALUES (${invoice.id}, ${owner.identifier}, ${owner.company_code}, ${ACCOUNTS[provider].account}, ${amount},
                  ${ACCOUNTS[provider].activity}, ${`${provider === 'azure' ? 'Azure' : 'GCP'} charges ${month}`})`)
      }
    }
  }
}
