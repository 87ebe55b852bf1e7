/**
 * Numbers and dates as people read them (issue 29 item 4): amounts with their currency and two
 * decimals, counts with their noun in the right number, expiry dates before today marked Expired,
 * clouds named AWS, Azure, GCP. Today is always given, never the clock.
 */
import t from 'tap'
import { getResource, fieldOf } from '../../shared/resources/index.js'
import { formatAmount, formatNumber } from '../../web/src/lib/amounts.js'
import { isExpired } from '../../web/src/lib/dates.js'
import { plural, pluralOf } from '../../web/src/lib/plural.js'
import { cellText } from '../../web/src/components/resource-table/cell-value.js'
import { spendAmount, spendHeading } from '../../web/src/features/bills-dashboard/spend-currency.js'

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

t.test('the dashboard: the currency of the window on the axis and beside each figure', async (t) => {
  const one = { identifiers: 2, total: 10, currency: 'USD', mixedCurrencies: false }
  t.equal(spendHeading(one), 'Spend (USD)')
  t.equal(spendAmount(1234.5, one), 'USD 1,234.50')
  const mixed = { identifiers: 2, total: 10, currency: null, mixedCurrencies: true }
  t.equal(spendHeading(mixed), 'Spend (several currencies)')
  t.equal(spendAmount(1234.5, mixed), '1,234.50')
  t.equal(spendHeading({ identifiers: 0, total: 0, currency: null, mixedCurrencies: false }), 'Spend')
})
