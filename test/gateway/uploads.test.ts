import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { base64Body } from '../../server/gateway/base64-body.js'
import { MESSAGES } from '../../shared/messages.js'
import { UPLOAD_TARGETS } from '../../server/gateway/upload-targets.js'
import { SCRIPT_CLIENT } from '../../server/idp/plugin.js'
import { scriptToken, signIn } from '../lib/sign-in.js'
import { startGateway } from '../helper.js'
import { startRecordingUpstream } from './start.js'

const LIMIT = 400_000

function form(file: { bytes: Buffer; name: string; type?: string } | null, fields: Record<string, string> = {}): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  if (file) data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name)
  return data
}

t.test('the streamed body is exact JSON for every length remainder', async (t) => {
  for (const size of [1, 2, 3, 4, 5, 49_151, 49_152, 49_153, 150_001]) {
    const bytes = randomBytes(size)
    // odd chunk sizes, as a socket delivers them
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 65_543), bytes.subarray(65_543)].filter((c) => c.length)
    const body = base64Body(UPLOAD_TARGETS.cloud_bills, { chunks, size, mime: 'text/csv' })
    const parts: Buffer[] = []
    for await (const part of body.stream) parts.push(part as Buffer)
    const text = Buffer.concat(parts)
    t.equal(text.length, body.length, `${size}: announced length`)
    const json = JSON.parse(text.toString()) as { cloud_bill: { data: string } }
    t.ok(Buffer.from(json.cloud_bill.data.replace('data:text/csv;base64,', ''), 'base64').equals(bytes), `${size}: decodes`)
  }
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
    const response = await upload('sap_cost_centers', form({ bytes, name: 'costs.csv.zip', type: 'application/zip' }, { email: 'bob@ccoe.example' }))
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

  t.test('cloud bills and networks: data URLs', async (t) => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    const bill = randomBytes(1000)
    t.equal((await upload('cloud_bills', form({ bytes: bill, name: 'bill.xlsx', type: xlsx }))).status, 200)
    t.equal(upstream.seen.at(-1)!.url, '/cloud_bills/upload')
    const data = lastBody().cloud_bill.data
    t.ok(data.startsWith(`data:${xlsx};base64,`))
    t.ok(Buffer.from(data.slice(data.indexOf(',') + 1), 'base64').equals(bill))

    const csv = Buffer.from('identifier,network\nCC1,N1\n')
    t.equal((await upload('cost_center_networks', form({ bytes: csv, name: 'n.csv', type: 'text/csv' }))).status, 200)
    t.equal(upstream.seen.at(-1)!.url, '/cost_center_networks/upload')
    t.equal(lastBody().cost_center_network.file, `data:text/csv;base64,${csv.toString('base64')}`)
  })

  t.test('refusals never reach the upstream', async (t) => {
    const before = upstream.seen.length
    const wrong = await upload('sap_cost_centers', form({ bytes: Buffer.from('PK'), name: 'costs.zip' }))
    t.equal(wrong.status, 422)
    t.same(await wrong.json(), { error: MESSAGES.sapFileMustBeCsvZip, statusCode: 422 })

    const over = await upload('cloud_bills', form({ bytes: Buffer.alloc(LIMIT + 1), name: 'big.csv' }))
    t.equal(over.status, 413, 'one byte over, counted while reading')
    t.same(await over.json(), { error: 'Payload Too Large', statusCode: 413 })
    const way = await upload('cloud_bills', form({ bytes: Buffer.alloc(LIMIT * 2), name: 'big.csv' }))
    t.equal(way.status, 413, 'a declared length far over the cap')

    const two = form({ bytes: Buffer.from('x'), name: 'a.csv' })
    two.append('file2', new Blob(['y']), 'b.csv')
    t.equal((await upload('cloud_bills', two)).status, 413, 'one file only')
    const none = await upload('cloud_bills', form(null, { email: 'x@y.z' }))
    t.equal(none.status, 400)
    t.same(await none.json(), { error: 'A file is required', statusCode: 400 })

    const file = () => form({ bytes: Buffer.from('x'), name: 'a.csv.zip' })
    const crossSite = await upload('sap_cost_centers', file(), { cookie, 'sec-fetch-site': 'cross-site' })
    t.equal(crossSite.status, 403, 'CSRF: another site')
    t.equal((await upload('sap_cost_centers', file(), { cookie, origin: 'https://evil.example' })).status, 403, 'CSRF: another origin')
    t.equal((await upload('sap_cost_centers', file(), {})).status, 401)
    for (const target of ['nope', '__proto__', 'constructor', 'sap_cost_centers%2F..']) {
      const response = await upload(target, file())
      t.equal(response.status, 404, target)
      t.same(await response.json(), { error: 'Not Found', statusCode: 404 })
    }
    t.equal(upstream.seen.length, before, 'the upstream saw none of them')
  })

  t.test('scripts upload with a bearer token; one audit line without the file', async (t) => {
    const token = await scriptToken(gw.baseUrl)
    const marker = Buffer.from('secret-file-marker-'.repeat(50))
    const response = await upload('cost_center_networks', form({ bytes: marker, name: 'n.csv', type: 'text/csv' }), { authorization: `Bearer ${token}` })
    t.equal(response.status, 200)
    await sleep(50)
    const lines = gw.audit.filter((l) => l.path === '/api/upload/cost_center_networks' && l.user === SCRIPT_CLIENT.clientId)
    t.equal(lines.length, 1, 'one line for the upload')
    t.match(lines[0], { method: 'POST', bytesIn: marker.length, file: 'n.csv', upstream: 'cost_center_networks/upload' })
    t.notOk(gw.auditText().includes('secret-file-marker'), 'no file body')
    t.notOk(gw.auditText().includes(marker.toString('base64').slice(0, 40)), 'nor its base64')
  })
})

t.test("the upstream's status and JSON come back", async (t) => {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"Row 3: unknown company","statusCode":422}'))
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
