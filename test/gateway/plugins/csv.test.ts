import { once } from 'node:events'
import { createServer, get, type IncomingMessage } from 'node:http'
import { brotliDecompressSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import t from 'tap'
import { csvCell, csvHeader, csvRows } from '../../../shared/csv.js'
import { csvColumns, fieldOf, RESOURCES } from '../../../shared/resources/index.js'
import { CsvPages, type ListPage } from '../../../server/gateway/csv-pages.js'
import { startGateway, startPortal, type AuditLine } from '../../helper.js'
import { scriptToken, signIn } from '../../lib/sign-in.js'

const pick = (line: AuditLine, keys: string[]) => Object.fromEntries(keys.map((k) => [k, line[k]]))

const FILE_NAME = /^attachment; filename="departments_\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\.csv"$/

/** RFC 4180 read back independently of the writer: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((cell += '"'), i++)
      else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') (row.push(cell), (cell = ''))
    else if (c === '\r' && text[i + 1] === '\n') (row.push(cell), rows.push(row), (row = []), (cell = ''), i++)
    else cell += c
  }
  if (cell !== '' || row.length) throw new Error('the file does not end with CRLF')
  return rows
}

t.test('cells: formula prefix, RFC 4180 quoting, types', async (t) => {
  t.equal(csvCell(null, 'text'), '')
  t.equal(csvCell(undefined, 'text'), '')
  t.equal(csvCell(true, 'boolean'), 'true')
  t.equal(csvCell(false, 'boolean'), 'false')
  t.equal(csvCell(-2, 'number'), '-2', 'a number is never a formula')
  t.equal(csvCell('-12.50', 'number'), '-12.50', 'nor a numeric string of a number field')
  t.equal(csvCell('-2+cmd', 'number'), "'-2+cmd", 'but an expression in a number field is')
  t.equal(csvCell('-2', 'text'), "'-2")
  for (const start of ['=', '+', '-', '@', '\t', '\0']) t.equal(csvCell(`${start}x`, 'text'), `'${start}x`, JSON.stringify(start))
  for (const start of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) {
    t.equal(csvCell(`${start}cmd|' /C calc'!A0`, 'text'), `'${start}cmd|' /C calc'!A0`, `full-width ${start}`)
    t.equal(csvCell(`${start}1`, 'number'), `'${start}1`, `full-width ${start} in a number field`)
  }
  t.equal(csvCell('a\uFF1Db', 'text'), 'a\uFF1Db', 'only at the start')
  t.equal(csvCell('\rx', 'text'), `"'\rx"`, 'prefixed, then quoted for the CR')
  t.equal(csvCell('a "b", c', 'text'), '"a ""b"", c"')
  t.equal(csvCell('plain text', 'text'), 'plain text')
})

t.test('CSV through the real upstream', async (t) => {
  const portal = await startPortal(t)
  const { baseUrl } = portal
  const cookie = await signIn(baseUrl, 'alice@ccoe.example', 'alice')
  const csv = (path: string, headers: Record<string, string> = { cookie }) => fetch(`${baseUrl}/api/csv/${path}`, { headers })

  const tricky = ['=SUM(A1)', '+1', '-2', '@x', '\tlead tab', 'say "hi"', 'a,b', 'line1\nline2', 'Zürich ☃ 日本 😀']
  const created: { name: string; abbreviation: string | null; created_at: string }[] = []
  for (const [i, name] of tricky.entries()) {
    const response = await fetch(`${baseUrl}/api/departments`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name, abbreviation: i % 2 ? null : `ab${i}` }),
    })
    t.equal(response.status, 201, `created ${JSON.stringify(name)}`)
    created.push(((await response.json()) as { data: (typeof created)[number] }).data)
  }

  t.test('headers, file name, escaping and formula defence', async (t) => {
    const response = await csv('departments')
    t.equal(response.status, 200)
    t.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8')
    t.match(response.headers.get('content-disposition'), FILE_NAME)
    t.equal(response.headers.get('cache-control'), 'no-store')
    const text = await response.text()
    const rows = parseCsv(text)
    t.same(rows[0], ['name', 'abbreviation', 'created_at'])
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]))
    for (const row of created) {
      const expected = /^[=+\-@\t]/.test(row.name) ? `'${row.name}` : row.name
      t.same(
        byName.get(expected),
        [expected, row.abbreviation ?? '', row.created_at],
        `the created row ${JSON.stringify(row.name)} is in the file`,
      )
    }
    t.ok(text.includes('"say ""hi"""'), 'quotes doubled inside a quoted cell')
    t.ok(text.includes('"a,b"') && text.includes('"line1\nline2"'))
    t.equal(byName.get("'+1")![1], '', 'null is an empty cell')
    t.match(byName.get("'+1")![2], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, 'created_at as ISO')
    // written when the answer closes, which may come just after the client read it
    const line = await portal.auditLine((l) => l.path === '/api/csv/departments')
    t.same(pick(line, ['user', 'method', 'status', 'complete', 'rows', 'bytesOut']), {
      user: 'alice@ccoe.example',
      method: 'GET',
      status: 200,
      complete: true,
      rows: rows.length - 1,
      bytesOut: Buffer.byteLength(text),
    })
    t.equal(portal.audit.filter((l) => l.path === '/api/csv/departments').length, 1, 'one audit line')
  })

  t.test('filters and sort are honoured', async (t) => {
    const filtered = parseCsv(await (await csv('departments?by_name=SUM')).text())
    t.same(
      filtered.slice(1).map((r) => r[0]),
      ["'=SUM(A1)"],
    )
    const list = (await (await fetch(`${baseUrl}/api/departments?per_page=1000&sort=-name`, { headers: { cookie } })).json()) as {
      data: { name: string }[]
    }
    const down = parseCsv(await (await csv('departments?sort=-name&per_page=2&page=3&evil=1')).text())
    t.equal(down.length - 1, list.data.length, 'paging params of the client are ignored')
    t.same(
      down.slice(1).map((r) => r[0].replace(/^'/, '')),
      list.data.map((d) => d.name),
      'same order as the list',
    )
    const up = parseCsv(await (await csv('departments?sort=name')).text())
    t.same(
      up.slice(1).map((r) => r[0]),
      down
        .slice(1)
        .map((r) => r[0])
        .reverse(),
    )
    const bad = await csv('departments?sort=nope')
    t.equal(bad.status, 400, "the upstream's refusal comes back as JSON")
    t.same(await bad.json(), { error: 'Unknown sort field "nope"', statusCode: 400, fields: { sort: 'Unknown sort field "nope"' } })
  })

  t.test("every model's file is its whole JSON list rendered, byte for byte (the pages ask for the columns alone)", async (t) => {
    for (const resource of RESOURCES.filter((r) => r.csv)) {
      // every field of every row, walked by cursor as the gateway walked before it asked for fields=
      const rows: Record<string, unknown>[] = []
      let after = ''
      for (;;) {
        const url = `${baseUrl}/api/${resource.path}?per_page=1000&count=none${after && `&after=${after}`}`
        const page = (await (await fetch(url, { headers: { cookie } })).json()) as { data: typeof rows; meta: { next?: string } }
        rows.push(...page.data)
        if (!page.meta.next) break
        after = page.meta.next
      }
      const columns = csvColumns(resource).map((c) => ({ ...c, type: fieldOf(resource, c.field)?.type }))
      const text = await (await csv(resource.key)).text()
      t.equal(text, csvHeader(columns) + csvRows(columns, rows), `${resource.key}: ${rows.length} rows`)
    }
  })

  t.test('more than one upstream page', async (t) => {
    await portal.database.db.execute(
      sql`INSERT INTO departments (name) SELECT 'bulk-' || lpad(g::text, 5, '0') FROM generate_series(1, 2500) g`,
    )
    const response = await csv('business_units')
    t.equal(response.status, 200, 'another model works too')
    const text = await (await csv('departments?by_name=bulk-&sort=name')).text()
    const lines = text.split('\r\n')
    t.equal(lines.pop(), '', 'ends with CRLF')
    t.equal(lines.length, 2501, 'header + 2500 rows')
    const names = lines.slice(1).map((l) => l.split(',')[0])
    t.equal(new Set(names).size, 2500, 'no row twice')
    t.equal(names[0], 'bulk-00001')
    t.equal(names[2499], 'bulk-02500')
    t.same(names, [...names].sort(), 'in order across pages')
  })

  t.test('cost centers: headers that differ from fields, booleans, owner-terminated CSV', async (t) => {
    const post = async (path: string, body: object) => {
      const response = await fetch(`${baseUrl}/api/${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      t.equal(response.status, 201, `POST ${path}`)
      return ((await response.json()) as { data: { id: number } }).data.id
    }
    const first = async (path: string) =>
      ((await (await fetch(`${baseUrl}/api/${path}?per_page=1`, { headers: { cookie } })).json()) as { data: { id: number }[] }).data[0].id
    const common = {
      companies_id: await post('companies', { code: 'T9001' }),
      business_units_id: await first('business_units'),
      departments_id: await first('departments'),
    }
    const gone = await post('cloud_contacts', { email: 'gone@t.example', terminated: true })
    const here = await post('cloud_contacts', { email: 'here@t.example', terminated: false })
    await post('cost_centers', { identifier: 'CC-T-GONE', cloud_contact_id: gone, approved: true, ...common })
    await post('cost_centers', { identifier: 'CC-T-HERE', cloud_contact_id: here, approved: false, ...common })

    const all = parseCsv(await (await csv('cost_centers?by_identifier=CC-T-')).text())
    t.same(all[0].slice(0, 8), ['identifier', 'company_code', 'aws_gl', 'gcp_gl', 'azure_gl', 'owner', 'approved', 'owner_terminated'])
    t.same(
      all.slice(1).map((r) => [r[0], r[1], r[5], r[6], r[7]]),
      [
        ['CC-T-GONE', 'T9001', 'gone@t.example', 'true', 'true'],
        ['CC-T-HERE', 'T9001', 'here@t.example', 'false', 'false'],
      ],
    )
    const terminated = await csv('cost_centers?by_identifier=CC-T-&by_owner_terminated=true')
    t.match(terminated.headers.get('content-disposition'), /filename="terminated_owner_cost_centers_/, 'a file name of its own')
    t.same(
      parseCsv(await terminated.text())
        .slice(1)
        .map((r) => r[0]),
      ['CC-T-GONE'],
    )
  })

  t.test('sign-in required; unknown models 404', async (t) => {
    const anonymous = await csv('departments', {})
    t.equal(anonymous.status, 401)
    t.same(await anonymous.json(), { error: 'Unauthorized', statusCode: 401 })
    const token = await scriptToken(baseUrl)
    const scripted = await csv('departments?by_name=SUM', { authorization: `Bearer ${token}` })
    t.equal(scripted.status, 200, 'a bearer token works like a cookie')
    for (const model of ['nope', '__proto__', 'departments%2F..']) {
      const response = await csv(model)
      t.equal(response.status, 404, model)
      t.same(await response.json(), { error: 'Not Found', statusCode: 404 })
    }
  })
})

/**
 * A list upstream that records its calls, as a provider API answers a whole-list walk: `total`
 * rows, `per_page` at a time, `meta.next` on a full page and `after=` honoured; its call number
 * `failCall` answers 500.
 */
async function fakeListUpstream(t: { teardown(fn: () => unknown): void }, total: number, failCall = 0) {
  const seen: { url: string; uid?: string; authorization?: string }[] = []
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    seen.push({ url: req.url ?? '', uid: req.headers.uid as string, authorization: req.headers.authorization })
    const perPage = Number(url.searchParams.get('per_page'))
    res.setHeader('content-type', 'application/json')
    if (seen.length === failCall) return res.writeHead(500).end('{"error":"boom"}')
    const from = Number(url.searchParams.get('after') ?? 0)
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - from)) }, (_, i) => ({
      name: `row ${from + i}`,
      abbreviation: 'x'.repeat(60),
    }))
    const next = data.length === perPage ? String(from + perPage) : undefined
    res.end(JSON.stringify({ data, meta: { page: 1, per_page: perPage, ...(next && { next }) } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))))
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen }
}

