/** The web's pure helpers: the paths table, the list query ⇄ URL, date picker range, write texts. */
import t from 'tap'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/constants.js'
import { CALL_LIST, UPLOADS, type UploadTargetName } from '../../shared/calls/index.js'
import { getResource } from '../../shared/resources/index.js'
import { paths, safeAuthPath } from '../../web/src/config/paths.js'
import { ApiError } from '../../web/src/lib/api-client.js'
import { pickerRange } from '../../web/src/lib/dates.js'
import { changeSearch, listChanges, parseListQuery } from '../../web/src/lib/list-query.js'
import { lookupSearchUrl } from '../../web/src/lib/use-lookup-search.js'
import { defaultLayout, identifyingColumn, shownColumns } from '../../web/src/components/resource-table/preferences.js'
import { failureToastText, fieldErrorsOf, pageSubmitFailed } from '../../web/src/lib/write-texts.js'

const model = (key: string) => {
  const resource = getResource(key)
  if (!resource) throw new Error(`no ${key}`)
  return resource
}

t.test('paths: every href of the app from one table', async (t) => {
  t.equal(paths.auth.resource.getHref('view', 'cost_centers'), '/auth/view/cost_centers')
  t.equal(paths.auth.resource.getHref('edit', 'departments', 7), '/auth/edit/departments/7')
  t.equal(paths.auth.resource.getHref('view', 'departments', 7), '/auth/view/departments/7', 'one record read-only')
  t.equal(paths.auth.resource.getHref('view', 'cost_centers', '12/x'), '/auth/view/cost_centers/12%2Fx', 'the id encoded')
  t.equal(paths.auth.resource.getHref('create', 'a b'), '/auth/create/a%20b', 'encoded')
  t.equal(paths.unauth.home.getHref(), '/unauth/home')
  t.equal(paths.unauth.home.getHref('/auth/view/departments?page=2'), '/unauth/home?returnTo=%2Fauth%2Fview%2Fdepartments%3Fpage%3D2')
  t.equal(paths.oidc.login.getHref(), '/oidc/login?returnTo=%2Fauth%2Fhome')
  t.equal(paths.auth.activeDirectory.getHref('gcp'), '/auth/active-directory/groups-gcp')
  t.equal(paths.api.directory.groups.getHref({ aws: '', dormant: 'false', page: '2' }), '/api/ad/groups?aws&dormant=false&page=2')
  t.equal(paths.api.directory.groups.getHref({ azure: '' }), '/api/ad/groups?azure', 'an empty value is a bare flag (spec 000 §7)')
  t.equal(paths.api.directory.groups.getHref({ dormant: 'true', by_name: undefined }), '/api/ad/groups?dormant=true', 'undefined: left out')
  t.equal(paths.api.cloudParents.posture.getHref({ business_units: 'A & B,C' }), '/api/cloud_parents/posture?business_units=A+%26+B%2CC')
  t.equal(paths.api.selfService.credential.getHref({ id: 12 }), '/api/dcoe/members/12/credential', 'a path parameter is filled')
  t.equal(
    paths.api.selfService.updateRestricted.getHref({ member_id: '7/x', credential: 'a.b' }),
    '/api/members/update-restricted/7%2Fx?credential=a.b',
    'encoded; the rest is the query',
  )
  t.throws(() => paths.api.selfService.credential.getHref(), /no value for :id/)
  t.equal(paths.api.costCenters.sendReport.path, '/api/cost_centers/send_report')
  t.equal(paths.api.upload.sap_cost_centers.getHref(), '/api/upload/sap_cost_centers')
  t.equal(paths.api.dcoeMemberBlacklist.getHref(12), '/api/dcoe/members/12')
  t.equal(paths.api.model(model('dcoe_members')).path, '/api/dcoe/members')
})

