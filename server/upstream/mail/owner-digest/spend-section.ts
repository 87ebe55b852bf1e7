import { sql } from 'drizzle-orm'
import { formatAmount } from '../../../../shared/amounts.js'
import { rows } from '../../db/records/rows.js'
import { escapeHtml, htmlTable } from './html.js'
import { monthBefore, monthTitle } from './months.js'
import type { DigestSection, DigestSectionBuilder } from './section.js'

/** One cost center's spend with one provider in one currency: the month's, and the month before's. */
interface SpendLine {
  owner: string
  identifier: string
  provider: string
  currency: string | null
  amount: string
  previous: string
}

/** The lines of one currency, and their totals: amounts of different currencies are never added. */
interface CurrencyBlock {
  currency: string | null
  lines: SpendLine[]
  amount: number
  previous: number
}

function blocksOf(lines: SpendLine[]): CurrencyBlock[] {
  const blocks = new Map<string | null, CurrencyBlock>()
  for (const line of lines) {
    const block = blocks.get(line.currency) ?? { currency: line.currency, lines: [], amount: 0, previous: 0 }
    block.lines.push(line)
    block.amount += Number(line.amount)
    block.previous += Number(line.previous)
    blocks.set(line.currency, block)
  }
  return [...blocks.values()]
}

const currencyName = (currency: string | null) => currency ?? 'Without a currency'

function sectionOf(lines: SpendLine[], month: string): DigestSection {
  const [now, before] = [monthTitle(month), monthTitle(monthBefore(month))]
  const blocks = blocksOf(lines)
  const money = (amount: number | string, currency: string | null) => formatAmount(Number(amount), currency)
  const text = blocks.map((b) =>
    [
      currencyName(b.currency),
      ...b.lines.map(
        (l) => `- ${l.identifier}, ${l.provider}: ${money(l.amount, b.currency)} (${before}: ${money(l.previous, b.currency)})`,
      ),
      `Total: ${money(b.amount, b.currency)} (${before}: ${money(b.previous, b.currency)})`,
    ].join('\n'),
  )
  const tables = blocks.map((b) =>
    htmlTable(
      currencyName(b.currency),
      ['Cost center', 'Provider', now, before],
      b.lines.map((l) => [l.identifier, l.provider, money(l.amount, b.currency), money(l.previous, b.currency)]),
      ['Total', '', money(b.amount, b.currency), money(b.previous, b.currency)],
      2,
    ),
  )
  const title = `Spend in ${now}`
  return {
    text: `${title}\n${'-'.repeat(title.length)}\n\n${text.join('\n\n')}`,
    html: `<h2>${escapeHtml(title)}</h2>${tables.join('')}`,
  }
}

/**
 * The spend of each cost center an owner owns (the cost center's cloud contact), per provider and
 * currency, in the month and the month before, from the aggregate the database keeps (monthly_spend,
 * migration 055): an owner whose cost centers have no bills in the month has no spend section.
 */
export const spendSection: DigestSectionBuilder = async (db, { month, owner }) => {
  const [m, prev] = [`${month}-01`, `${monthBefore(month)}-01`]
  const lines = await rows<SpendLine>(
    db,
    sql`SELECT lower(c.email) AS owner, cc.identifier, s.provider, s.currency,
          coalesce(sum(s.amount) FILTER (WHERE s.month = ${m}::date), 0)::text AS amount,
          coalesce(sum(s.amount) FILTER (WHERE s.month = ${prev}::date), 0)::text AS previous
        FROM cost_centers cc
        JOIN cloud_contacts c ON c.id = cc.cloud_contact_id
        JOIN monthly_spend s ON lower(s.identifier) = lower(cc.identifier) AND s.month IN (${m}::date, ${prev}::date)
        ${owner === undefined ? sql`` : sql`WHERE lower(c.email) = ${owner}`}
        GROUP BY lower(c.email), cc.identifier, s.provider, s.currency
        HAVING count(*) FILTER (WHERE s.month = ${m}::date) > 0
        ORDER BY lower(c.email), s.currency NULLS LAST, lower(cc.identifier), s.provider`,
  )
  const byOwner = new Map<string, SpendLine[]>()
  for (const line of lines) {
    const theirs = byOwner.get(line.owner)
    if (theirs) theirs.push(line)
    else byOwner.set(line.owner, [line])
  }
  return new Map([...byOwner].map(([who, theirs]) => [who, sectionOf(theirs, month)]))
}