t.test('paging, identity, failures and backpressure against a recording upstream', async (t) => {
  t.test("only filters and sort go upstream, with the proxy identity headers and the CSV's columns; walked by cursor", async (t) => {
    const upstream = await fakeListUpstream(t, 2500)
    const gw = await startGateway(t, upstream.url)
    const cookie = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
    const response = await fetch(`${gw.baseUrl}/api/csv/departments?by_name=r&sort=-name&page=7&per_page=3&after=9&by_evil=1&fields=id`, {
      headers: { cookie, uid: 'mallory' },
    })
    const rows = parseCsv(await response.text())
    t.same(
      rows.slice(1).map((r) => r[0]),
      Array.from({ length: 2500 }, (_, i) => `row ${i}`),
    )
    t.same(
      upstream.seen.map((s) => s.url),
      [
        '/departments?sort=-name&by_name=r&fields=name%2Cabbreviation%2Ccreated_at&per_page=1000&count=none',
        '/departments?sort=-name&by_name=r&fields=name%2Cabbreviation%2Ccreated_at&per_page=1000&count=none&after=1000',
        '/departments?sort=-name&by_name=r&fields=name%2Cabbreviation%2Ccreated_at&per_page=1000&count=none&after=2000',
      ],
      "a page without meta.next is the last; the client's fields= is not passed on",
    )
    t.same(
      upstream.seen.map((s) => [s.uid, s.authorization]),
      Array.from({ length: 3 }, () => ['alice@ccoe.example', 'Bearer fixed-upstream-token']),
    )
  })

  t.test('compressed for a client that accepts it, the same file inside', async (t) => {
    const upstream = await fakeListUpstream(t, 20_000)
    const gw = await startGateway(t, upstream.url)
    const cookie = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
    const uncompressed = await fetch(`${gw.baseUrl}/api/csv/departments`, { headers: { cookie, 'accept-encoding': 'identity' } })
    const plain = await uncompressed.text()
    t.equal(parseCsv(plain).length, 20_001)
    const request = get(`${gw.baseUrl}/api/csv/departments`, { headers: { cookie, 'accept-encoding': 'br' } })
    const [compressed] = (await once(request, 'response')) as [IncomingMessage]
    t.equal(compressed.headers['content-encoding'], 'br')
    t.match(compressed.headers['content-disposition'], FILE_NAME)
    const chunks: Buffer[] = []
    for await (const chunk of compressed) chunks.push(chunk as Buffer)
    t.equal(brotliDecompressSync(Buffer.concat(chunks)).toString(), plain)
    // written when each answer closes, which may come just after the client read it
    const ids = [uncompressed.headers.get('x-request-id'), compressed.headers['x-request-id']]
    const lines = ids.map((id) => gw.auditLine((l) => l.reqId === id))
    t.same(
      (await Promise.all(lines)).map((l) => pick(l, ['status', 'complete', 'rows', 'bytesOut'])),
      [0, 1].map(() => ({ status: 200, complete: true, rows: 20_000, bytesOut: Buffer.byteLength(plain) })),
      'rows, and the bytes of the file before compression',
    )
  })

  t.test('a failing later page breaks the transfer instead of ending the file', async (t) => {
    const upstream = await fakeListUpstream(t, 5000, 3)
    const gw = await startGateway(t, upstream.url)
    const cookie = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
    const response = await fetch(`${gw.baseUrl}/api/csv/departments`, { headers: { cookie } })
    t.equal(response.status, 200, 'page 1 was fine, so the answer had started')
    await t.rejects(response.text(), 'reading the body fails')
    const line = await gw.auditLine((l) => l.path === '/api/csv/departments')
    t.same(
      pick(line, ['status', 'complete', 'aborted', 'rows']),
      { status: 200, complete: false, aborted: true, rows: 2000 },
      'pages 1 and 2 went out, then the transfer broke',
    )
    t.equal(upstream.seen.length, 3, 'no page asked for after the failed one')

    const failFirst = await fakeListUpstream(t, 10, 1)
    const gw2 = await startGateway(t, failFirst.url)
    const cookie2 = await signIn(gw2.baseUrl, 'alice@ccoe.example', 'alice')
    const early = await fetch(`${gw2.baseUrl}/api/csv/departments`, { headers: { cookie: cookie2 } })
    t.equal(early.status, 502, 'a failing first page is a JSON error')
    t.same(await early.json(), { error: 'Upstream unavailable', statusCode: 502 })
  })

  t.test('a client that leaves mid-file ends the export', async (t) => {
    const upstream = await fakeListUpstream(t, 1_000_000)
    const gw = await startGateway(t, upstream.url)
    const cookie = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
    // node:http, whose destroy() closes the connection at once (an aborted fetch may keep it a while)
    const request = get(`${gw.baseUrl}/api/csv/departments`, { headers: { cookie } })
    const [response] = (await once(request, 'response')) as [IncomingMessage]
    t.equal(response.statusCode, 200)
    const [first] = (await once(response, 'data')) as [Buffer]
    t.ok(first.length > 0, 'the file has started')
    request.destroy()
    // the line is written when the gateway sees the connection close
    const line = await gw.auditLine((l) => l.path === '/api/csv/departments')
    t.same(pick(line, ['status', 'complete', 'aborted']), { status: 499, complete: false, aborted: true })
    t.ok((line.rows as number) < 1_000_000, `${line.rows as number} rows read from the upstream, not the whole list`)
    t.ok(upstream.seen.length <= (line.rows as number) / 1000 + 1, 'no page asked for beyond those and the one in flight')
  })
})