t.test("paths.api.model: a registry model's list, record, CSV and bulk URLs, from one builder", async (t) => {
  const centers = paths.api.model(model('cost_centers'))
  const query = {
    page: 2,
    perPage: 50,
    sort: '-identifier',
    filters: { by_identifier: 'a&b', by_created_within: 'All', by_owner_terminated: '' },
  }
  t.equal(centers.path, '/api/cost_centers')
  t.equal(centers.list(query), '/api/cost_centers?page=2&per_page=50&sort=-identifier&by_identifier=a%26b', "'All' and '' left out")
  t.equal(centers.record(7), '/api/cost_centers/7')
  t.equal(centers.record('12/x'), '/api/cost_centers/12%2Fx', 'the id encoded')
  t.equal(
    centers.csv(query),
    '/api/csv/cost_centers?sort=-identifier&by_identifier=a%26b&bom=1',
    'the list’s sort and filters, not its page',
  )
  t.equal(centers.csv({ filters: { by_owner_terminated: 'true' } }), '/api/csv/cost_centers?by_owner_terminated=true&bom=1')
  t.equal(centers.csv(), '/api/csv/cost_centers?bom=1')
  t.equal(centers.bulk('delete'), '/api/cost_centers/bulk_delete')
  t.equal(centers.bulk('update'), '/api/cost_centers/bulk_update')
  t.equal(paths.api.model(model('dcoe_members')).bulk('update'), '/api/dcoe/members/bulk_update', 'the upstream path, not the key')
  t.equal(paths.api.model(model('dcoe_members')).csv(), '/api/csv/dcoe_members?bom=1', 'the CSV by the key')
})

t.test('paths: the web calls each declared call (shared/calls) by its domain and name', async (t) => {
  for (const { domain, name, call } of CALL_LIST) {
    const callPath = Reflect.get(Reflect.get(paths.api, domain) as object, name) as { path: string }
    t.equal(callPath.path, `/api/${call.path}`, `${domain}.${name}`)
  }
  for (const { target } of UPLOADS) t.equal(paths.api.upload[target as UploadTargetName].getHref(), `/api/upload/${target}`)
})

t.test('paths: returnTo stays inside the protected area', async (t) => {
  t.equal(safeAuthPath('/auth/view/departments?page=2'), '/auth/view/departments?page=2')
  t.equal(safeAuthPath('/auth/view/../create/departments'), '/auth/create/departments', 'normalised as a browser would')
  for (const bad of [
    undefined,
    null,
    '',
    'https://evil.example/auth/',
    '//evil.example',
    '/auth/\\evil',
    '/unauth/home',
    '/auth/x\u0000',
    '/auth/..//evil.example',
    '/auth/%2e%2e//evil.example',
    '/auth/../unauth/home',
  ]) {
    t.equal(safeAuthPath(bad), '/', `refused: ${JSON.stringify(bad)}`)
  }
})

t.test('list query from the URL: defaults, bounds, sortable columns, the model filters', async (t) => {
  const departments = model('departments')
  const filters = Object.fromEntries(departments.filters.map((f) => [f.param, '']))
  t.strictSame(parseListQuery(departments, ''), { page: 1, perPage: DEFAULT_PAGE_SIZE, sort: departments.defaultSort, filters })
  t.strictSame(parseListQuery(departments, '?page=3&per_page=50&sort=-name&by_name=fin&other=1'), {
    page: 3,
    perPage: 50,
    sort: '-name',
    filters: { ...filters, by_name: 'fin' },
  })
  const odd = parseListQuery(departments, `page=0&per_page=${MAX_PAGE_SIZE + 1}&sort=password`)
  t.equal(odd.page, 1, 'page 0 is page 1')
  t.equal(odd.perPage, MAX_PAGE_SIZE, 'the page size is capped')
  t.equal(odd.sort, departments.defaultSort, 'a sort by no listed column falls back to the default')
  t.equal(parseListQuery(departments, 'page=2x').page, 1, 'not a number: page 1')
})

t.test('list query to the URL: changes keep the rest, All and empty remove, new filters go to page 1', async (t) => {
  t.equal(changeSearch('page=3&sort=name', listChanges.page(4)), 'page=4&sort=name')
  t.equal(changeSearch('page=3&sort=name', listChanges.page(1)), 'sort=name', 'page 1 is the default')
  t.equal(changeSearch('page=3&sort=name', listChanges.sort('-name')), 'sort=-name')
  t.equal(changeSearch('page=3', listChanges.perPage(100)), 'per_page=100')
  t.equal(changeSearch('page=3&by_team=Core', listChanges.filter('by_team', 'All')), '')
  t.equal(changeSearch('', listChanges.filter('by_name', 'a&b')), 'by_name=a%26b', 'encoded')
  const members = model('dcoe_members')
  const all = members.filters.map((f) => `${f.param}=x`).join('&')
  t.equal(changeSearch(`${all}&sort=email`, listChanges.clearFilters(members)), 'sort=email')
  // the round trip: what the URL says is what the server is asked
  const query = parseListQuery(members, changeSearch('', { ...listChanges.filter('by_team', 'Core'), ...listChanges.sort('email') }))
  t.equal(paths.api.model(members).list(query), `/api/dcoe/members?page=1&per_page=${DEFAULT_PAGE_SIZE}&sort=email&by_team=Core`)
})

