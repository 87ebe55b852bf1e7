/**
 * Numbers and dates as people read them (issue 29 item 4): amounts with their currency and two
 * decimals, counts with their noun in the right number, expiry dates before today marked Expired,
 * clouds named AWS, Azure, GCP. Today is always given, never the clock.
 */
import t from 'tap'
import { getResource, fieldOf } from '../../shared/resources/index.js'
import { formatAmount, formatNumber, formatTotals, totalsByCurrency } from '../../shared/amounts.js'
import { isExpired } from '../../web/src/lib/dates.js'
import { plural, pluralOf } from '../../shared/plural.js'
import { cellText } from '../../web/src/components/resource-table/cell-value.js'
import type { SpendAnswer } from '../../shared/schemas/bills-dashboard.js'
import { recordDetail } from '../../web/src/components/command-palette/record-detail.js'
import { spendHeading, totalLabel, windowCurrency } from '../../web/src/features/bills-dashboard/spend-currency.js'

const field = (model: string, name: string) => {
  const found = fieldOf(getResource(model)!, name)
  if (!found) throw new Error(`no ${model}.${name}`)
  return found
}

t.test('amounts: the currency code, thousands separators, exactly two decimals', async (t) => {
  t.equal(formatAmount(1234.5, 'USD'), 'USD 1,234.50')
  t.equal(formatAmount(-12, 'EUR'), '-EUR 12.00', 'a credit')
  t.equal(formatAmount(0.005, 'USD'), 'USD 0.01', 'rounded to the cent')
  t.equal(formatAmount(1000, 'JPY'), 'JPY 1,000.00', 'two decimals whatever the currency’s own minor unit')
  t.equal(formatAmount('9876543.2', 'usd'), 'USD 9,876,543.20', 'a numeric text, a lowercase code')
  t.equal(formatAmount(12.5, 'dollars'), '12.50 dollars', 'no ISO code: written after the figure')
  t.equal(formatAmount(12.5, null), '12.50', 'no currency: the figure alone')
  t.equal(formatAmount(12.5, ' '), '12.50')
  t.equal(formatAmount(null, 'USD'), '')
  t.equal(formatAmount('n/a', 'USD'), 'n/a', 'not a number: as sent')
  t.equal(formatNumber(1e6), '1,000,000.00')
})

t.test('counts: the noun in the singular for one, the plural otherwise', async (t) => {
  t.equal(plural(1, 'cost center'), '1 cost center')
  t.equal(plural(0, 'cost center'), '0 cost centers')
  t.equal(plural(1234, 'cost center'), '1,234 cost centers')
  t.equal(plural(2, 'company'), '2 companies')
  t.equal(plural(2, 'FAQ'), '2 FAQs')
  t.equal(plural(3, 'child', 'children'), '3 children')
  t.strictSame(['day', 'glossary term', 'company', 'project ID'].map(pluralOf), ['days', 'glossary terms', 'companies', 'project IDs'])
})

t.test('expired: an end or expiry day before today', async (t) => {
  const today = new Date(2026, 10, 27, 15, 30)
  t.equal(isExpired('2026-11-26', today), true, 'yesterday')
  t.equal(isExpired('2026-11-27', today), false, 'today is still valid')
  t.equal(isExpired('2026-11-28', today), false, 'tomorrow')
  t.equal(isExpired(new Date(2026, 10, 27, 0, 1).toISOString(), today), false, 'an instant earlier today: its day is today')
  t.equal(isExpired(new Date(2026, 10, 26, 23, 59).toISOString(), today), true, 'an instant of yesterday')
  t.equal(isExpired(null, today), false, 'no expiry never expires')
  t.equal(isExpired('not a day', today), false)
})

