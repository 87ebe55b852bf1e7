import type { ModelSeed } from './types.js'

/** the demo's cost centers, their company, business unit and network (other seeds); the invoices book to them too */
export const OWNERS = [
  { identifier: '1000-CCOE-01', company_code: '1000', business_units_id: 'Cloud Centre of Excellence', network: 'NET-1000-02' },
  { identifier: '3100-GAM-07', company_code: '3100', business_units_id: 'Gaming', network: 'NET-3100-07' },
  { identifier: '2000-LOT-12', company_code: '2000', business_units_id: 'Lottery', network: 'NET-2000-12' },
  { identifier: '4100-BET-03', company_code: '4100', business_units_id: 'Digital & Betting', network: 'NET-4100-03' },
  { identifier: 'WBS-CORP-2024-01', company_code: '1000', business_units_id: 'Corporate', network: 'NET-WBS-CORP-01' },
] as const
const PROVIDERS = [
  { provider: 'aws', account: '650100', activity: 'Compute', line_item: 'AWS monthly usage' },
  { provider: 'azure', account: '650200', activity: 'Storage', line_item: 'Azure consumption' },
  { provider: 'gcp', account: '650300', activity: 'BigQuery', line_item: 'GCP billing account charges' },
] as const

/**
 * Spend anomalies to see on first start (issue 42 item 2: shared/rules/spend-anomaly.ts): months
 * back from the first start's, each a line of its own beside the cost center's usual bill, well past
 * 1.5 times its median and 1,000 above it. The usual bills vary by under 1,000, so no other month is one.
 */
const SURGES = [
  // this month: a new provider, GL account and line on Gaming's cost center (Spend and Statistics show it)
  { back: 0, owner: '3100-GAM-07', provider: PROVIDERS[0], amount: 5240.8, line_item: 'AWS GPU instances (model training)' },
  // four months ago: Digital & Betting's storage (its cost center page shows it)
  { back: 4, owner: '4100-BET-03', provider: PROVIDERS[1], amount: 3915.4, line_item: 'Azure premium storage snapshots' },
] as const

/**
 * Fourteen months of bills up to the month of the first start (each bill dated the first of the
 * month: spec 001 §2, a date holds the previous month's charges), so the dashboard's default range
 * and its presets have something to show, and the SURGES. Amounts are fixed by position, never random.
 */
export function demoBills(now: Date = new Date()): ModelSeed['rows'] {
  const bills: Record<string, string | number | null>[] = []
  for (let back = 13; back >= 0; back--) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10)
    for (const [o, owner] of OWNERS.entries()) {
      const p = PROVIDERS[(o + back) % PROVIDERS.length]
      bills.push({
        date: day,
        provider: p.provider,
        company_code: owner.company_code,
        currency: 'USD',
        reference: `INV-${day.slice(0, 7).replace('-', '')}-${p.provider.toUpperCase()}`,
        account: p.account,
        identifier: owner.identifier,
        amount: Math.round((1200 + o * 830.5 + ((back * 37) % 11) * 95.25) * 100) / 100,
        business_units_id: owner.business_units_id,
        cost_center_networks_id: owner.network,
        activity: p.activity,
        line_item: p.line_item,
      })
    }
    for (const surge of SURGES.filter((x) => x.back === back)) {
      const owner = OWNERS.find((o) => o.identifier === surge.owner)!
      const p = surge.provider
      bills.push({
        date: day,
        provider: p.provider,
        company_code: owner.company_code,
        currency: 'USD',
        reference: `INV-${day.slice(0, 7).replace('-', '')}-${p.provider.toUpperCase()}`,
        account: p.account,
        identifier: owner.identifier,
        amount: surge.amount,
        business_units_id: owner.business_units_id,
        cost_center_networks_id: owner.network,
        activity: p.activity,
        line_item: surge.line_item,
      })
    }
  }
  return bills
}

export const cloudBillsSeed: ModelSeed = { model: 'cloud_bills', rows: demoBills() }
