/**
 * Issue 37 item 7: every day a call takes is checked as the list's date filters are. A day that is
 * not on the calendar ('2026-02-30') or not in PostgreSQL's years ('0000-01-01') once reached SQL and
 * answered 500; now it is a 400 (or the body's 4xx) naming the parameter, and nothing is read or written.
 */
import t from 'tap'
import { isCalendarDay } from '../../../shared/rules/calendar-day.js'
import { serveUpstream } from '../fixtures/serve.js'

const BAD_DAYS = ['2026-02-30', '2026-02-29', '0000-01-01', '2026-04-31']

t.test('isCalendarDay', async (t) => {
  const days = ['2024-02-29', '2026-02-28', '0001-01-01', '0099-12-31', '1900-02-28', '9999-12-31', '2026-12-31']
  t.strictSame(
    days.map((day) => isCalendarDay(day)),
    days.map(() => true),
    'real days, the years 1-99 too',
  )
  const not = [...BAD_DAYS, '1900-02-29', '2026-1-01', '2026-00-10', '2026-13-01', '2026-01-00', ' 2026-01-01', '2026-01-01T00:00', '']
  t.strictSame(
    not.map((day) => isCalendarDay(day)),
    not.map(() => false),
  )
})

t.test('every call refuses a day that is not one, naming it', async (t) => {
  const { api } = await serveUpstream(t, { seed: false })
  for (const day of BAD_DAYS) {
    t.strictSame(
      await api('GET', `/cloud_bills/spend?key=all&startDate=${day}&endDate=2026-12-31`),
      {
        status: 400,
        body: {
          error: 'Start date must be a date (yyyy-MM-dd)',
          statusCode: 400,
          fields: { startDate: 'Start date must be a date (yyyy-MM-dd)' },
        },
      },
      `spend from ${day}`,
    )
    t.strictSame(
      await api('GET', `/cloud_bills?key=all&startDate=2026-01-01&endDate=${day}`),
      {
        status: 400,
        body: {
          error: 'End date must be a date (yyyy-MM-dd)',
          statusCode: 400,
          fields: { endDate: 'End date must be a date (yyyy-MM-dd)' },
        },
      },
      `the list to ${day}`,
    )
    const window = { start_date: day, end_date: '2026-12-31', email: 'me@ccoe.example' }
    for (const [path, body] of [
      ['/cloud_bills/send_all', { cloud_bill: window }],
      ['/cloud_bills/send_single', { cloud_bill: { ...window, identifier: 'CC-1' } }],
    ] as const) {
      t.strictSame(
        await api('POST', path, body),
        {
          status: 400,
          body: {
            error: 'Start date must be a date (yyyy-MM-dd)',
            statusCode: 400,
            fields: { start_date: 'Start date must be a date (yyyy-MM-dd)' },
          },
        },
        `${path} from ${day}`,
      )
    }
    const created = await api('POST', '/cloud_bills', { date: day, provider: 'aws', identifier: 'CC-1', amount: 1 })
    t.strictSame([created.status, created.body.fields], [400, { date: 'Date must be a date (yyyy-MM-dd)' }], `a bill dated ${day}`)
  }
  t.strictSame((await api('GET', '/cloud_bills?per_page=1')).body.data, [], 'no bill was stored')
})
