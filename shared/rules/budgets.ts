/**
 * Issue 42 item 3: the rules of cost center budgets, pure, so the upstream's writes and status and the
 * web's forms read them alike. A budget's thresholds are percents of its monthly amount, kept as the
 * text people type ('80, 100'); a threshold is crossed once the spend reaches it (exactly at it counts).
 */

/** what a budget warns at when it names nothing else */
export const DEFAULT_THRESHOLDS = [80, 100] as const
export const THRESHOLD_MAX = 1000
export const THRESHOLDS_HINT = 'Percents, such as 80, 100'

const CURRENCY = /^[A-Z]{3}$/

/** The percents of a thresholds text ('80, 100', '50 80 100'), or undefined when it is no such list. */
export function parseThresholds(text: unknown): number[] | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined
  const items = text.trim().split(/\s*[,;\s]\s*/)
  if (!items.every((i) => /^\d{1,4}$/.test(i))) return undefined
  return items.map(Number)
}

/** The thresholds a stored budget warns at: its own, or the default when they do not read. */
export const thresholdsOf = (text: unknown): number[] => parseThresholds(text) ?? [...DEFAULT_THRESHOLDS]

/** What is wrong with a thresholds text, in words after the field's label; undefined when it is fine. */
export function thresholdsProblem(text: unknown): string | undefined {
  if (text === null || text === undefined || (typeof text === 'string' && text.trim() === '')) return 'is required'
  const percents = parseThresholds(text)
  if (!percents || percents.some((p) => p < 1 || p > THRESHOLD_MAX))
    return `must be whole percents from 1 to ${THRESHOLD_MAX}, separated by commas (80, 100)`
  if (percents.some((p, i) => i > 0 && p <= percents[i - 1])) return 'must ascend, each percent once (80, 100)'
  return undefined
}

/** What is wrong with a currency, in words after the field's label; undefined when it is fine (or left to `required`). */
export function currencyProblem(text: unknown): string | undefined {
  if (typeof text !== 'string' || text === '' || CURRENCY.test(text)) return undefined
  return 'must be a three-letter currency code in capitals, such as USD'
}

/** How far a month (yyyy-MM) has gone at `now` (UTC): days elapsed (today counts) of its days. */
export function monthProgress(month: string, now: Date): { elapsed: number; days: number } {
  const [year, m] = month.split('-').map(Number)
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate()
  const current = now.toISOString().slice(0, 7)
  const elapsed = month < current ? days : month > current ? 0 : now.getUTCDate()
  return { elapsed, days }
}

const cents = (amount: number) => Math.round(amount * 100)

/** The thresholds a spend has reached: cents compared, so 800.00 of 1,000.00 is exactly at 80 %. */
export function crossedThresholds(spent: number, amount: number, thresholds: readonly number[]): number[] {
  return thresholds.filter((t) => cents(spent) * 100 >= cents(amount) * t)
}

export interface BudgetFigures {
  /** the month to date's share of the amount, percent, one decimal */
  spent_percent: number
  /** the month's end at the run rate so far (spent / days elapsed × days of the month); null before the month begins */
  forecast: number | null
  forecast_percent: number | null
  crossed: number[]
  forecast_crossed: number[]
}

/** A budget's figures for a month from its spend to date (the aggregate's sum) and the month's progress. */
export function budgetFigures(
  spent: number,
  amount: number,
  thresholds: readonly number[],
  progress: { elapsed: number; days: number },
): BudgetFigures {
  const percent = (value: number) => Math.round((value / amount) * 1000) / 10
  const forecast = progress.elapsed === 0 ? null : cents((spent / progress.elapsed) * progress.days) / 100
  return {
    spent_percent: percent(spent),
    forecast,
    forecast_percent: forecast === null ? null : percent(forecast),
    crossed: crossedThresholds(spent, amount, thresholds),
    forecast_crossed: forecast === null ? [] : crossedThresholds(forecast, amount, thresholds),
  }
}
