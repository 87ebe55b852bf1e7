/**
 * Issue 43 item 4: with AUDIT_FORMAT=ecs the gateway writes the same audit lines with Elastic Common
 * Schema names, each one in ECS's own field list (test/gateway/fixtures/ecs-fields.csv, taken from
 * elastic/ecs) with a value of its type, the portal's own under `ccoe`; the chain of item 2 verifies
 * in both formats (and a removed, altered, reordered or inserted ECS line is named); GET /api/audit
 * reads a file holding both formats; the README documents every field and its ECS name.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { verifyAudit } from '../../server/gateway/audit-chain.js'
import { ECS_FIELDS, ECS_VERSION, fromEcs, toEcs } from '../../server/gateway/audit-ecs.js'
import { startGateway, tempDir, type AuditLine, type TestGateway } from '../helper.js'
import { scriptToken, signIn } from '../lib/sign-in.js'
import { auditVerify } from '../lib/audit-verify.js'
import { startRecordingUpstream } from './start.js'

const VERA = 'vera@ccoe.example'

/** ECS's fields as its generated fields.csv gives them: name → type and normalization */
const ECS_LIST = new Map(
  readFileSync(new URL('fixtures/ecs-fields.csv', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .slice(1)
    .map((line) => {
      const [field, type, , normalization] = line.split(',')
      return [field, { type, array: normalization === 'array' }]
    }),
)

/** the dotted names of an ECS line's values (a list is one value), with the values */
function leaves(object: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(object).flatMap(([name, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? leaves(value as Record<string, unknown>, `${prefix}${name}.`)
      : [[`${prefix}${name}`, value] as [string, unknown]],
  )
}

/** whether `value` is one ECS stores in a field of `type` (null: the field left out of the document) */
function ofType(value: unknown, type: string): boolean {
  if (value === null) return true
  if (type === 'date') return typeof value === 'string' && new Date(value).toISOString() === value
  if (type === 'long') return Number.isSafeInteger(value)
  return typeof value === 'string' // keyword, wildcard
}

/** README's "Audit log" section, and its table: each field of a line → its ECS name */
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const AUDIT_SECTION = README.slice(README.indexOf('## Audit log'), README.indexOf('### A trail that shows tampering'))
const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1])
const README_TABLE = AUDIT_SECTION.split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => line.split('|').slice(1, 3).map(codes))

/** the same calls on a gateway of either format, each awaited to its line */
async function calls(gw: TestGateway) {
  const vera = await signIn(gw.baseUrl, VERA, 'vera')
  const alice = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
  const script = `Bearer ${await scriptToken(gw.baseUrl)}`
  const call = async (path: string, init: RequestInit) => {
    const response = await fetch(`${gw.baseUrl}${path}`, init)
    await response.arrayBuffer()
    await gw.auditLine((line) => line.reqId === response.headers.get('x-request-id'))
  }
  await call('/api/departments', { headers: { cookie: vera } })
  await call('/api/departments/3', { method: 'DELETE', headers: { cookie: vera } })
  await call('/api/departments/3', { method: 'DELETE', headers: { cookie: alice } })
  await call('/api/audit', { headers: { authorization: script } })
  await call('/api/csv/departments', { headers: { cookie: vera } })
}
/** a gateway's lines of the calls above and its sign-ins, without what differs from run to run */
const comparable = (gw: TestGateway) =>
  gw.auditWithForwarding
    .filter((line) => String(line.path).startsWith('/api/') || line.event === 'login')
    .map(({ time: _time, reqId: _reqId, durationMs: _durationMs, ...line }) => line)
const withoutChain = ({ chain: _chain, seq: _seq, prev: _prev, ...line }: AuditLine) => line

t.test('AUDIT_FORMAT=ecs: the same lines in ECS names, one chain that verifies, read back by GET /api/audit', async (t) => {
  const dir = tempDir(t)
  const file = join(dir, 'audit.jsonl')
  const upstream = await startRecordingUpstream(t)
  // the portal's names first, then ECS on the same file: a setting changed between two starts
  const json = await startGateway(t, upstream.url, { env: { AUDIT_LOG_FILE: file, AUDIT_DIGEST_EVERY: '4' } })
  await calls(json)
  await json.gateway.close()
  const ecs = await startGateway(t, upstream.url, { env: { AUDIT_LOG_FILE: file, AUDIT_DIGEST_EVERY: '4', AUDIT_FORMAT: 'ecs' } })
  await calls(ecs)

  t.same(comparable(ecs), comparable(json), 'the same lines, read back in our names')
  t.ok(
    comparable(json).some((line) => line.event === 'forwarding') && comparable(json).some((line) => line.scopes !== undefined),
    'among them a write forwarded and a script refused',
  )

  // GET /api/audit reads both formats, and answers in our names
  const audrey = await signIn(ecs.baseUrl, 'audrey@ccoe.example', 'audrey')
  const trail = async (query: string) => {
    const response = await fetch(`${ecs.baseUrl}/api/audit?${query}`, { headers: { cookie: audrey } })
    const body = (await response.json()) as { data: AuditLine[] }
    t.ok(
      body.data.every((line) => typeof line.seq === 'number' && typeof line.chain === 'string'),
      'each line with its place in its chain',
    )
    return body.data.map(withoutChain)
  }
  const veras = (gw: TestGateway) => gw.auditWithForwarding.filter((line) => line.user === VERA).reverse()
  t.same(await trail(`user=${VERA}&per_page=100`), [...veras(ecs), ...veras(json)], "Vera's lines of both starts, newest first")
  const denials = [ecs, json].map((gw) => gw.audit.find((line) => line.user === VERA && line.status === 403)!)
  t.same(await trail('method=delete&status=403&path=/api/departments/'), denials, 'filtered by method, status and path in both')
  t.same(await trail(`reqId=${String(denials[0].reqId)}`), [denials[0]], 'and by request id')
  await ecs.gateway.close()

  const text = readFileSync(file, 'utf8')
  t.equal(text, `${json.auditText()}\n${ecs.auditText()}\n`, 'the file holds both starts, as each wrote them')
  const jsonLines = json.auditText().split('\n')
  const ecsLines = ecs.auditText().split('\n')

  // every ECS name is in ECS's list, with a value of its type; the portal's own are under ccoe
  const names = new Set<string>()
  for (const line of ecsLines) {
    for (const [name, value] of leaves(JSON.parse(line) as Record<string, unknown>)) {
      names.add(name)
      if (name.startsWith('ccoe.')) {
        if (name.slice(5) in ECS_FIELDS) t.fail(`${name}: ECS has a name for it`)
        continue
      }
      const field = ECS_LIST.get(name)
      if (!field) t.fail(`${name} is not an ECS field`)
      else if (!(field.array ? Array.isArray(value) && value.every((v) => ofType(v, field.type)) : ofType(value, field.type)))
        t.fail(`${name}: ${JSON.stringify(value)} is not an ECS ${field.type}${field.array ? ' list' : ''}`)
    }
  }
  t.same(
    [...names].filter((name) => !name.startsWith('ccoe.')).sort(),
    [...ECS_LIST.keys()].filter((name) => name !== 'email.to.address' && name !== 'file.name').sort(),
    'the ECS fields in use (all of the list but a mail call’s and an upload’s)',
  )
  t.same(
    [...names].filter((name) => name.startsWith('ccoe.')).sort(),
    ['ccoe.chain', 'ccoe.complete', 'ccoe.needs', 'ccoe.prev', 'ccoe.publicKey', 'ccoe.rows', 'ccoe.scopes', 'ccoe.seq', 'ccoe.signature'],
    'and our own',
  )

  // one line whole: Vera's refused delete, as a pipeline reads it
  type EcsLine = { http?: { request: { id: string } }; ccoe: AuditLine }
  const denied = ecsLines.map((line) => JSON.parse(line) as EcsLine).find((line) => line.http?.request.id === denials[0].reqId)!
  const ours = denials[0]
  t.same(
    denied,
    {
      '@timestamp': ours.time,
      ecs: { version: ECS_VERSION },
      service: { node: { name: ecs.config.replicaName } },
      event: { action: 'denied', duration: Number(ours.durationMs) * 1_000_000, reason: 'not permitted', outcome: 'failure' },
      http: { request: { id: ours.reqId, method: 'DELETE' }, response: { status_code: 403 } },
      user: { name: VERA, roles: ['viewer'] },
      url: { path: '/api/departments/3' },
      ccoe: { needs: 'admin', chain: denied.ccoe.chain, seq: denied.ccoe.seq, prev: denied.ccoe.prev },
    },
    "Vera's refused delete",
  )
  const documented = new Set(README_TABLE.flatMap(([ours]) => ours))
  t.same(
    [...new Set(jsonLines.flatMap((line) => Object.keys(JSON.parse(line) as AuditLine)))].filter((name) => !documented.has(name)),
    [],
    "the README's table documents every field the lines have",
  )
  t.same(
    jsonLines.map((line) => fromEcs(toEcs(JSON.parse(line) as AuditLine))),
    jsonLines.map((line) => JSON.parse(line) as AuditLine),
    'every line of ours comes back from ECS as it was',
  )

  // the chain verifies in both formats, and names the ECS line removed, altered, reordered or inserted
  const { problems, chains } = verifyAudit([{ file, text }])
  t.same(problems, [], 'both chains whole')
  t.same(
    chains.map((c) => [c.lines, c.signedTo, c.digests > 1]),
    [
      [jsonLines.length, jsonLines.length - 1, true],
      [ecsLines.length, ecsLines.length - 1, true],
    ],
    'each signed to its last line',
  )
  const chain = String((JSON.parse(ecsLines[0]) as EcsLine).ccoe.chain)
  const at = jsonLines.length // the file's line of the ECS chain's seq 1, less one
  t.same(
    await auditVerify(file),
    {
      code: 0,
      out: chains.map((c) => `chain ${c.chain}: ${c.lines} lines, ${c.digests} signed digests\n`).join('') + 'OK: every chain is whole\n',
    },
    'audit:verify passes the file',
  )
  const lines = text.trimEnd().split('\n')
  const tampered = (name: string, edited: string[]) => {
    const path = join(dir, name)
    writeFileSync(path, `${edited.join('\n')}\n`)
    return path
  }
  const removed = tampered('removed.jsonl', [...lines.slice(0, at + 4), ...lines.slice(at + 5)])
  const answer = await auditVerify(removed)
  t.equal(answer.code, 1, 'removed: exits 1')
  t.ok(answer.out.includes(`${removed}:${at + 5}: removed: the line of seq 5 before this one (chain ${chain}, seq 6)\n`), answer.out)
  const cases: [string, string[], number, string][] = [
    [
      'altered',
      lines.map((l, i) => (i === at + 4 ? l.replace(`"name":"${VERA}"`, '"name":"mallory@ccoe.example"') : l)),
      at + 5,
      `altered: its hash is not the next line's prev (chain ${chain}, seq 5)`,
    ],
    [
      'reordered',
      [...lines.slice(0, at + 4), lines[at + 5], lines[at + 4], ...lines.slice(at + 6)],
      at + 5,
      `reordered: seq 5 comes after this line (chain ${chain}, seq 6)`,
    ],
    [
      'inserted',
      [...lines.slice(0, at + 4), lines[at + 3], ...lines.slice(at + 4)],
      at + 5,
      `inserted: a second line with this seq (chain ${chain}, seq 4)`,
    ],
  ]
  for (const [name, edited, line, message] of cases) {
    t.not(edited.join('\n'), lines.join('\n'), `${name}: the file changed`)
    const path = tampered(`${name}.jsonl`, edited)
    t.same(verifyAudit([{ file: path, text: readFileSync(path, 'utf8') }]).problems, [{ file: path, line, message }], name)
  }
})

t.test("the README's table names every field of a line and its ECS name, and its ECS example is its JSON one", async (t) => {
  const table = new Map(
    README_TABLE.flatMap(([ours, theirs]) => {
      t.equal(ours.length, theirs.length, `${ours.join(', ')}: an ECS name each`)
      return ours.map((name, i) => [name, theirs[i]] as const)
    }),
  )
  t.same(
    [...table].filter(([ours, theirs]) => theirs !== (ECS_FIELDS[ours]?.ecs ?? `ccoe.${ours}`)),
    [],
    'each ECS name is the one the lines use',
  )
  t.same(
    Object.keys(ECS_FIELDS).filter((name) => !table.has(name)),
    [],
    'every field with an ECS name is in the table',
  )
  const [example, inEcs] = [...AUDIT_SECTION.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]) as AuditLine)
  t.same(toEcs(example), inEcs, 'the ECS example is the JSON one')
  t.same(
    Object.keys(example).filter((name) => !table.has(name)),
    [],
    "the example's fields are the table's",
  )
})
