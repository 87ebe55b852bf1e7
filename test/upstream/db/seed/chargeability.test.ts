/**
 * Issue 42 item 6: the demo data has unchargeable resources of every reason, so a new user sees the
 * Chargeability screen at work, and last month's counts as the demo records count at that month's
 * last instant, so the trend shows on the first start.
 */
import t from 'tap'
import { CHARGEABILITY_REASONS, type ChargeabilityAnswer, type ReasonCounts } from '../../../../shared/schemas/chargeability.js'
import { serveUpstream } from '../../fixtures/serve.js'

const sum = (groups: ChargeabilityAnswer['meta']['counts']) =>
  Object.fromEntries(
    [...CHARGEABILITY_REASONS, 'total' as const].map((reason) => [
      reason,
      groups.reduce((n, g) => n + g.counts[reason as keyof ReasonCounts], 0),
    ]),
  )

t.test('the demo: every reason, and last month kept', async (t) => {
  const { api } = await serveUpstream(t, { seed: true })
  const answer = (await api('GET', '/chargeability?per_page=1')).body as ChargeabilityAnswer
  const { month, counts, previous } = answer.meta
  t.strictSame(sum(counts), { missing: 30, unknown: 5, expired: 57, not_approved: 61, terminated_owner: 57, total: 153 })
  const [year, m] = month.split('-').map(Number)
  const lastMonth = new Date(Date.UTC(year, m - 2, 1)).toISOString().slice(0, 7)
  t.strictSame(
    [previous?.month, previous?.taken_at],
    [lastMonth, new Date(Date.UTC(year, m - 1, 1) - 1000).toISOString()],
    'taken at the last second of last month',
  )
  t.strictSame(previous?.counts, counts, 'no demo cost center changed since')
  for (const reason of CHARGEABILITY_REASONS) {
    const one = (await api('GET', `/chargeability?reason=${reason}&per_page=1`)).body as ChargeabilityAnswer
    t.ok(one.data.length === 1 && one.data[0].reasons.includes(reason), `a ${reason} one`)
  }
})
