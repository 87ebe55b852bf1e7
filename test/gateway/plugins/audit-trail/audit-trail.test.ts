/**
 * Issue 43 item 1: the auditor role (ROLE_AUDITOR_GROUPS; the embedded IdP's Audrey): every read a
 * viewer has, no write, and the audit trail (GET /api/audit, the gateway's own lines read back
 * from AUDIT_LOG_FILE), which admins read too and viewers, editors and scripts do not.
 */
import { join } from 'node:path'
import t from 'tap'
import { permitsOf } from '../../../../shared/access.js'
import { startGateway, tempDir, type AuditLine, type Teardown } from '../../../helper.js'
import { scriptToken, sessionAnswer, signIn } from '../../../lib/sign-in.js'
import { startRecordingUpstream } from '../../start.js'

const AUDREY = 'audrey@ccoe.example'
const VERA = 'vera@ccoe.example'

async function portalWithTrail(t: Teardown) {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url, { env: { AUDIT_LOG_FILE: join(tempDir(t), 'audit.log') } })
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gw.baseUrl}${path}`, { headers })
    return { status: response.status, body: (await response.json()) as unknown, reqId: response.headers.get('x-request-id') }
  }
  return { gw, get }
}

t.test('an auditor reads what a viewer reads, writes nothing, and reads the trail; admins too, viewers and editors not', async (t) => {
  const { gw, get } = await portalWithTrail(t)
  const audrey = await signIn(gw.baseUrl, AUDREY, 'audrey')
  t.same((await get('/api/session', { cookie: audrey })).body, sessionAnswer(AUDREY, 'Audrey Auditor', 'auditor'))
  t.same(permitsOf({ role: 'auditor' }), permitsOf({ role: 'viewer' }), "what the web is told: a viewer's permits")
  t.equal((await get('/api/departments', { cookie: audrey })).status, 200)
  const write = await fetch(`${gw.baseUrl}/api/departments`, {
    method: 'POST',
    headers: { cookie: audrey, 'content-type': 'application/json' },
    body: '{}',
  })
  t.same(
    [write.status, await write.json()],
    [403, { error: 'Not allowed: this needs the editor role, and you are an auditor. Ask the CCoE team if you need it.', statusCode: 403 }],
  )
  t.same((await gw.auditLine((line) => line.user === AUDREY && line.event === 'login')).role, 'auditor', 'the sign-in names the role')

  const trail = async (headers: Record<string, string>) => {
    const { status, body } = await get('/api/audit?per_page=1', headers)
    return status === 200 ? status : { status, body }
  }
  const alice = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
  const bob = await signIn(gw.baseUrl, 'bob@ccoe.example', 'bob')
  const vera = await signIn(gw.baseUrl, VERA, 'vera')
  const olga = await signIn(gw.baseUrl, 'olga@ccoe.example', 'olga')
  const refusal = (role: string) => ({
    status: 403,
    body: {
      error: `Not allowed: the audit trail needs the auditor or admin role, and you are ${role}. Ask the CCoE team if you need it.`,
      statusCode: 403,
    },
  })
  t.same(
    [
      await trail({ cookie: audrey }),
      await trail({ cookie: alice }),
      await trail({ cookie: vera }),
      await trail({ cookie: bob }),
      await trail({ cookie: olga }),
      await trail({ authorization: `Bearer ${await scriptToken(gw.baseUrl)}` }),
      await trail({}),
    ],
    [
      200,
      200,
      refusal('a viewer'),
      refusal('an editor'),
      { status: 403, body: { error: 'No access to the portal: ask the CCoE team.', statusCode: 403 } },
      {
        status: 403,
        body: { error: 'Not allowed: the audit trail is for people with the auditor or admin role, not for scripts.', statusCode: 403 },
      },
      { status: 401, body: { error: 'Unauthorized', statusCode: 401 } },
    ],
  )
  const denied = gw.audit.filter((line) => line.path === '/api/audit' && line.event === 'denied')
  t.same(
    denied.map(({ user, reason, status, role, needs }) => [user, reason, status, role ?? null, needs ?? null]),
    [
      [VERA, 'not permitted', 403, 'viewer', 'auditor'],
      ['bob@ccoe.example', 'not permitted', 403, 'editor', 'auditor'],
      ['olga@ccoe.example', 'not permitted', 403, null, 'auditor'],
      ['ccoe-scripts', 'not permitted', 403, null, 'auditor'],
      [null, 'unauthenticated', 401, null, null],
    ],
  )
})

t.test('GET /api/audit: the lines of the file, newest first, filtered and paged', async (t) => {
  const { gw, get } = await portalWithTrail(t)
  const audrey = { cookie: await signIn(gw.baseUrl, AUDREY, 'audrey') }
  const vera = await signIn(gw.baseUrl, VERA, 'vera')
  await (await fetch(`${gw.baseUrl}/api/departments`, { headers: { cookie: vera } })).arrayBuffer()
  const refused = await fetch(`${gw.baseUrl}/api/departments/3`, { method: 'DELETE', headers: { cookie: vera } })
  await refused.arrayBuffer()
  const last = await fetch(`${gw.baseUrl}/api/companies?per_page=2`, { headers: { cookie: vera } })
  await last.arrayBuffer()
  await gw.auditLine((line) => line.reqId === last.headers.get('x-request-id'))
  const veras = gw.auditWithForwarding.filter((line) => line.user === VERA).reverse()
  t.equal(veras.length, 4, 'her sign-in, two reads and a refusal')

  /** a page of the trail, its lines without their chain fields (which the test gateway's own lines leave out) */
  const trail = async (query: string) => {
    const { body } = (await get(`/api/audit?${query}`, audrey)) as {
      body: { data: AuditLine[]; meta: { per_page: number; next?: string } }
    }
    t.ok(
      body.data.every((line) => typeof line.seq === 'number' && typeof line.prev === 'string'),
      'the lines as written: with their place in the chain',
    )
    return { data: body.data.map(({ chain: _chain, seq: _seq, prev: _prev, ...line }) => line), meta: body.meta }
  }
  t.same(await trail(`user=${VERA}`), { data: veras, meta: { per_page: 25 } }, 'all of hers, newest first')
  const denial = veras.find((line) => line.event === 'denied')!
  t.same(await trail('method=delete'), { data: [denial], meta: { per_page: 25 } }, 'by method, any case')
  t.same(await trail('path=/api/dep&status=403'), { data: [denial], meta: { per_page: 25 } }, 'by path start and status')
  t.same(await trail(`reqId=${refused.headers.get('x-request-id')}`), { data: [denial], meta: { per_page: 25 } }, 'by request id')

  // pages of two: each names the next, the last none; together, every line once
  const pages: unknown[] = []
  let after = ''
  for (let page = 0; page < 3; page++) {
    const body = await trail(`user=${VERA}&per_page=2${after}`)
    pages.push(body.data)
    if (body.meta.next === undefined) break
    after = `&after=${body.meta.next}`
  }
  t.same(pages, [veras.slice(0, 2), veras.slice(2, 4)], 'two pages; the second says no more')

  const reads = gw.audit.filter((line) => line.path === '/api/audit' && line.user === AUDREY)
  t.same(
    reads.slice(0, 4).map(({ status, rows }) => [status, rows]),
    [
      [200, 4],
      [200, 1],
      [200, 1],
      [200, 1],
    ],
    "an auditor's reads are lines too",
  )
  const badStatus = await get('/api/audit?status=ok', audrey)
  t.same(
    [badStatus.status, badStatus.body],
    [
      400,
      {
        error: 'status must be an HTTP status, 100 to 599',
        statusCode: 400,
        fields: { status: 'status must be an HTTP status, 100 to 599' },
      },
    ],
  )
  t.equal(gw.audit.find((line) => line.reqId === badStatus.reqId)?.status, 400)
  t.same((await get('/api/audit?per_page=0', audrey)).body, {
    error: 'per_page must be a whole number from 1 to 1000',
    statusCode: 400,
    fields: { per_page: 'per_page must be a whole number from 1 to 1000' },
  })
})

t.test('without AUDIT_LOG_FILE or GATEWAY_DATABASE_URL the trail is not kept here, and the answer says so', async (t) => {
  const upstream = await startRecordingUpstream(t)
  const gw = await startGateway(t, upstream.url)
  const alice = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
  const response = await fetch(`${gw.baseUrl}/api/audit`, { headers: { cookie: alice } })
  t.same(
    [response.status, await response.json()],
    [
      404,
      {
        error: 'This gateway keeps its audit lines on stdout only: set GATEWAY_DATABASE_URL or AUDIT_LOG_FILE to read them here.',
        statusCode: 404,
      },
    ],
  )
})
