/**
 * Issue 42 item 3's rules, pure: thresholds read and checked, the month's progress at a given instant
 * (UTC, leap years, months gone by and not begun), thresholds reached exactly at their cent, and the
 * run-rate forecast.
 */
import t from 'tap'
import {
  budgetFigures,
  crossedThresholds,
  currencyProblem,
  monthProgress,
  parseThresholds,
  thresholdsOf,
  thresholdsProblem,
} from '../../shared/rules/budgets.js'

t.test('thresholds as people type them', async (t) => {
  t.strictSame(parseThresholds('80, 100'), [80, 100])
  t.strictSame(parseThresholds(' 50,80 100 '), [50, 80, 100], 'commas, spaces or both')
  t.equal(parseThresholds('80, 100.5'), undefined)
  t.equal(parseThresholds('80,,100'), undefined)
  t.equal(parseThresholds(''), undefined)
  t.strictSame(thresholdsOf(null), [80, 100], 'a stored budget without readable thresholds warns at the default')
  t.equal(thresholdsProblem('1, 1000'), undefined)
  t.equal(thresholdsProblem('1001'), 'must be whole percents from 1 to 1000, separated by commas (80, 100)')
  t.equal(thresholdsProblem('80, 50'), 'must ascend, each percent once (80, 100)')
  t.equal(thresholdsProblem('   '), 'is required')
  t.equal(currencyProblem('EUR'), undefined)
  t.equal(currencyProblem(''), undefined, 'empty is the required rule’s')
  t.equal(currencyProblem('Eur'), 'must be a three-letter currency code in capitals, such as USD')
})

t.test("the month's progress", async (t) => {
  const at = new Date('2028-02-10T23:59:59Z')
  t.strictSame(monthProgress('2028-02', at), { elapsed: 10, days: 29 }, 'a leap February, today counts')
  t.strictSame(monthProgress('2028-01', at), { elapsed: 31, days: 31 }, 'a month gone by')
  t.strictSame(monthProgress('2028-03', at), { elapsed: 0, days: 31 }, 'a month not begun')
  t.strictSame(monthProgress('2028-02', new Date('2028-02-29T23:00:00+05:00')), { elapsed: 29, days: 29 }, 'the day is UTC')
})

t.test('thresholds reached, to the cent', async (t) => {
  t.strictSame(crossedThresholds(0.1 + 0.7, 1, [80, 100]), [80], '0.80 of 1.00 is 80 % (0.1 + 0.7 is 0.7999… as a double)')
  t.strictSame(crossedThresholds(799.99, 1000, [80, 100]), [])
  t.strictSame(crossedThresholds(-50, 1000, [1]), [], 'a credit reaches nothing')
  t.strictSame(crossedThresholds(1e10, 1e10, [100, 1000]), [100], 'the largest budget, exact')
})

t.test('the run-rate forecast', async (t) => {
  t.strictSame(budgetFigures(100, 300, [50, 100], { elapsed: 10, days: 30 }), {
    spent_percent: 33.3,
    forecast: 300,
    forecast_percent: 100,
    crossed: [],
    forecast_crossed: [50, 100],
  })
  t.strictSame(budgetFigures(10, 300, [50], { elapsed: 3, days: 31 }).forecast, 103.33, 'to the cent')
  t.strictSame(budgetFigures(0, 300, [50], { elapsed: 0, days: 31 }), {
    spent_percent: 0,
    forecast: null,
    forecast_percent: null,
    crossed: [],
    forecast_crossed: [],
  })
})