t.test('the registry: which fields are amounts, expiries, clearable, and how clouds read', async (t) => {
  t.equal(field('cloud_bills', 'amount').currency, 'currency')
  t.strictSame(
    [
      field('cost_centers', 'expired_at'),
      field('cost_center_networks', 'expired_at'),
      field('cloud_certifications', 'expiration_date'),
    ].map((f) => [f.expiry, f.clearable]),
    [
      [true, true],
      [true, true],
      [true, true],
    ],
  )
  t.equal(field('cost_centers', 'active_at').clearable, undefined, 'spec 001 §4: only the expiry date can be cleared')
  t.equal(field('cloud_certifications', 'issue_date').clearable, undefined)
  const cloud = field('cloud_parents', 'provider_type')
  t.strictSame(
    cloud.options?.map((o) => cellText(cloud, o)),
    ['AWS', 'GCP', 'Azure'],
  )
  t.strictSame(getResource('cloud_parents')!.filters.find((f) => f.param === 'by_provider_type')?.optionLabels?.AwsCloudParent, 'AWS')
  t.equal(cellText(field('cloud_certifications', 'provider'), 'gcp'), 'GCP')
  t.equal(cellText(field('cloud_parents', 'provider_type'), 'OracleCloudParent'), 'OracleCloudParent', 'a value without a label: as stored')
})

t.test('list cells: an amount with its record’s currency', async (t) => {
  const amount = field('cloud_bills', 'amount')
  t.equal(cellText(amount, 1234.5, { currency: 'USD' }), 'USD 1,234.50')
  t.equal(cellText(amount, '-7.1', { currency: 'EUR' }), '-EUR 7.10')
  t.equal(cellText(amount, 3, { currency: null }), '3.00')
  t.equal(cellText(field('cloud_bills', 'id'), 42), '42', 'other numbers as they are')
})

t.test('totals: one per currency, never a sum of two currencies', async (t) => {
  const totals = totalsByCurrency([
    { amount: '100.50', currency: 'USD' },
    { amount: 7, currency: 'EUR' },
    { amount: '20.25', currency: 'USD' },
    { amount: 1, currency: null },
    { amount: 2, currency: ' ' },
  ])
  t.strictSame(totals, [
    { currency: 'USD', amount: 120.75 },
    { currency: 'EUR', amount: 7 },
    { currency: null, amount: 3 },
  ])
  t.equal(formatTotals(totals), 'USD 120.75, EUR 7.00, and 3.00')
  t.equal(formatTotals(totals.slice(0, 2)), 'USD 120.75 and EUR 7.00')
  t.equal(formatTotals([{ currency: 'USD', amount: -5 }]), '-USD 5.00')
  t.equal(formatTotals([]), '0.00', 'nothing: zero')
})

t.test('the dashboard: the currency on the axis and the head, one total per currency', async (t) => {
  const total = (currency: string | null, amount: number, identifiers: number) => ({ currency, amount, bills: identifiers, identifiers })
  const one: SpendAnswer = { data: [], meta: { identifiers: 2, totals: [total('USD', 10, 2)] } }
  t.equal(spendHeading(windowCurrency(one)), 'Spend (USD)')
  t.equal(totalLabel(one.meta.totals[0], one), 'Total (2 cost centers)')
  const mixed: SpendAnswer = { data: [], meta: { identifiers: 2, totals: [total('EUR', 1, 1), total('USD', 10, 2), total(null, 3, 1)] } }
  t.equal(spendHeading(windowCurrency(mixed)), 'Spend', 'several currencies: each figure names its own')
  t.strictSame(
    mixed.meta.totals.map((x) => totalLabel(x, mixed)),
    ['Total in EUR (1 cost center)', 'Total in USD (2 cost centers)', 'Total without a currency (1 cost center)'],
  )
  t.equal(spendHeading(null), 'Spend')
})

t.test('the command palette: a found record’s details as its list shows them', async (t) => {
  t.equal(
    recordDetail('cloud_bills', { identifier: '3100-GAM-07', date: '2025-10-01', amount: 2792.5, currency: 'USD' }),
    '3100-GAM-07 · 01-Oct-2025 · USD 2,792.50',
  )
  t.equal(recordDetail('cloud_bills', { identifier: 'X', date: null, amount: -5, currency: null }), 'X · -5.00', 'no currency: the figure')
  t.equal(recordDetail('cloud_parents', { name: 'Sandbox', provider_type: 'AwsCloudParent' }), 'Sandbox · AWS')
  t.equal(recordDetail('cost_centers', { company_code: '1000', cloud_contact_email: null }), '1000', 'an empty value is left out')
})
