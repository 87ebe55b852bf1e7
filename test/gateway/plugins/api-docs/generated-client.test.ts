/**
 * Issue 30 item 2: a client generated from GET /api/docs/openapi.json works. openapi-typescript
 * turns the served document into types; a small openapi-fetch client written against them is
 * type checked by the TypeScript compiler (and a wrong one must fail it: the types are real, not
 * `any`), then run with a script's bearer token against a real portal. The same document passes
 * `redocly lint` with the recommended rules (redocly.yaml), and the README explains each warning left.
 */
import { execFile } from 'node:child_process'
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import openapiTS, { astToString } from 'openapi-typescript'
import t from 'tap'
import ts from 'typescript'
import { MESSAGES } from '../../../../shared/messages.js'
import { automationToken } from '../../../lib/sign-in.js'
import { startPortal, tempDir } from '../../../helper.js'
import { readOutbox } from '../../../upstream/fixtures/outbox.js'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

/**
 * What a script author writes against the generated types: a list, a write, a report, a CSV, and
 * two refusals read through the typed `error`. Every name in it is checked by the compiler.
 */
const CLIENT = `import createClient from 'openapi-fetch'
import type { paths } from './api.js'

export async function run(baseUrl: string, token: string, sendTo: string) {
  const api = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } })
  const list = await api.GET('/api/cost_centers', { params: { query: { per_page: 2, sort: 'identifier' } } })
  const created = await api.POST('/api/departments', { body: { name: 'Generated Clients', abbreviation: 'GC' } })
  const report = await api.POST('/api/cost_centers/send_report', { body: { cost_center: { email: true, send_to: sendTo } } })
  const csv = await api.GET('/api/csv/departments', { params: { query: { by_name: 'Generated Clients' } }, parseAs: 'text' })
  const id = created.data?.data.id ?? 0
  const missing = await api.GET('/api/departments/{id}', { params: { path: { id: 2147483647 } } })
  const stale = await api.PUT('/api/departments/{id}', {
    params: { path: { id }, header: { 'If-Match': 'W/"not-the-version"' } },
    body: { abbreviation: 'GEN' },
  })
  const identifiers: (string | null)[] = list.data?.data.map((center) => center.identifier) ?? []
  return {
    statuses: [list, created, report, csv, missing, stale].map((answer) => answer.response.status),
    identifiers,
    total: list.data?.meta.total,
    department: { name: created.data?.data.name, abbreviation: created.data?.data.abbreviation, created: created.data?.data.created_at },
    report: report.data?.data.message,
    csvType: csv.response.headers.get('content-type'),
    csv: csv.data,
    missing: missing.error && { error: missing.error.error, statusCode: missing.error.statusCode },
    stale: stale.error?.statusCode,
  }
}
`

/** Mistakes the generated types must refuse, one a line, each with the compiler's code for it. */
const WRONG = [
  ["void api.GET('/api/cost_centres')", 2554], // no such path: no overload takes it
  ["void api.POST('/api/cost_centers/send_report', { body: { cost_center: { email: true } } })", 2322], // send_to left out
  ["void api.POST('/api/departments', { body: { name: 42 } })", 2322], // a name is a text
  ["void api.GET('/api/departments/{id}', { params: { path: { id: 'one' } } })", 2322], // an id is a number
  ["void api.GET('/api/cost_centers', { params: { query: { count: 'some' } } })", 2322], // count is 'exact' or 'none'
] as const

const WRONG_CLIENT = `import createClient from 'openapi-fetch'
import type { paths } from './api.js'

const api = createClient<paths>({ baseUrl: 'http://127.0.0.1' })
${WRONG.map(([line]) => line).join('\n')}
`

/** The compiler's errors in the folder's files, as `file:line TScode`. */
function typeErrors(dir: string, files: string[]): string[] {
  const program = ts.createProgram(
    files.map((file) => join(dir, file)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      skipLibCheck: true,
    },
  )
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '-'
    return `${where} TS${d.code}`
  })
}

t.test('a client generated from /api/docs/openapi.json lists, writes, reports and reads a CSV', async (t) => {
  const portal = await startPortal(t)
  // the client for scripts that write (read, write and reports): the generated client writes a record
  const token = await automationToken(portal.baseUrl)
  const served = await fetch(`${portal.baseUrl}/api/docs/openapi.json`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(served.status, 200)
  const document = (await served.json()) as object

  // a project of its own beside the repository's packages, so the client resolves openapi-fetch as a script's would
  const dir = tempDir(t, 'ccoe-client-')
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}')
  writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(document as Parameters<typeof openapiTS>[0])))
  writeFileSync(join(dir, 'client.ts'), CLIENT)
  writeFileSync(join(dir, 'wrong.ts'), WRONG_CLIENT)

  // one program for both (the generated types are checked once): errors in wrong.ts alone
  t.strictSame(
    typeErrors(dir, ['client.ts', 'wrong.ts']),
    WRONG.map(([, code], i) => `wrong.ts:${i + 5} TS${code}`),
    'the client type checks against the generated types, and each mistake is a compile error',
  )

  const { run } = (await import(pathToFileURL(join(dir, 'client.ts')).href)) as {
    run: (baseUrl: string, token: string, sendTo: string) => Promise<Record<string, unknown>>
  }
  const result = await run(portal.baseUrl, token, 'reports@example.com')
  const { created } = result.department as { created: string }
  t.strictSame(
    { ...result, csv: String(result.csv).split('\r\n') },
    {
      statuses: [200, 201, 200, 200, 404, 409],
      // the demo data's first two cost centers of five
      identifiers: ['1000-CCOE-01', '2000-LOT-12'],
      total: 5,
      department: { name: 'Generated Clients', abbreviation: 'GC', created },
      report: MESSAGES.reportEmailed,
      csvType: 'text/csv; charset=utf-8',
      csv: ['name,abbreviation,created_at', `Generated Clients,GC,${created}`, ''],
      missing: { error: 'Department not found', statusCode: 404 },
      stale: 409,
    },
  )
  await portal.upstream.mail.idle()
  t.strictSame(
    readOutbox(portal.outboxDir).map((mail) => mail.headers.to),
    ['reports@example.com'],
    'the report went to the address the client named',
  )

  t.test('redocly lint, recommended rules: no error, and the README explains each warning', async (t) => {
    const file = join(dir, 'openapi.json')
    writeFileSync(file, JSON.stringify(document, null, 2))
    // the package's own bin, run by this Node (no npx: nothing is fetched)
    const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js')
    // an error exits 1: its report is read all the same, so the failure shows the problems
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000', file],
      { env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' } },
    ).catch((error: { stdout: string }) => error)
    const report = JSON.parse(stdout) as { problems: { severity: string; ruleId: string; location: { pointer: string }[] }[] }
    t.strictSame(
      report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0].pointer}`),
      ['warn info-license #/info'],
      'no error, and one warning',
    )
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    t.strictSame(
      [...new Set(report.problems.map((p) => p.ruleId))].filter((rule) => !readme.includes(`\`${rule}\``)),
      [],
      'the README names each rule that still warns',
    )
  })
})
