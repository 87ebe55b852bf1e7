/**
 * Amounts as people read them, in the web and in what the upstream writes for people (a billing
 * job's details, an owner's email): the currency's code, then the figure with thousands separators and
 * exactly two decimals ('USD 1,234.50', '-EUR 12.00'), whatever the currency's own minor unit (the
 * bills are booked to the cent). One formatter per currency, made once: list cells are many.
 */
const formatters = new Map<string, Intl.NumberFormat>()

const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const
const plain = new Intl.NumberFormat('en-US', TWO_DECIMALS)

function formatterOf(currency: string): Intl.NumberFormat | undefined {
  const code = currency.toUpperCase()
  let formatter = formatters.get(code)
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'code', ...TWO_DECIMALS })
    } catch {
      // not an ISO 4217 code ('US$', 'dollars'): the caller writes it beside the figure
      return undefined
    }
    formatters.set(code, formatter)
  }
  return formatter
}

/** The figure alone, two decimals: 1234.5 → '1,234.50' (a chart's ticks, where the axis names the currency). */
export function formatNumber(amount: number): string {
  return plain.format(amount)
}

/**
 * An amount with its currency: (1234.5, 'USD') → 'USD 1,234.50'. A currency that is no ISO code is
 * written after the figure as stored ('1,234.50 dollars'); none, the figure alone. A value that is no
 * number (a text the upstream sent) is answered as it is.
 */
export function formatAmount(amount: unknown, currency?: unknown): string {
  if (amount === null || amount === undefined || amount === '') return ''
  const value = typeof amount === 'number' ? amount : Number(amount)
  if (!Number.isFinite(value)) return String(amount)
  const code = typeof currency === 'string' ? currency.trim() : ''
  if (code === '') return formatNumber(value)
  // Intl writes a non-breaking space between code and figure; a plain one reads and searches the same
  return (
    formatterOf(code)
      ?.format(value)
      .replace(/\u00a0/g, ' ') ?? `${formatNumber(value)} ${code}`
  )
}

/** What amounts of one currency add up to (currency null: amounts that name none). */
export interface CurrencyTotal {
  currency: string | null
  amount: number
}

/**
 * Amounts added up per currency, never across currencies (USD 10 and EUR 10 are no 20 of anything),
 * in the order each currency first comes; an amount that is no number adds nothing.
 */
export function totalsByCurrency(lines: Iterable<{ amount: unknown; currency?: unknown }>): CurrencyTotal[] {
  const totals = new Map<string | null, number>()
  for (const { amount, currency } of lines) {
    const value = Number(amount)
    const code = typeof currency === 'string' && currency.trim() !== '' ? currency.trim() : null
    totals.set(code, (totals.get(code) ?? 0) + (Number.isFinite(value) ? value : 0))
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount }))
}

const list = new Intl.ListFormat('en', { type: 'conjunction' })

/** Totals in words, each with its currency: 'USD 1,234.50 and EUR 10.00'; none, '0.00'. */
export function formatTotals(totals: readonly CurrencyTotal[]): string {
  return totals.length ? list.format(totals.map((t) => formatAmount(t.amount, t.currency))) : formatNumber(0)
}
