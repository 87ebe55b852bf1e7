/**
 * Every archive an upload opens has limits (server/upstream/uploads/archive.ts, xlsx.ts): a zip bomb
 * in an .xlsx is refused with a 422 naming the limit before it costs memory, and eight at once leave
 * the API answering.
 */
import t from 'tap'
import { MAX_BILL_ROWS, workbookRows } from '../../../server/upstream/routes/cloud-bills/workbook.js'
import { xlsxLimits, type XlsxLimits } from '../../../server/upstream/uploads/xlsx.js'
import { xmlBudget } from '../../../server/upstream/uploads/xml-budget.js'
import { falsifySizes, makeZip, type ZipEntry } from '../../lib/zip.js'
import { serveUpstream } from '../fixtures/serve.js'

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const SST_START = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`
const HEADER = 'date,provider,identifier,amount'.split(',')

/** A minimal workbook as Excel lays it out: one sheet whose cells point into the shared strings. */
function xlsx(sharedStrings: Omit<ZipEntry, 'name'>, sheetRows = [HEADER.map((_, i) => i)]): Promise<Buffer> {
  const cell = (row: number, col: number, s: number) => `<c r="${String.fromCharCode(65 + col)}${row}" t="s"><v>${s}</v></c>`
  const rows = sheetRows.map((cells, r) => `<row r="${r + 1}">${cells.map((s, c) => cell(r + 1, c, s)).join('')}</row>`).join('')
  return makeZip([
    {
      name: '[Content_Types].xml',
      content: '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: 'xl/workbook.xml',
      content: `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Bills" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', content: `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>` },
    { name: 'xl/sharedStrings.xml', ...sharedStrings },
  ])
}
const strings = (values: string[]) => ({ content: SST_START + values.map((v) => `<si><t>${v}</t></si>`).join('') + '</sst>' })

/**
 * 128 MiB of shared strings deflated to ~300 KiB: 5.4 million formatted runs, each an object once
 * parsed (before the limits, one such upload grew the process by 1.5 GB in 44 s).
 */
const bomb = () => xlsx({ repeat: { head: SST_START, chunk: '<si><r><t>x</t></r></si>'.repeat(41_943), times: 128 } })
/** the same, its central directory claiming 1 MiB: found out while it inflates */
const lyingBomb = async () => falsifySizes(await bomb(), 1024 * 1024, 4)
const LIE_REFUSED = /^The zip archive is damaged \(too many bytes in the stream\. expected 1048576\. got at least \d+\)$/
const BOMB_REFUSED = /^xl\/sharedStrings\.xml is compressed \d+:1, more than 200:1 \(a zip bomb\?\), and was refused$/

t.test('the XML budget counts the same however the bytes are cut', async (t) => {
  const xml = Buffer.from('<sst><si><t>a</t></si><si><r><t>b</t></r></si><!-- <si> --><six/></sst>')
  const count = (chunkSize: number, max: number) => {
    const check = xmlBudget('p', { record: { name: 'si', max, tooMany: 'too many', maxElements: 10, maxBytes: 100 } })
    for (let i = 0; i < xml.length; i += chunkSize) check(xml.subarray(i, i + chunkSize))
  }
  for (const size of [1, 2, 3, 7, xml.length]) {
    t.doesNotThrow(() => count(size, 3), `3 records in chunks of ${size}`)
    t.throws(() => count(size, 2), { statusCode: 422, message: 'too many' }, `not 2, in chunks of ${size}`)
  }
})

t.test('a workbook past any limit is refused with the limit named, before it is materialised', async (t) => {
  const small = (change: (limits: XlsxLimits) => void) => {
    const limits = xlsxLimits(MAX_BILL_ROWS + 1, 'too many rows')
    change(limits)
    return limits
  }
  const good = await xlsx(strings(HEADER))
  t.strictSame(await workbookRows(good), [HEADER], 'within the limits: read')
  const refusals: [string, Buffer, XlsxLimits | undefined, string | RegExp][] = [
    ['shared strings', good, small((l) => (l.sharedStrings.budget.record!.max = 3)), 'The workbook has more than 1000000 shared strings'],
    ['rows', await xlsx(strings(HEADER), [[0], [1], [2]]), small((l) => (l.sheet.budget.record!.max = 2)), 'too many rows'],
    [
      'cells in a row',
      good,
      small((l) => (l.sheet.budget.record!.maxElements = 8)),
      'xl/worksheets/sheet1.xml: row 1 is too large (at most 8 elements and 4194304 bytes)',
    ],
    ['entries', good, small((l) => (l.archive.maxEntries = 4)), 'The zip holds 5 entries; at most 4 are accepted'],
    ['a part', good, small((l) => (l.sharedStrings.maxBytes = 100)), 'xl/sharedStrings.xml is larger than 100 bytes once unzipped'],
    ['all parts', good, small((l) => (l.archive.maxTotalBytes = 300)), 'The zip would unzip to more than 300 bytes in all'],
    ['styles', good, small((l) => (l.workbook.budget.maxElements = 2)), 'xl/workbook.xml has more than 2 elements'],
    ['a bomb', await bomb(), undefined, BOMB_REFUSED],
    ['a bomb that lies about its size', await lyingBomb(), undefined, LIE_REFUSED],
  ]
  for (const [what, file, limits, message] of refusals) {
    await t.rejects(workbookRows(file, limits), { statusCode: 422, message }, what)
  }
})

t.test(
  'POST /cloud_bills/upload: shared-strings bombs are refused, one costs little memory and eight leave the API answering',
  async (t) => {
    const { api } = await serveUpstream(t)
    const dataUrl = (bytes: Buffer) =>
      `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${bytes.toString('base64')}`
    const [honest, lying] = [dataUrl(await bomb()), dataUrl(await lyingBomb())]
    const upload = (data: string) => api('POST', '/cloud_bills/upload', { cloud_bill: { data } })
    const refused = (error: RegExp) => ({ status: 422, body: { error, statusCode: 422 } })

    for (const [what, data, error] of [
      ['a bomb', honest, BOMB_REFUSED],
      ['a bomb that lies', lying, LIE_REFUSED],
    ] as const) {
      const before = process.memoryUsage().rss
      t.match(await upload(data), refused(error), what)
      const growth = process.memoryUsage().rss - before
      t.ok(growth <= 64 * 1024 * 1024, `${what}: RSS grew by ${Math.round(growth / 1024 / 1024)} MB (at most 64)`)
    }

    const [health, list, ...bombs] = await Promise.all([
      api('GET', '/healthz'),
      api('GET', '/cost_centers?page=1&per_page=5'),
      ...Array.from({ length: 8 }, (_, i) => upload(i % 2 ? lying : honest)),
    ])
    t.match(
      bombs,
      Array.from({ length: 8 }, (_, i) => refused(i % 2 ? LIE_REFUSED : BOMB_REFUSED)),
      'eight at once: each refused',
    )
    t.same(health, { status: 200, body: { status: 'ok' } }, '/healthz answers')
    t.equal(list.status, 200, "another person's list answers")
    t.same(list.body.data, [], 'an empty database: no cost centers')
  },
)
