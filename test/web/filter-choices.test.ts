/** The filter row's choices come from the registry alone: options, a lookup's names, nothing guessed. */
import t from 'tap'
import { CREATED_WITHIN_DAYS } from '../../shared/resources/cost-centers.js'
import { getResource, RESOURCES } from '../../shared/resources/index.js'
import { filterChoices, isTextFilter, searchPlaceholder } from '../../web/src/components/filter-row/filter-choices.js'

const filter = (model: string, param: string) => {
  const found = getResource(model)?.filters.find((f) => f.param === param)
  if (!found) throw new Error(`no ${model} ${param}`)
  return found
}

t.test('every select filter of the registry declares its choices (options or a lookup)', async (t) => {
  for (const resource of RESOURCES) {
    for (const f of resource.filters.filter((f) => !isTextFilter(f) && !f.hidden)) {
      t.ok((f.options?.length ?? 0) > 0 || f.lookup, `${resource.key} ${f.param}`)
    }
  }
})

t.test('choices: declared options without All; flags read Yes/No; lookup names first, then options', async (t) => {
  t.strictSame(filterChoices(filter('cost_centers', 'by_owner_terminated')), [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ])
  t.strictSame(
    filterChoices(filter('dcoe_members', 'by_team')).map((c) => c.value),
    ['Core', 'Advisory', 'Community'],
  )
  t.strictSame(
    filterChoices(filter('cost_centers', 'by_created_within')).map((c) => c.value),
    CREATED_WITHIN_DAYS.filter((d) => d !== 'All'),
  )
  t.strictSame(
    filterChoices(filter('dcoe_members', 'by_department'), ['Finance', 'Other', 'IT']).map((c) => c.value),
    ['Finance', 'Other', 'IT'],
    'the fixed Other after the names, once',
  )
  t.strictSame(filterChoices({ param: 'by_x', label: 'X', field: 'x', kind: 'exact' }), [], 'nothing declared, nothing offered')
})

t.test("a search box's default placeholder lowers the label's words but its acronyms", async (t) => {
  t.equal(searchPlaceholder('Name'), 'Search name')
  t.equal(searchPlaceholder('Company Code'), 'Search company code')
  t.equal(searchPlaceholder('GL Account'), 'Search GL account')
  t.equal(searchPlaceholder('ARN'), 'Search ARN')
  t.equal(searchPlaceholder('IT Org Owner'), 'Search IT org owner')
  t.equal(searchPlaceholder('Resource ID'), 'Search resource ID')
  t.equal(searchPlaceholder('GitHub Username'), 'Search GitHub username')
  t.equal(searchPlaceholder('Created within (days)'), 'Search created within (days)')
  // the registry's own labels: no name of theirs with more than a first capital is lowered
  for (const resource of RESOURCES) {
    for (const f of resource.filters.filter(isTextFilter)) {
      for (const name of f.label.match(/\b\w*[A-Z]\w*[A-Z]\w*\b/g) ?? []) {
        t.ok(searchPlaceholder(f.label).includes(name), `${resource.key} ${f.param}: ${name}`)
      }
    }
  }
})
