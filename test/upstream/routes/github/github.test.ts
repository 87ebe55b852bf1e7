/**
 * GitHub organization apps (spec 001 §3, §5, §7): the private key is write-only. Through the gateway,
 * against the real upstream and database: no list, record, create or update answer and no CSV carries
 * it; an edit without a key keeps the stored one; the body key is the plural of spec §7.
 * GitHub Copilot users name their cost center, contact and app by lookups, shown by their labels.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { parseCsv } from '../../../../server/upstream/uploads/parse-csv.js'
import { getResource } from '../../../../shared/resources/index.js'
import { startPortal } from '../../../helper.js'
import { signedInApi } from '../../../lib/sign-in.js'

const KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIEsecretPART1\n-----END RSA PRIVATE KEY-----'
const NEW_KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIEsecretPART2\n-----END RSA PRIVATE KEY-----'

t.test('GitHub organization apps: the private key goes in and never comes out', async (t) => {
  const portal = await startPortal(t)
  const api = await signedInApi(portal.baseUrl)
  const storedKey = async (id: number) =>
    (
      await rows<{ private_key: string | null }>(portal.database.db, sql`SELECT private_key FROM github_organization_apps WHERE id = ${id}`)
    )[0].private_key
  const noKey = (text: string, what: string) => {
    t.notMatch(text, /private_key/, `${what}: no private_key property or column`)
    t.notMatch(text, /BEGIN RSA PRIVATE KEY|secretPART/, `${what}: no key material`)
  }

  const costCenter = (await api('GET', 'cost_centers?by_identifier=1000-CCOE-01')).json().data[0]
  t.equal(getResource('github_organization_apps')!.bodyKey, 'github_organization_apps', 'spec 001 §7: the plural body key')
  t.match(
    getResource('github_organization_apps')!.messages,
    { listTitle: 'GitHub Org Applications Table', submitFailed: 'There was a problem submitting this company. Please try again.' },
    "spec 001 §2, §8: the table's name, and the app forms' page text says 'company'",
  )

  const created = await api('POST', 'github_organization_apps', {
    github_organization_apps: {
      name: 'payments-org',
      description: 'Payments repositories',
      app_id: '998877',
      client_id: 'Iv1.0011223344556677',
      private_key: KEY,
      cost_centers_id: costCenter.id,
      team_selection: true,
      exclude_form: false,
      copilot_enabled: true,
    },
  })
  t.equal(created.status, 201, created.text)
  noKey(created.text, 'create answer')
  const record = created.json().data
  t.strictSame(
    { ...record, created_at: typeof record.created_at },
    {
      id: record.id,
      name: 'payments-org',
      description: 'Payments repositories',
      app_id: '998877',
      client_id: 'Iv1.0011223344556677',
      cost_centers_id: costCenter.id,
      cost_center: '1000-CCOE-01',
      team_selection: true,
      exclude_form: false,
      copilot_enabled: true,
      created_at: 'string',
    },
    'the answer: every field but the key, the cost center by its identifier',
  )
  t.equal(await storedKey(record.id), KEY, 'the key is stored')

  const read = await api('GET', `github_organization_apps/${record.id}`)
  t.equal(read.status, 200)
  noKey(read.text, 'record')
  t.strictSame(read.json().data, record)

  const list = await api('GET', 'github_organization_apps?per_page=100')
  t.equal(list.status, 200)
  noKey(list.text, 'list')
  t.ok(
    list.json().data.some((r: { id: number }) => r.id === record.id),
    'the new app is listed',
  )
  t.equal(list.json().data.length, 4, 'three demo apps and the new one, none with a key')

  // spec 001 §5: an edit that sends no key keeps the stored one
  const edited = await api('PUT', `github_organization_apps/${record.id}`, {
    github_organization_apps: { name: 'payments-org', description: 'Payments and wallets', copilot_enabled: false },
  })
  t.equal(edited.status, 200, edited.text)
  noKey(edited.text, 'update answer')
  t.strictSame(edited.json().data, { ...record, description: 'Payments and wallets', copilot_enabled: false })
  t.equal(await storedKey(record.id), KEY, 'an edit without a key keeps the stored one')

  const rekeyed = await api('PUT', `github_organization_apps/${record.id}`, { github_organization_apps: { private_key: NEW_KEY } })
  t.equal(rekeyed.status, 200, rekeyed.text)
  noKey(rekeyed.text, 'update answer with a new key')
  t.equal(await storedKey(record.id), NEW_KEY, 'a new key replaces the stored one')

  const csv = await api('GET', 'csv/github_organization_apps')
  t.equal(csv.status, 200)
  noKey(csv.text, 'CSV')
  const [header, ...lines] = parseCsv(csv.text)
  t.strictSame(header, [
    'name',
    'description',
    'app_id',
    'client_id',
    'team_selection',
    'exclude_form',
    'copilot_enabled',
    'cost_center',
    'created_at',
  ])
  t.strictSame(lines.find((l) => l[0] === 'payments-org')?.slice(0, 8), [
    'payments-org',
    'Payments and wallets',
    '998877',
    'Iv1.0011223344556677',
    'true',
    'false',
    'false',
    '1000-CCOE-01',
  ])
  t.equal(lines.length, 4, 'every app is a row')

  // a key is never a filter or a sort: nothing can probe it
  t.equal((await api('GET', 'github_organization_apps?sort=private_key')).status, 400, 'no sort by the key')
  // an unknown filter is dropped (as any unknown parameter): it selects nothing
  const probe = await api('GET', 'github_organization_apps?by_private_key=no-such-key&per_page=100')
  t.equal(probe.status, 200)
  noKey(probe.text, 'a probe')
  t.equal(probe.json().data.length, 4, 'the key is not a filter')

  // the cost center is required: 'None' is no cost center
  const none = await api('PUT', `github_organization_apps/${record.id}`, { github_organization_apps: { cost_centers_id: -9999 } })
  t.equal(none.status, 400)
  t.match(none.json(), { fields: { cost_centers_id: String } }, 'the refusal names the cost center')
})

t.test('GitHub Copilot users: lookups shown by their labels', async (t) => {
  const portal = await startPortal(t)
  const api = await signedInApi(portal.baseUrl)
  const first = async (path: string) => (await api('GET', path)).json().data[0]
  const costCenter = await first('cost_centers?by_identifier=3100-GAM-07')
  const contact = await first('cloud_contacts?by_email=david.okafor@example.com')
  const app = await first('github_organization_apps?by_name=gaming-studios')

  const created = await api('POST', 'github_copilot_users', {
    github_copilot_user: {
      github_username: 'dokafor',
      name: 'David Okafor',
      cost_center: costCenter.id,
      cloud_contact_id: contact.id,
      github_organization_app_id: app.id,
      easy_vista_ticket_number: 'EV-250101',
      requestor: 'alice.martin@example.com',
    },
  })
  t.equal(created.status, 201)
  const { created_at, ...record } = created.json().data
  t.type(created_at, 'string')
  t.strictSame(record, {
    id: record.id,
    github_username: 'dokafor',
    name: 'David Okafor',
    cost_center: costCenter.id,
    cost_center_identifier: '3100-GAM-07',
    cloud_contact_id: contact.id,
    cloud_contact_email: 'david.okafor@example.com',
    github_organization_app_id: app.id,
    github_organization: 'gaming-studios',
    easy_vista_ticket_number: 'EV-250101',
    requestor: 'alice.martin@example.com',
  })

  const listed = await api('GET', 'github_copilot_users?by_github_username=okaf')
  t.strictSame(
    listed.json().data.map((r: { github_username: string }) => r.github_username),
    ['dokafor'],
    'searched by username',
  )
  // an app still used by a Copilot user cannot be deleted
  t.equal((await api('DELETE', `github_organization_apps/${app.id}`)).status, 404, 'apps have no delete (spec 001 §7)')
  t.equal((await api('DELETE', `github_copilot_users/${record.id}`)).status, 200)
  t.equal((await api('GET', `github_copilot_users/${record.id}`)).status, 404)
})
