import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:http'
import t from 'tap'
import { base64Body } from '../../../../server/gateway/base64-body.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { UPLOAD_TARGETS, uploadTarget, type UploadTarget } from '../../../../server/gateway/upload-targets.js'
import { SCRIPT_CLIENTS } from '../../../../server/idp/plugin.js'
import { automationToken, signIn } from '../../../lib/sign-in.js'

const AUTOMATION = SCRIPT_CLIENTS[1]
import { startGateway, startUpstream, TEST_UPSTREAM_TOKEN } from '../../../helper.js'
import { startRecordingUpstream } from '../../start.js'

const LIMIT = 400_000

function form(file: { bytes: Buffer; name: string; type?: string } | null, fields: Record<string, string> = {}): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  if (file) data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name)
  return data
}

// the data-URL encoding that later uploads (cloud bills, networks: spec 001 §7) declare
const DATA_URL_TARGET: Omit<UploadTarget, 'permission'> = {
  path: 'reports/upload',
  bodyKey: 'report',
  fileKey: 'data',
  encoding: 'dataUrl',
}

/** The body base64Body streams for these bytes, spooled to a file as uploads.ts spools them. */
async function encoded(target: Omit<UploadTarget, 'permission'>, file: { bytes: Buffer; mime: string }, email?: string) {
  const dir = await mkdtemp(join(tmpdir(), 'ccoe-base64-'))
  try {
    const path = join(dir, 'file')
    await writeFile(path, file.bytes)
    const body = base64Body(target, { path, size: file.bytes.length, mime: file.mime }, email)
    let text = ''
    for await (const part of body.stream) text += part as string
    return { announced: body.length, text }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

t.test('the streamed body is exact JSON for every length remainder, in both encodings', async (t) => {
  // around the 48 KiB pieces the file is read in, and across several of them
  for (const size of [1, 2, 3, 4, 5, 49_151, 49_152, 49_153, 98_304, 150_001]) {
    const bytes = randomBytes(size)
    const dataUrl = await encoded(DATA_URL_TARGET, { bytes, mime: 'text/csv' })
    t.equal(Buffer.byteLength(dataUrl.text), dataUrl.announced, `${size}: announced length`)
    t.strictSame(JSON.parse(dataUrl.text), { report: { data: `data:text/csv;base64,${bytes.toString('base64')}` } }, `${size}: a data URL`)
    const bare = await encoded(UPLOAD_TARGETS.sap_cost_centers, { bytes, mime: 'application/zip' }, 'bob@ccoe.example')
    t.equal(Buffer.byteLength(bare.text), bare.announced, `${size}: announced length, base64`)
    t.strictSame(
      JSON.parse(bare.text),
      { sap_cost_center: { email: 'bob@ccoe.example', base_file: bytes.toString('base64') } },
      `${size}: bare base64`,
    )
  }
})

t.test('a claimed MIME type that could break out of the data URL becomes octet-stream', async (t) => {
  const file = () => ({ bytes: Buffer.from('x') })
  for (const mime of ['text/csv";x', 'text/csv,evil', 'text', '', 'a/b c']) {
    t.strictSame(
      JSON.parse((await encoded(DATA_URL_TARGET, { ...file(), mime })).text),
      { report: { data: 'data:application/octet-stream;base64,eA==' } },
      JSON.stringify(mime),
    )
  }
  t.strictSame(JSON.parse((await encoded(DATA_URL_TARGET, { ...file(), mime: 'Application/VND.ms-Excel' })).text), {
    report: { data: 'data:application/vnd.ms-excel;base64,eA==' },
  })
})

t.test('a starting gateway removes the spool folders of processes that are gone, and only those', async (t) => {
  // a process that has exited: a gateway killed mid-upload
  const gone = spawnSync(process.execPath, ['-e', '']).pid
  const orphan = mkdtempSync(join(tmpdir(), `ccoe-upload-${gone}-`))
  writeFileSync(join(orphan, 'file'), 'half a file')
  // this process's own: an upload under way in another gateway here
  const live = mkdtempSync(join(tmpdir(), `ccoe-upload-${process.pid}-`))
  t.teardown(() => rmSync(live, { recursive: true, force: true }))
  const upstream = await startRecordingUpstream(t)
  await startGateway(t, upstream.url)
  t.equal(existsSync(orphan), false, "the gone process's folder")
  t.equal(existsSync(live), true, 'the running one')
})

t.test('upload targets are the declared calls that carry a file, by registry model', async (t) => {
  t.same(Object.keys(UPLOAD_TARGETS).sort(), ['billing_jobs', 'cloud_bills', 'cost_center_networks', 'sap_cost_centers'])
  t.same(
    Object.entries(UPLOAD_TARGETS)
      .map(([target, { path }]) => `${target} → ${path}`)
      .sort(),
    [
      'billing_jobs → cloud_bills/parse_pre_ap',
      'cloud_bills → cloud_bills/upload',
      'cost_center_networks → cost_center_networks/upload',
      'sap_cost_centers → sap_cost_centers/upload',
    ],
  )
  t.equal(uploadTarget('sap_cost_centers'), UPLOAD_TARGETS.sap_cost_centers)
  for (const name of ['departments', 'companies', '__proto__', 'constructor', 'toString']) t.equal(uploadTarget(name), undefined, name)
})

t.test('uploads', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { overrides: { bodyLimitBytes: LIMIT } })
  const cookie = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
  const upload = (target: string, body: FormData, headers: Record<string, string> = { cookie }) =>
    fetch(`${gw.baseUrl}/api/upload/${target}`, { method: 'POST', headers, body })
  const lastBody = () => JSON.parse(upstream.seen.at(-1)!.body) as Record<string, Record<string, string>>

  t.test('SAP cost centers: base64 of the exact bytes, with the email', async (t) => {
    const bytes = randomBytes(300_001)
    const response = await upload(
      'sap_cost_centers',
      form({ bytes, name: 'costs.csv.zip', type: 'application/zip' }, { email: 'bob@ccoe.example' }),
    )
    t.equal(response.status, 200)
    t.same(await response.json(), { data: { data: [], method: 'POST', url: '/sap_cost_centers/upload' } }, "the upstream's answer")
    const seen = upstream.seen.at(-1)!
    t.equal(seen.method, 'POST')
    t.equal(seen.url, '/sap_cost_centers/upload')
    t.equal(seen.headers['content-type'], 'application/json')
    t.equal(seen.headers.authorization, 'Bearer fixed-upstream-token')
    t.equal(seen.headers.uid, 'alice@ccoe.example')
    t.equal(Number(seen.headers['content-length']), Buffer.byteLength(seen.body))
    const body = lastBody()
    t.same(Object.keys(body.sap_cost_center), ['email', 'base_file'])
    t.equal(body.sap_cost_center.email, 'bob@ccoe.example')
    t.ok(Buffer.from(body.sap_cost_center.base_file, 'base64').equals(bytes), 'decodes to the file')

    const again = await upload('sap_cost_centers', form({ bytes: Buffer.from('a,b\n'), name: 'COSTS.CSV.ZIP' }))
    t.equal(again.status, 200)
    t.equal(lastBody().sap_cost_center.email, 'alice@ccoe.example', "no email field: the user's")
  })

  t.test('cost center networks: a data URL of the exact bytes under cost_center_network.file, CSV only', async (t) => {
    const csv = Buffer.from('cost_center,network\r\n1000-CCOE-01,NET-1\r\n')
    const response = await upload('cost_center_networks', form({ bytes: csv, name: 'networks.csv', type: 'text/csv' }))
    t.equal(response.status, 200)
    t.equal(upstream.seen.at(-1)!.url, '/cost_center_networks/upload')
    t.same(lastBody(), { cost_center_network: { file: `data:text/csv;base64,${csv.toString('base64')}` } })
    const before = upstream.seen.length
    const wrong = await upload('cost_center_networks', form({ bytes: csv, name: 'networks.xlsx' }))
    t.equal(wrong.status, 422)
    t.same(await wrong.json(), { error: MESSAGES.networkFileMustBeCsv, statusCode: 422 })
    t.equal(upstream.seen.length, before, 'the refusal never reached the upstream')
  })

  t.test('cloud bills: a data URL of the exact bytes under cloud_bill.data, .xlsx or .csv', async (t) => {
    const bytes = randomBytes(5_000)
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    t.equal((await upload('cloud_bills', form({ bytes, name: 'bills.xlsx', type }))).status, 200)
    t.equal(upstream.seen.at(-1)!.url, '/cloud_bills/upload')
    t.same(lastBody(), { cloud_bill: { data: `data:${type};base64,${bytes.toString('base64')}` } })
    const before = upstream.seen.length
    t.equal((await upload('cloud_bills', form({ bytes, name: 'bills.pdf' }))).status, 422)
    t.equal(upstream.seen.length, before, 'the refusal never reached the upstream')
  })

  t.test('finalize invoice: the form’s provider and four steps travel beside the file as cloud_bill.input', async (t) => {
    const csv = Buffer.from('date,provider,identifier,amount\r\n2026-10-01,gcp,X,1\r\n')
    const fields = { provider: 'gcp', populate_cloud_bills: 'true', email_cost_center_owners: 'false', update_bigquery: 'yes' }
    t.equal((await upload('billing_jobs', form({ bytes: csv, name: 'invoice.csv', type: 'text/csv' }, fields))).status, 200)
    t.equal(upstream.seen.at(-1)!.url, '/cloud_bills/parse_pre_ap')
    t.strictSame(lastBody(), {
      cloud_bill: {
        input: {
          provider: 'gcp',
          send_nalo_nagi_invoices: false,
          populate_cloud_bills: true,
          update_bigquery: false,
          email_cost_center_owners: false,
        },
        data: `data:text/csv;base64,${csv.toString('base64')}`,
      },
    })
    const before = upstream.seen.length
    const wrong = await upload('billing_jobs', form({ bytes: csv, name: 'invoice.csv' }, { provider: 'oracle' }))
    t.same([wrong.status, await wrong.json()], [422, { error: 'provider must be one of aws, azure, gcp', statusCode: 422 }])
    const missing = await upload('billing_jobs', form({ bytes: csv, name: 'invoice.csv' }))
    t.equal(missing.status, 422, 'the provider is required')
    t.equal(upstream.seen.length, before, 'the refusals never reached the upstream')
  })

  t.test('refusals never reach the upstream', async (t) => {
    const before = upstream.seen.length
    const wrong = await upload('sap_cost_centers', form({ bytes: Buffer.from('PK'), name: 'costs.zip' }))
    t.equal(wrong.status, 422)
    t.same(await wrong.json(), { error: MESSAGES.sapFileMustBeCsvZip, statusCode: 422 })

    const over = await upload('sap_cost_centers', form({ bytes: Buffer.alloc(LIMIT + 1), name: 'big.csv.zip' }))
    t.equal(over.status, 413, 'one byte over, counted while reading')
    t.same(await over.json(), { error: 'Payload Too Large', statusCode: 413 })
    const way = await upload('sap_cost_centers', form({ bytes: Buffer.alloc(LIMIT * 2), name: 'big.csv.zip' }))
    t.equal(way.status, 413, 'a declared length far over the cap')
    t.same(await way.json(), { error: 'Payload Too Large', statusCode: 413 })

    const two = form({ bytes: Buffer.from('x'), name: 'a.csv.zip' })
    two.append('file2', new Blob(['y']), 'b.csv.zip')
    const twoFiles = await upload('sap_cost_centers', two)
    t.equal(twoFiles.status, 413, 'one file only')
    t.same(await twoFiles.json(), { error: 'Payload Too Large', statusCode: 413 })
    const none = await upload('sap_cost_centers', form(null, { email: 'x@y.z' }))
    t.equal(none.status, 400)
    t.same(await none.json(), { error: 'A file is required', statusCode: 400 })
    const badEmail = await upload('sap_cost_centers', form({ bytes: Buffer.from('x'), name: 'a.csv.zip' }, { email: 'not an email' }))
    t.equal(badEmail.status, 422)
    t.same(await badEmail.json(), { error: 'The email is not valid', statusCode: 422 })
    const empty = await upload('sap_cost_centers', form({ bytes: Buffer.alloc(0), name: 'empty.csv.zip' }))
    t.equal(empty.status, 400, 'an empty file is no file')
    t.same(await empty.json(), { error: 'A file is required', statusCode: 400 })

    const file = () => form({ bytes: Buffer.from('x'), name: 'a.csv.zip' })
    const crossSite = await upload('sap_cost_centers', file(), { cookie, 'sec-fetch-site': 'cross-site' })
    t.equal(crossSite.status, 403, 'CSRF: another site')
    t.same(await crossSite.json(), { error: 'Forbidden', statusCode: 403 })
    t.equal((await upload('sap_cost_centers', file(), { cookie, origin: 'https://evil.example' })).status, 403, 'CSRF: another origin')
    const anonymous = await upload('sap_cost_centers', file(), {})
    t.equal(anonymous.status, 401)
    t.same(await anonymous.json(), { error: 'Unauthorized', statusCode: 401 })
    for (const target of ['nope', 'companies', 'departments', '__proto__', 'constructor', 'sap_cost_centers%2F..']) {
      const response = await upload(target, file())
      t.equal(response.status, 404, target)
      t.same(await response.json(), { error: 'Not Found', statusCode: 404 })
    }
    t.equal(upstream.seen.length, before, 'the upstream saw none of them')
  })

  t.test('scripts upload with a bearer token; one audit line without the file', async (t) => {
    const token = await automationToken(gw.baseUrl)
    const marker = Buffer.from('secret-file-marker-'.repeat(50))
    const response = await upload('sap_cost_centers', form({ bytes: marker, name: 'n.csv.zip', type: 'application/zip' }), {
      authorization: `Bearer ${token}`,
    })
    t.equal(response.status, 200)
    t.equal(upstream.seen.at(-1)!.headers.uid, AUTOMATION.clientId)
    const scripted = (l: Record<string, unknown>) => l.path === '/api/upload/sap_cost_centers' && l.user === AUTOMATION.clientId
    // written when the answer closes, which may come just after the client read it
    const line = await gw.auditLine(scripted)
    t.equal(gw.audit.filter(scripted).length, 1, 'one line for the upload')
    const { method, status, bytesIn, file, upstream: target } = line
    t.same(
      { method, status, bytesIn, file, upstream: target },
      { method: 'POST', status: 200, bytesIn: marker.length, file: 'n.csv.zip', upstream: 'sap_cost_centers/upload' },
    )
    t.notOk(gw.auditText().includes('secret-file-marker'), 'no file body')
    t.notOk(gw.auditText().includes(marker.toString('base64').slice(0, 40)), 'nor its base64')
  })
})

