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
 * Fourteen months of bills up to the month of the first start (each bill dated the first of the
 * month: spec 001 §2, a date holds the previous month's charges), so the dashboard's default range
 * and its presets have something to show. Amounts are fixed by position, never random.
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
  }
  return bills
}

export const cloudBillsSeed: ModelSeed = { model: 'cloud_bills', rows: demoBills() }
