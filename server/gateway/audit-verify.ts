/**
 * `npm run audit:verify -- [--key PUBLIC_KEY]… FILE…` (issue 43 item 2): checks the audit lines of one
 * or many files (replicas' and workers' chains, audit-chain.ts) and names the first line removed,
 * altered, reordered or inserted in each chain; exits 1 when there is one. `--key` pins the public
 * keys the digests must be signed with (`GET /audit/public-key` of each replica); without it, each
 * chain's own start line names its key, and the output shows it for the auditor to compare.
 */
import { readFileSync } from 'node:fs'
import { verifyAudit } from './audit-chain.js'

const args = process.argv.slice(2)
const keys: string[] = []
const files: string[] = []
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--key') keys.push(args[++i] ?? '')
  else files.push(args[i])
}
if (files.length === 0) {
  console.error('usage: npm run audit:verify -- [--key PUBLIC_KEY]… FILE…')
  process.exit(2)
}
const { problems, chains } = verifyAudit(
  files.map((file) => ({ file, text: readFileSync(file, 'utf8') })),
  keys,
)
for (const c of chains) {
  const unproven = c.lines - 1 - c.signedTo
  console.log(
    `chain ${c.chain}: ${c.lines} lines, ${c.digests} signed digests${unproven > 1 ? `; the last ${unproven - 1} lines follow the last digest (not signed yet)` : ''}`,
  )
}
for (const p of problems) console.log(`${p.file}:${p.line}: ${p.message}`)
console.log(problems.length ? `FAILED: ${problems.length} problem${problems.length === 1 ? '' : 's'}` : 'OK: every chain is whole')
process.exitCode = problems.length ? 1 : 0