t.test("the upstream's status and JSON come back", async (t) => {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () =>
      res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"Row 3: unknown company","statusCode":422}'),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))))
  const gw = await startGateway(t, `http://127.0.0.1:${(server.address() as { port: number }).port}`)
  const cookie = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
  const response = await fetch(`${gw.baseUrl}/api/upload/sap_cost_centers`, {
    method: 'POST',
    headers: { cookie },
    body: form({ bytes: Buffer.from('x'), name: 'a.csv.zip' }),
  })
  t.equal(response.status, 422)
  t.same(await response.json(), { error: 'Row 3: unknown company', statusCode: 422 })
})

t.test(
  'at most UPLOADS_IN_FLIGHT uploads at once, a quarter of them per caller: past either, 429 or 503 with Retry-After, audited; a finished one frees its place',
  async (t) => {
    const upstream = await startRecordingUpstream(t)
    // two places, one per caller
    const gw = await startGateway(t, upstream.url, { overrides: { uploadsInFlight: 2 } })
    const alice = { cookie: await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice') }
    const bob = { cookie: await signIn(gw.baseUrl, 'bob@ccoe.example', 'bob') }
    const script = { authorization: `Bearer ${await automationToken(gw.baseUrl)}` }
    const csv = () => form({ bytes: Buffer.from('cost_center,network\r\nCC-1,NET-1\r\n'), name: 'networks.csv', type: 'text/csv' })
    const upload = (headers: Record<string, string>) =>
      fetch(`${gw.baseUrl}/api/upload/cost_center_networks`, { method: 'POST', headers, body: csv() })
    const held = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (upstream.held === count ? resolve() : setImmediate(check))
        check()
      })

    upstream.holding = true
    const first = upload(alice)
    await held(1)
    const hers = await upload(alice)
    t.equal(hers.status, 429, 'Alice holds her share')
    t.equal(hers.headers.get('retry-after'), '5')
    t.same(await hers.json(), { error: 'Too many of your uploads at once, please wait for one to finish', statusCode: 429 })
    const overShare = await gw.auditLine((l) => l.event === 'denied' && l.reason === 'uploads per caller')
    t.same([overShare.user, overShare.status, overShare.path], ['alice@ccoe.example', 429, '/api/upload/cost_center_networks'])

    const second = upload(bob)
    await held(2)
    const third = await upload(script)
    t.equal(third.status, 503, 'every place is held')
    t.equal(third.headers.get('retry-after'), '5')
    t.same(await third.json(), { error: 'Too many uploads at once, please try again shortly', statusCode: 503 })
    const denied = await gw.auditLine((l) => l.event === 'denied' && l.reason === 'uploads in flight')
    t.same([denied.user, denied.status, denied.path], [AUTOMATION.clientId, 503, '/api/upload/cost_center_networks'])
    t.equal(upstream.seen.filter((s) => s.url === '/cost_center_networks/upload').length, 2, 'the refused ones never reached the upstream')

    upstream.release()
    t.same([(await first).status, (await second).status], [200, 200])
    await gw.auditLine(() => gw.audit.filter((l) => l.upstream === 'cost_center_networks/upload' && l.status === 200).length === 2)
    t.same([(await upload(alice)).status, (await upload(script)).status], [200, 200], 'their places are free again')
  },
)

t.test('every upload target answers at the upstream: none is offered without its route', async (t) => {
  const { upstream: app } = await startUpstream(t, { seed: false })
  for (const [name, target] of Object.entries(UPLOAD_TARGETS)) {
    const answer = await app.inject({
      method: 'POST',
      url: `/${target.path}`,
      headers: { authorization: `Bearer ${TEST_UPSTREAM_TOKEN}` },
      payload: {},
    })
    t.not(answer.statusCode, 404, `${name}: POST /${target.path} is an upstream route`)
    t.equal(answer.statusCode, 400, `${name}: an empty body is refused by the route itself`)
  }
})
