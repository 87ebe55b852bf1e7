/**
 * Tamper-evident audit lines (issue 43 item 2), after CloudTrail's log file integrity validation:
 * each gateway process writes its lines as one chain. Every line carries the chain's id, its
 * sequence number in it and `prev`, the SHA-256 of the line before it exactly as written (its bytes
 * without the newline: the gateway's JSON is the canonical form); the first line of a chain
 * (`event: 'audit-start'`) names the replica's Ed25519 public key. Every `digestEvery` lines and at
 * shutdown a digest line (`event: 'audit-digest'`) signs the chain's head with the replica's private
 * key: recomputing the hashes after changing a line does not forge the signature. `verifyAudit`
 * (run by `npm run audit:verify -- FILE…`) names the first line removed, altered, reordered or inserted.
 * With AUDIT_FORMAT=ecs a line is written in ECS names (audit-ecs.ts; the chain's fields under
 * `ccoe`), and its hash is of that line as written: the verifier reads both formats.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AuditFormat } from '../config.js'
import { auditFields, toEcs } from './audit-ecs.js'

/** the file in the data folder that keeps a replica's signing key (its workers share it) */
export const AUDIT_KEY_FILE = 'audit-ed25519.pem'
/** `prev` of a chain's first line */
const GENESIS = '0'.repeat(64)

export interface AuditKey {
  privateKey: KeyObject
  publicKey: KeyObject
  /** the public key as the lines and `/audit/public-key` give it: SPKI DER, base64 */
  publicKeyText: string
}

const publicKeyText = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64')

/**
 * The replica's signing key, made once and kept in the data folder (the file is created exclusively,
 * so workers starting together agree on one key).
 */
