/** spec 001 §9: the export window, the dashboard's default range, presets, fiscal years, picker maximum. */
import t from 'tap'
import {
  dashboardPresets,
  defaultDashboardRange,
  exportWindow,
  fiscalYear,
  isoDay,
  pickerMaximum,
} from '../../shared/billing/date-ranges.js'

const days = (r: { start: Date; end: Date }) => [isoDay(r.start), isoDay(r.end)]

t.test('the export window: this month, first day to last second', async (t) => {
  const w = exportWindow(new Date(2024, 1, 15, 13, 5))
  t.same(days(w), ['2024-02-01', '2024-02-29'], 'a leap February')
  t.same([w.start.getHours(), w.end.getHours(), w.end.getMinutes(), w.end.getSeconds()], [0, 23, 59, 59])
  t.same(days(exportWindow(new Date(2024, 11, 31, 23, 59))), ['2024-12-01', '2024-12-31'], 'December')
})

t.test('the default range: first day of last month to today', async (t) => {
  t.same(days(defaultDashboardRange(new Date(2024, 4, 20, 9))), ['2024-04-01', '2024-05-20'])
  t.same(days(defaultDashboardRange(new Date(2025, 0, 3))), ['2024-12-01', '2025-01-03'], 'across a year')
})

t.test('presets and fiscal years (Feb 1 to Jan 31)', async (t) => {
  const presets = dashboardPresets(new Date(2024, 2, 10))
  t.same(
    presets.map((p) => [p.label, ...days(p.range)]),
    [
      ['Last month', '2024-02-01', '2024-03-10'],
      ['Last 3 months', '2023-12-01', '2024-03-10'],
      ['Last 6 months', '2023-09-01', '2024-03-10'],
      ['Fiscal year 2018', '2018-02-01', '2019-01-31'],
      ['Fiscal year 2019', '2019-02-01', '2020-01-31'],
      ['Fiscal year 2020', '2020-02-01', '2021-01-31'],
    ],
  )
  t.same(days(fiscalYear(2023)), ['2023-02-01', '2024-01-31'])
})

t.test("the picker's maximum: range end plus 24 hours", async (t) => {
  const end = new Date(2024, 0, 31)
  t.equal(pickerMaximum({ start: end, end }).getTime() - end.getTime(), 24 * 3600 * 1000)
})

t.test('edges: the presets across a new year, a 30-day month, the first second of a month', async (t) => {
  const january = dashboardPresets(new Date(2025, 0, 31, 23, 59))
  t.same(
    january.slice(0, 3).map((p) => days(p.range)),
    [
      ['2024-12-01', '2025-01-31'],
      ['2024-10-01', '2025-01-31'],
      ['2024-07-01', '2025-01-31'],
    ],
  )
  t.same(
    january.slice(0, 3).map((p) => p.range.end.getHours()),
    [0, 0, 0],
    'a range ends at the start of today (a day, not a moment)',
  )
  t.same(days(exportWindow(new Date(2024, 3, 1, 0, 0, 0))), ['2024-04-01', '2024-04-30'], 'April has 30 days')
  t.same(isoDay(pickerMaximum(defaultDashboardRange(new Date(2024, 11, 31)))), '2025-01-01', 'the maximum crosses into the new year')
})
