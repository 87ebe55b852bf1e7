/**
 * Issue 43 item 2: the audit lines of a real gateway are one hash chain with signed digests;
 * `npm run audit:verify` passes the file as written and names the first line removed, altered,
 * reordered or inserted, exiting non-zero; a digest re-signed with another key, or a chain whose
 * key is not the one `/audit/public-key` serves, is refused too.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { verifyAudit } from '../../server/gateway/audit-chain.js'
import { signIn } from '../lib/sign-in.js'
import { startGateway } from '../helper.js'
import { auditVerify } from '../lib/audit-verify.js'
import { startRecordingUpstream } from './start.js'

t.test('the audit file: one chain, signed; each of four tamperings named', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ccoe-audit-chain-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'audit.jsonl')
  const upstream = await startRecordingUpstream(t)
  const portal = await startGateway(t, upstream.url, { env: { AUDIT_LOG_FILE: file, AUDIT_DIGEST_EVERY: '3' } })
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  for (let i = 0; i < 6; i++) await (await fetch(`${portal.baseUrl}/api/departments/${i + 1}`, { headers: { cookie } })).arrayBuffer()
  const served = (await (await fetch(`${portal.baseUrl}/audit/public-key`)).json()) as { publicKey: string }
  await portal.gateway.close()

  const text = readFileSync(file, 'utf8')
  const lines = text.trimEnd().split('\n')
  const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
  const chain = String(parsed[0].chain)
  t.same(
    parsed.map((l) => [l.seq, l.event ?? 'call']),
    parsed.map((l, i) => [i + 1, l.event ?? 'call']),
    'every line numbered in one chain',
  )
  t.same([parsed[0].event, parsed[0].publicKey], ['audit-start', served.publicKey], 'the first line names the key /audit/public-key serves')
  t.equal(parsed.at(-1)!.event, 'audit-digest', 'the last line signs the head at close')
  t.ok(parsed.filter((l) => l.event === 'audit-digest').length >= 3, 'a digest every three lines')

  t.same(await auditVerify('--key', served.publicKey, file), {
    code: 0,
    out: `chain ${chain}: ${lines.length} lines, ${parsed.filter((l) => l.event === 'audit-digest').length} signed digests\nOK: every chain is whole\n`,
  })

  const tampered = (name: string, edited: string[]) => {
    const path = join(dir, name)
    writeFileSync(path, `${edited.join('\n')}\n`)
    return path
  }
  const cases: [string, string[], number, string][] = [
    ['removed', [...lines.slice(0, 4), ...lines.slice(5)], 5, `removed: the line of seq 5 before this one (chain ${chain}, seq 6)`],
    [
      'altered',
      lines.map((l, i) => (i === 4 ? l.replace('"time":"', '"time":"1') : l)),
      5,
      `altered: its hash is not the next line's prev (chain ${chain}, seq 5)`,
    ],
    [
      'reordered',
      [...lines.slice(0, 4), lines[5], lines[4], ...lines.slice(6)],
      5,
      `reordered: seq 5 comes after this line (chain ${chain}, seq 6)`,
    ],
    ['inserted', [...lines.slice(0, 4), lines[3], ...lines.slice(4)], 5, `inserted: a second line with this seq (chain ${chain}, seq 4)`],
  ]
  for (const [name, edited, line, message] of cases) {
    const path = tampered(`${name}.jsonl`, edited)
    const answer = await auditVerify(path)
    t.equal(answer.code, 1, `${name}: exits 1`)
    t.ok(answer.out.includes(`${path}:${line}: ${message}\n`), `${name}: names line ${line}: ${answer.out}`)
    t.same(
      verifyAudit([{ file: path, text: readFileSync(path, 'utf8') }]).problems,
      [{ file: path, line, message }],
      `${name}: the first problem, and only it`,
    )
  }

  // the hashes recomputed after an edit still fail: the digest after it was signed over the old head
  const rehashed = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
  rehashed[4].user = 'mallory@ccoe.example'
  const { createHash } = await import('node:crypto')
  const rewritten: string[] = []
  for (const [i, l] of rehashed.entries()) {
    if (i > 0)
      l.prev = createHash('sha256')
        .update(rewritten[i - 1])
        .digest('hex')
    rewritten.push(JSON.stringify(l))
  }
  const forged = tampered('rehashed.jsonl', rewritten)
  const firstDigestAfter = rehashed.findIndex((l, i) => i > 4 && l.event === 'audit-digest') + 1
  t.same(verifyAudit([{ file: forged, text: readFileSync(forged, 'utf8') }]).problems, [
    {
      file: forged,
      line: firstDigestAfter,
      message: `altered: the digest's signature does not hold (chain ${chain}, seq ${firstDigestAfter})`,
    },
  ])
  // and a chain whose key is not the replica's
  t.same(
    verifyAudit([{ file, text }], ['MCowBQYDK2VwAyEAnot-the-key']).problems.map((p) => p.message),
    [`the chain's key is not one of the keys given (chain ${chain}, seq ${parsed.findIndex((l) => l.event === 'audit-digest') + 1})`],
  )
})
