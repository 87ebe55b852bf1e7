/**
 * Calls of spec §7 as scripts send them, through the gateway to the real upstream: the JSON SAP
 * upload beside the multipart one, and the POSTs spec 000 §7 lists without a payload.
 */
import t from 'tap'
import { MESSAGES } from '../../shared/messages.js'
import { startPortal } from '../helper.js'
import { signIn } from '../lib/sign-in.js'
import { makeZip } from '../lib/zip.js'

t.test('POST /sap_cost_centers/upload as JSON: the checks and answers of the multipart upload', async (t) => {
  const portal = await startPortal(t)
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  const get = async (path: string) => (await (await fetch(`${portal.baseUrl}/api/${path}`, { headers: { cookie } })).json()) as any
  const multipart = async (file: Buffer, name: string) => {
    const form = new FormData()
    form.append('email', 'alice@ccoe.example')
    form.append('file', new Blob([new Uint8Array(file)]), name)
    const answer = await fetch(`${portal.baseUrl}/api/upload/sap_cost_centers`, { method: 'POST', headers: { cookie }, body: form })
    return { status: answer.status, body: await answer.json() }
  }
  const json = async (file: Buffer) => {
    const answer = await fetch(`${portal.baseUrl}/api/sap_cost_centers/upload`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ sap_cost_center: { email: 'alice@ccoe.example', base_file: file.toString('base64') } }),
    })
    return { status: answer.status, body: await answer.json() }
  }
  const identifiers = async () =>
    ((await get('sap_cost_centers?per_page=1000')).data as { identifier: string }[]).map((r) => r.identifier).sort()
  const [contact] = (await get('cloud_contacts?per_page=1')).data as { email: string }[]
  const [company] = (await get('companies?per_page=1')).data as { code: string }[]
  const before = await identifiers()

  const corrupt = Buffer.from('PK\u0003\u0004 not really a zip')
  const refused = await json(corrupt)
  t.equal(refused.status, 422)
  t.same(refused, await multipart(corrupt, 'centers.csv.zip'), 'a file that is no zip: the same 422')
  const twoFiles = await makeZip([
    { name: 'a.csv', content: 'identifier\n' },
    { name: 'b.csv', content: 'identifier\n' },
  ])
  t.same(await json(twoFiles), await multipart(twoFiles, 'two.csv.zip'), 'a zip of two files: the same refusal')
  const unknownCompany = await makeZip([
    { name: 'c.csv', content: `identifier,company_code,owner_email\nSAP-JSON-1,NOPE,${contact.email}\n` },
  ])
  t.same(await json(unknownCompany), await multipart(unknownCompany, 'c.csv.zip'), 'an unknown company: the same refusal')
  t.same(await identifiers(), before, 'refusals change nothing')

  const zip = (id: string) =>
    makeZip([{ name: 'c.csv', content: `identifier,company_code,owner_email\n${id},${company.code},${contact.email}\n` }])
  const loaded = await json(await zip('SAP-JSON-1'))
  t.same(loaded, { status: 200, body: { data: { added: 1, updated: 0, unchanged: 0, message: MESSAGES.sapUploaded } } })
  t.same(await multipart(await zip('SAP-JSON-2'), 'c.csv.zip'), {
    status: 200,
    body: { data: { added: 1, updated: 0, unchanged: 0, message: MESSAGES.sapUploaded } },
  })
  t.same(await identifiers(), [...before, 'SAP-JSON-1', 'SAP-JSON-2'].sort())
  t.same(await json(await zip('SAP-JSON-1')), {
    status: 200,
    body: { data: { added: 0, updated: 0, unchanged: 1, message: MESSAGES.sapUploaded } },
  })
})

t.test('the POSTs spec 000 §7 lists without a payload take none, or an empty object', async (t) => {
  const portal = await startPortal(t)
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  const post = async (path: string, body?: string) => {
    const answer = await fetch(`${portal.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body,
    })
    return { status: answer.status, body: (await answer.json()) as { data: { sent: number } } }
  }
  for (const path of ['cost_centers/send_expired_cost_centers_report', 'cloud_parents/send_email_to_terminated_cloud_accounts']) {
    const bare = await post(path)
    t.equal(bare.status, 200, `${path} without a body`)
    t.same(bare.body, { data: { message: MESSAGES.reportEmailed, sent: bare.body.data.sent } })
    t.equal((await post(path, '{}')).status, 200, `${path} with {}`)
    const other = await post(path, '{"send_to":"x@example.com"}')
    t.equal(other.status, 400, `${path}: a payload it does not take is still refused`)
  }
  await portal.upstream.mail.idle()
})