export function auditKey(dataDir: string): AuditKey {
  const path = join(dataDir, AUDIT_KEY_FILE)
  mkdirSync(dataDir, { recursive: true })
  try {
    const { privateKey } = generateKeyPairSync('ed25519')
    writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const pem = readFileSync(path, 'utf8')
  const publicKey = createPublicKey(pem)
  return { privateKey: createPrivateKey(pem), publicKey, publicKeyText: publicKeyText(publicKey) }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** what a digest signs: the chain, and its head (the last line's sequence number and hash) */
const signed = (chain: string, seq: number, head: string) => Buffer.from(`${chain}\n${seq}\n${head}`)

/**
 * The chain of one process: `append` takes a line as pino writes it (one JSON object and a newline)
 * and hands `out` the line with `chain`, `seq` and `prev` added (in `format`); `digest` writes a signed digest line.
 */
export function auditChain(key: AuditKey, options: { digestEvery: number; now: () => number; replica?: string; format?: AuditFormat }) {
  const chain = randomBytes(6).toString('hex')
  let seq = 0
  let prev = GENESIS
  let sinceDigest = 0
  let out: (line: string) => void = () => undefined
  const head = (fields: Record<string, unknown>) =>
    `${JSON.stringify({ time: new Date(options.now()).toISOString(), ...(options.replica !== undefined && { replica: options.replica }), ...fields })}\n`

  function link(line: string) {
    seq += 1
    const chained = `${line.slice(0, line.lastIndexOf('}'))},"chain":"${chain}","seq":${seq},"prev":"${prev}"}`
    const written = options.format === 'ecs' ? JSON.stringify(toEcs(JSON.parse(chained) as Record<string, unknown>)) : chained
    prev = sha256(written)
    out(`${written}\n`)
  }
  function digest() {
    if (seq === 0) return
    sinceDigest = 0
    const signature = sign(null, signed(chain, seq, prev), key.privateKey).toString('base64')
    link(head({ event: 'audit-digest', signature }))
  }
  return {
    chain,
    /** starts the chain on `write` (its first line names the public key) */
    start(write: (line: string) => void) {
      out = write
      link(head({ event: 'audit-start', publicKey: key.publicKeyText }))
    },
    append(line: string) {
      link(line)
      if (++sinceDigest >= options.digestEvery) digest()
    },
    digest,
  }
}

/** One problem `verifyAudit` found: where, and what. */
export interface AuditProblem {
  file: string
  /** 1-based line number in the file */
  line: number
  message: string
}

interface ParsedLine {
  file: string
  line: number
  text: string
  chain?: string
  seq?: number
  prev?: string
  event?: string
  publicKey?: string
  signature?: string
}

/**
 * Checks the lines of one or many files (one replica's file, or several replicas' and workers'
 * lines in one file: each chain is followed by its id). `keys` pins a chain's public key (else the
 * key its start line names, which the caller compares with `/audit/public-key`). The first problem
 * of each chain is named; an empty list means every chain is whole and each digest's signature holds.
 */
export function verifyAudit(
  files: { file: string; text: string }[],
  keys: readonly string[] = [],
): {
  problems: AuditProblem[]
  chains: { chain: string; lines: number; digests: number; signedTo: number }[]
} {
  const problems: AuditProblem[] = []
  const byChain = new Map<string, ParsedLine[]>()
  for (const { file, text } of files) {
    const lines = text.split('\n')
    if (lines.at(-1) === '') lines.pop()
    lines.forEach((lineText, i) => {
      let parsed: Record<string, unknown>
      try {
        parsed = auditFields(JSON.parse(lineText) as Record<string, unknown>)
      } catch {
        problems.push({ file, line: i + 1, message: 'inserted or altered: not a JSON line' })
        return
      }
      if (typeof parsed.chain !== 'string' || typeof parsed.seq !== 'number' || typeof parsed.prev !== 'string') {
        problems.push({ file, line: i + 1, message: 'inserted: a line without chain, seq and prev' })
        return
      }
      const entry: ParsedLine = {
        file,
        line: i + 1,
        text: lineText,
        chain: parsed.chain,
        seq: parsed.seq,
        prev: parsed.prev,
        event: typeof parsed.event === 'string' ? parsed.event : undefined,
        publicKey: typeof parsed.publicKey === 'string' ? parsed.publicKey : undefined,
        signature: typeof parsed.signature === 'string' ? parsed.signature : undefined,
      }
      const chainLines = byChain.get(parsed.chain)
      if (chainLines) chainLines.push(entry)
      else byChain.set(parsed.chain, [entry])
    })
  }
  const chains = []
  for (const [chain, lines] of byChain) {
    const where = (l: ParsedLine) => `chain ${chain}, seq ${l.seq}`
    const problem = (l: ParsedLine, message: string) => problems.push({ file: l.file, line: l.line, message: `${message} (${where(l)})` })
    const keyText = lines[0].event === 'audit-start' ? lines[0].publicKey : undefined
    const publicKey = keyText && createPublicKey({ key: Buffer.from(keyText, 'base64'), format: 'der', type: 'spki' })
    let digests = 0
    let signedTo = 0
    let expected = 1
    let prev = GENESIS
    for (const [i, l] of lines.entries()) {
      const seq = l.seq!
      if (seq !== expected) {
        if (seq < expected)
          problem(
            l,
            lines.findIndex((o) => o.seq === seq) !== i
              ? 'inserted: a second line with this seq'
              : 'reordered: this line comes after a later one',
          )
        else if (lines.slice(i + 1).some((o) => o.seq === expected)) problem(l, `reordered: seq ${expected} comes after this line`)
        else
          problem(
            l,
            `removed: ${seq - expected === 1 ? `the line of seq ${expected}` : `the lines of seq ${expected}–${seq - 1}`} before this one`,
          )
        break
      }
      if (l.prev !== prev) {
        const before = lines[i - 1]
        problem(before ?? l, before ? "altered: its hash is not the next line's prev" : "altered: the chain's first line")
        break
      }
      if (i === 0 && (l.event !== 'audit-start' || !publicKey)) {
        problem(l, "removed: the chain's start line (its public key)")
        break
      }
      if (l.event === 'audit-digest') {
        const pinned = keys.length === 0 || (keyText !== undefined && keys.includes(keyText))
        const valid =
          pinned &&
          publicKey &&
          l.signature !== undefined &&
          verify(null, signed(chain, seq - 1, l.prev!), publicKey, Buffer.from(l.signature, 'base64'))
        if (!valid) {
          problem(l, pinned ? "altered: the digest's signature does not hold" : "the chain's key is not one of the keys given")
          break
        }
        digests += 1
        signedTo = seq - 1
      }
      prev = sha256(l.text)
      expected += 1
    }
    chains.push({ chain, lines: lines.length, digests, signedTo })
  }
  return { problems, chains }
}