t.test('a lookup asks the server for 20 rows whose label contains the text', async (t) => {
  t.equal(
    lookupSearchUrl({ model: 'cloud_contacts', labelField: 'email' }, ' 099999 '),
    '/api/cloud_contacts?page=1&per_page=20&sort=email&by_email=099999',
  )
  t.equal(
    lookupSearchUrl({ model: 'companies', labelField: 'code' }, ''),
    '/api/companies?page=1&per_page=20&sort=code',
    'nothing typed: the first rows',
  )
})

t.test('date pickers reach at least twenty years ahead and take any stored date (7a)', async (t) => {
  const now = new Date(2026, 10, 23, 12)
  const { minDate, maxDate } = pickerRange(undefined, now)
  t.ok(maxDate >= new Date(2046, 11, 31), `max ${maxDate.toISOString()}`)
  t.ok(minDate <= new Date(2000, 0, 1), `min ${minDate.toISOString()}`)
  const far = new Date(2099, 5, 1)
  t.ok(pickerRange(far, now).maxDate >= far, 'a stored later date is inside')
  const old = new Date(1960, 1, 2)
  t.ok(pickerRange(old, now).minDate <= old, 'a stored older date is inside')
})

t.test('write texts: the spec text, the reason beneath; field errors from the answer', async (t) => {
  const departments = model('departments')
  const err = new ApiError(409, { error: 'Name "X" already exists', statusCode: 409, fields: { name: 'taken' } }, 'x')
  t.equal(failureToastText('Please try again.', err), 'Please try again.\nReason: Name "X" already exists')
  t.equal(
    failureToastText('please ensure that the data', err),
    'please ensure that the data\nReason: Name "X" already exists',
    'a cut-off text stays as it is, the reason beneath',
  )
  t.equal(failureToastText(undefined, err), 'Name "X" already exists', 'deletes: the reason alone')
  t.strictSame(fieldErrorsOf(err), { name: 'taken' })
  t.strictSame(fieldErrorsOf(new Error('network')), {})
  t.equal(pageSubmitFailed(departments.messages, 'update'), departments.messages.submitFailed ?? departments.messages.updateFailed)
  t.equal(pageSubmitFailed({ ...departments.messages, submitFailed: null }, 'create'), departments.messages.createFailed)
})

t.test('list layout: wide read-only lists start as the grid, wide writable ones as the table, narrow ones have no choice', async (t) => {
  t.equal(defaultLayout(model('cloud_parents')), 'grid', 'cloud parents: 10 columns, read-only')
  t.equal(defaultLayout(model('virtual_machines')), 'grid')
  t.equal(defaultLayout(model('cost_centers')), 'table', 'cost centers: 15 columns, edited in their rows')
  t.equal(defaultLayout(model('departments')), undefined, 'two columns: the table only')
})

t.test('columns shown: the link’s, else the person’s, else the registry’s; the identifying one kept in view', async (t) => {
  const centers = model('cost_centers')
  t.strictSame(
    shownColumns(centers, 'expired_at,gone,identifier,expired_at', ['company_code']),
    ['expired_at', 'identifier'],
    'the link wins',
  )
  t.strictSame(shownColumns(centers, 'gone', ['company_code', 'gone']), ['company_code'], 'a link naming nothing known: the person’s')
  t.strictSame(shownColumns(centers, null, undefined), [...centers.columns], 'nobody chose: the registry’s')
  t.equal(identifyingColumn(centers, centers.columns), 'identifier', 'the unique field')
  t.equal(identifyingColumn(centers, ['company_code', 'approved']), 'company_code', 'hidden: the first that can name a record')
  t.equal(identifyingColumn(model('cloud_survey_responses'), model('cloud_survey_responses').columns), 'identifier', 'the compared field')
  t.equal(identifyingColumn(model('cloud_bills'), model('cloud_bills').columns), 'identifier')
  t.equal(identifyingColumn(model('microsoft_approvals'), model('microsoft_approvals').columns), 'approval_id')
  t.equal(identifyingColumn(model('cloud_contacts'), model('cloud_contacts').columns), 'email')
})