t.test('an export walks on while other people wait on the upstream, and beside another export', async (t) => {
  // the person's read is held until the end: an export that waited for no one else in flight (the
  // interactive-first scheduler of before) never finished under steady use (the soak's CSV p95 was 22 s)
  const seen: string[] = []
  let release = () => {}
  const server = createServer((req, res) => {
    seen.push(req.url ?? '')
    res.setHeader('content-type', 'application/json')
    if (req.url === '/departments/7') return void (release = () => res.end('{"data":{"id":7,"name":"held"}}'))
    const after = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('after') ?? 0)
    const data = Array.from({ length: after < 3000 ? 1000 : 10 }, (_, i) => ({ name: `r${after + i}` }))
    res.end(JSON.stringify({ data, meta: { page: 1, per_page: 1000, ...(data.length === 1000 && { next: String(after + 1000) }) } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))))
  // the person's call never times out here: only its release ends it
  const gw = await startGateway(t, `http://127.0.0.1:${(server.address() as { port: number }).port}`, {
    env: { UPSTREAM_TIMEOUT_MS: '600000' },
  })
  const cookie = await signIn(gw.baseUrl, 'alice@ccoe.example', 'alice')
  let personAnswered = false
  const person = fetch(`${gw.baseUrl}/api/departments/7`, { headers: { cookie } }).finally(() => (personAnswered = true))
  while (!seen.includes('/departments/7')) await once(server, 'request')

  const file = async () => parseCsv(await (await fetch(`${gw.baseUrl}/api/csv/departments`, { headers: { cookie } })).text()).length - 1
  // a second export starts while the first is held by its reader (not reading: backpressure)
  const held = get(`${gw.baseUrl}/api/csv/departments`, { headers: { cookie, 'accept-encoding': 'identity' } })
  const [heldResponse] = (await once(held, 'response')) as [IncomingMessage]
  heldResponse.pause()
  t.same(await Promise.all([file(), file()]), [3010, 3010], 'two whole files while a person waits and a third export is held')
  const chunks: Buffer[] = []
  for await (const chunk of heldResponse) chunks.push(chunk as Buffer)
  t.equal(parseCsv(Buffer.concat(chunks).toString()).length - 1, 3010, 'then the held one reads to its end')
  t.equal(personAnswered, false, 'all while the person still waits')
  release()
  t.equal((await person).status, 200)
})

