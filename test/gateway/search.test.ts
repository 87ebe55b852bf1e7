/**
 * The command palette's search (issue 29 item 6), as the web and scripts call it: through the
 * gateway to the real upstream and its seeded demo records, on PGlite or on DATABASE_URL's PostgreSQL.
 */
import t from 'tap'
import { SEARCH_PER_MODEL, SEARCH_TARGETS } from '../../shared/calls/search.js'
import { getResource } from '../../shared/resources/index.js'
import { startPortal } from '../helper.js'
import { scriptToken, signIn } from '../lib/sign-in.js'

t.test('GET /api/search: records by id, identifier, code, email or name, grouped by model', async (t) => {
  const portal = await startPortal(t)
  const vera = { cookie: await signIn(portal.baseUrl, 'vera@ccoe.example', 'vera') }
  const search = async (query: string, headers: Record<string, string> = vera) => {
    const response = await fetch(`${portal.baseUrl}/api/search?${query}`, { headers })
    return { status: response.status, body: (await response.json()) as any }
  }
  const found = async (q: string) => {
    const { status, body } = await search(new URLSearchParams({ q }).toString())
    t.equal(status, 200, q)
    return body.data
  }

  t.same(
    await found('wbs-corp'),
    [
      {
        model: 'cost_centers',
        label: 'Cost Centers',
        records: [{ id: 5, title: 'WBS-CORP-2024-01', values: { company_code: '1000', cloud_contact_email: 'emma.schultz@example.com' } }],
      },
    ],
    "a viewer finds a cost center by its identifier's start, in any case; bills only by a whole identifier",
  )
  t.same(
    await found('ALICE.MARTIN@EXAMPLE'),
    [
      {
        model: 'cloud_contacts',
        label: 'Cloud Contacts',
        records: [{ id: 1, title: 'alice.martin@example.com', values: { name: 'Alice Martin' } }],
      },
      {
        model: 'members',
        label: 'All Members',
        records: [{ id: 1, title: 'Alice Martin', values: { email: 'alice.martin@example.com' } }],
      },
    ],
    'contacts and members by email',
  )
  t.same(
    await found('game stu'),
    [
      {
        model: 'cloud_projects',
        label: 'Cloud Projects',
        records: [{ id: 6, title: 'Game Studio Build Farm', values: { environment: 'sandbox' } }],
      },
    ],
    'a project by its name',
  )
  t.strictSame(
    await found('inv-202510-gcp'),
    [
      {
        model: 'cloud_bills',
        label: 'Cloud Bills',
        records: [
          // an amount comes with its currency, each value of its kind (the web shows them as the list does)
          { id: 2, title: 'INV-202510-GCP', values: { identifier: '3100-GAM-07', date: '2025-10-01', amount: 2792.5, currency: 'USD' } },
          { id: 5, title: 'INV-202510-GCP', values: { identifier: 'WBS-CORP-2024-01', date: '2025-10-01', amount: 5284, currency: 'USD' } },
        ],
      },
    ],
    'the lines of a bill by its whole invoice number',
  )
  const gam = (await found('gam'))[0]
  t.same(
    [gam.model, gam.records.map((r: { title: string }) => r.title)],
    [
      'cloud_parents',
      [
        'gam-analytics-production-048',
        'gam-analytics-staging-015',
        'gam-backoffice-development-003',
        'gam-backoffice-env-036',
        'gam-crm-development-042',
      ],
    ],
    `at most ${SEARCH_PER_MODEL} of a model, the first by the matched field`,
  )
  const byId = await found('1')
  t.same(
    byId.find((g: { model: string }) => g.model === 'cost_centers'),
    {
      model: 'cost_centers',
      label: 'Cost Centers',
      records: [{ id: 1, title: '1000-CCOE-01', values: { company_code: '1000', cloud_contact_email: 'alice.martin@example.com' } }],
    },
    'a record found by its id and by its start is answered once, the id first',
  )
  t.same(
    byId.map((g: { model: string }) => g.model),
    SEARCH_TARGETS.map((target) => target.model),
    'a whole number finds the record of that id in every model, in the declared order',
  )
  t.same(await found('1000-ccoe-01%'), [], 'a % is a character, not a wildcard')
  t.same(await found('zzz-nothing'), [], 'no match: an empty answer')

  const script = { authorization: `Bearer ${await scriptToken(portal.baseUrl)}` }
  t.equal((await search('q=wbs', script)).status, 200, "a script's read token may search")

  t.test('refusals', async (t) => {
    const olga = { cookie: await signIn(portal.baseUrl, 'olga@ccoe.example', 'olga') }
    t.same(await search('q=wbs', olga), {
      status: 403,
      body: { error: 'No access to the portal: ask the CCoE team.', statusCode: 403 },
    })
    t.same(await search(''), {
      status: 400,
      body: { error: "querystring must have required property 'q'", statusCode: 400 },
    })
    t.same(await search(`q=${'x'.repeat(101)}`), {
      status: 400,
      body: { error: 'querystring/q must NOT have more than 100 characters', statusCode: 400 },
    })
    t.same(await search('q=%20%20'), {
      status: 400,
      body: { error: 'Type something to search for', statusCode: 400, fields: { q: 'Type something to search for' } },
    })
    t.same(await search('q=wbs&page=2'), {
      status: 400,
      body: { error: 'querystring must NOT have additional properties', statusCode: 400 },
    })
  })

  t.test("migration 049 indexes every field matched by its start (the search's speed at a million rows)", async (t) => {
    const wanted = SEARCH_TARGETS.flatMap(({ model, prefix }) => prefix.map((field) => `${getResource(model).table}_${field}_prefix_idx`))
    const { rows } = await portal.database.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%\\_prefix\\_idx' ORDER BY indexname`,
    )
    t.same(
      rows.map((r) => r.indexname),
      [...wanted].sort(),
    )
  })
})
