/**
 * Issue 42 item 2: when a cost center's month is a spend anomaly. Per cost center and currency
 * (amounts of different currencies are never compared), every provider and business unit together,
 * credits (negative lines) lowering their month:
 *
 *   baseline  = the median of the BASELINE_MONTHS months before it, a month without bills counting 0,
 *               leaving out the months before the cost center's first bill in that currency
 *   anomaly   = spend >= factor × baseline  and  spend − baseline >= floor
 *
 * and only with history: at least MIN_HISTORY_MONTHS such months, so a new cost center's first bills
 * are not judged, and one three months old is judged against its three months, not three zeros
 * beside them. A gap after the first bill is a month without spend, and counts 0. The factor and the
 * floor are settings (ANOMALY_FACTOR, ANOMALY_FLOOR, in the currency's units); the upstream applies
 * them in SQL.
 */
export const BASELINE_MONTHS = 6
export const MIN_HISTORY_MONTHS = 3
export const DEFAULT_ANOMALY_FACTOR = 1.5
export const DEFAULT_ANOMALY_FLOOR = 1000

export interface AnomalyRule {
  /** spend at least this many times the baseline */
  factor: number
  /** and at least this much above it, in the currency's units */
  floor: number
}

export const DEFAULT_ANOMALY_RULE: AnomalyRule = { factor: DEFAULT_ANOMALY_FACTOR, floor: DEFAULT_ANOMALY_FLOOR }
