/** The list dialect's one filter rule (shared/filter-params.ts): 'All' and '' filter nothing, for the web and the upstream. */
import t from 'tap'
import { filterParams, filtersNothing } from '../../shared/filter-params.js'

t.test("'All' and '' filter nothing; any other value filters, as it is", async (t) => {
  t.strictSame(
    ['All', '', 'all', ' ', 'Core', '0', 'false'].map((value) => [value, filtersNothing(value)]),
    [
      ['All', true],
      ['', true],
      ['all', false],
      [' ', false],
      ['Core', false],
      ['0', false],
      ['false', false],
    ],
    "only the select's 'All' and the empty box: an exact filter's 'all' is the upstream's own rule",
  )
})

t.test('filterParams keeps the filters that filter something, in their order', async (t) => {
  t.strictSame(filterParams({ by_team: 'All', by_name: 'fin', by_email: '', by_active: 'false' }), { by_name: 'fin', by_active: 'false' })
  t.strictSame(filterParams({}), {})
  t.strictSame(filterParams({ by_team: 'All' }), {}, 'nothing left: no filter at all')
})