const COLUMNS = [{ header: 'v', field: 'v' }]

t.test('CsvPages asks for a page as it takes the one before, and only as the consumer reads', async (t) => {
  // each page hands on the upstream's cursor: the next request carries it
  const page = (n: number, last = false): ListPage => ({
    rows: [{ v: String(n).repeat(100 * 1024) }],
    next: last ? undefined : `after-${n}`,
  })
  const asked: string[] = []
  const answers: ((page: ListPage) => void)[] = []
  let onAsk = () => {}
  const nextAsk = () => new Promise<void>((resolve) => (onAsk = resolve))
  const pages = new CsvPages(COLUMNS, page(1), (after) => {
    asked.push(after)
    onAsk()
    return new Promise((resolve) => answers.push(resolve))
  })
  // lets the stream's own scheduled reads (process.nextTick) run: a turn of the event loop, no time
  const settle = () => new Promise((resolve) => setImmediate(resolve))

  await settle()
  t.same(asked, [], 'nothing is fetched before anyone reads')
  let asking = nextAsk()
  t.equal(pages.read(0), null, 'a first read starts the stream')
  await asking
  t.same(asked, ['after-1'], 'page 1 taken, page 2 asked for')
  asking = nextAsk()
  answers.shift()!(page(2))
  await asking
  t.same(asked, ['after-1', 'after-2'], 'page 2 taken: page 3 asked for')
  asking = nextAsk()
  answers.shift()!(page(3))
  await asking
  t.same(asked, ['after-1', 'after-2', 'after-3'], 'page 3 taken, the buffer (256 KiB) now full: page 4 asked for')
  answers.shift()!(page(4))
  await settle()
  t.same(asked, ['after-1', 'after-2', 'after-3'], 'nobody reads: page 4 waits, no page 5')
  t.ok(pages.readableLength >= pages.readableHighWaterMark)

  asking = nextAsk()
  const read = [pages.read() as Buffer]
  await asking
  t.same(asked, ['after-1', 'after-2', 'after-3', 'after-4'], 'reading what is buffered takes page 4: page 5 asked for')
  answers.shift()!(page(5, true))
  pages.on('data', (chunk: Buffer) => read.push(chunk))
  await once(pages, 'end')
  t.equal(Buffer.concat(read).toString(), 'v\r\n' + [1, 2, 3, 4, 5].map((n) => `${String(n).repeat(100 * 1024)}\r\n`).join(''))
  t.same(asked, ['after-1', 'after-2', 'after-3', 'after-4'], 'nothing asked for after the last page')
  t.same([pages.rows, pages.bytes], [5, 3 + 5 * (100 * 1024 + 2)])
})

t.test('CsvPages: a failing page destroys the stream with its error', async (t) => {
  const pages = new CsvPages(COLUMNS, { rows: [{ v: 'a' }], next: 'x' }, () => Promise.reject(new Error('page 2 failed')))
  pages.resume()
  const [error] = (await once(pages, 'error')) as [Error]
  t.equal(error.message, 'page 2 failed')
  t.ok(pages.destroyed)
})

t.test('CsvPages: empty pages with a cursor lead on; the header alone for an empty list', async (t) => {
  const text = async (pages: CsvPages) => {
    let out = ''
    for await (const chunk of pages) out += String(chunk)
    return out
  }
  const after: Record<string, ListPage> = { a: { rows: [], next: 'b' }, b: { rows: [{ v: '=b' }] } }
  t.equal(await text(new CsvPages(COLUMNS, { rows: [], next: 'a' }, (at) => Promise.resolve(after[at]))), "v\r\n'=b\r\n")
  t.equal(await text(new CsvPages(COLUMNS, { rows: [] }, () => Promise.reject(new Error('not asked')))), 'v\r\n')
})

t.test('CsvPages asks for no later page before the answer has started', async (t) => {
  const asked: string[] = []
  let start = () => {}
  const started = new Promise<void>((resolve) => (start = resolve))
  const pages = new CsvPages(
    COLUMNS,
    { rows: [{ v: 'a' }], next: 'x' },
    (after) => {
      asked.push(after)
      return Promise.resolve({ rows: [{ v: 'b' }] })
    },
    started,
  )
  const read: string[] = []
  pages.on('data', (chunk: Buffer) => read.push(chunk.toString()))
  await new Promise((resolve) => setImmediate(resolve))
  t.same([asked, read], [[], ['v\r\na\r\n']], 'page 1 flows, page 2 waits for the headers')
  start()
  await once(pages, 'end')
  t.same([asked, read], [['x'], ['v\r\na\r\n', 'b\r\n']])
})
