/**
 * POST /cloud_bills/upload (spec 001 §2, §7): an .xlsx workbook or a CSV as a base64 data URL; good
 * files become bills in one transaction; bad, hostile (formulas, wrong types, huge sheets) and
 * half-bad files are refused with the rows named, and nothing is stored.
 */
import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { BILLS_PER_STATEMENT } from '../../../../server/upstream/routes/cloud-bills/stored-bills.js'
import { MAX_BILL_ROWS } from '../../../../server/upstream/routes/cloud-bills/workbook.js'
import { serveUpstream } from '../../fixtures/serve.js'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const dataUrl = (bytes: Buffer, mime = 'text/csv') => `data:${mime};base64,${bytes.toString('base64')}`
const HEADER = [
  'Date',
  'Provider',
  'Company Code',
  'Currency',
  'Reference',
  'GL Account',
  'Identifier',
  'Amount',
  'Business Unit',
  'CC Network',
  'Activity',
  'Line Item Txt',
]

async function workbook(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  fill(book.addWorksheet('Bills'))
  return Buffer.from(await book.xlsx.writeBuffer())
}

t.test('POST /cloud_bills/upload', async (t) => {
  const { api, database } = await serveUpstream(t, { seed: true })
  const upload = (data: string) => api('POST', '/cloud_bills/upload', { cloud_bill: { data } })
  const count = async () => Number((await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM cloud_bills`))[0].n)
  const before = await count()

  t.test('a good workbook: every row a bill, lookups resolved', async (t) => {
    const file = await workbook((sheet) => {
      sheet.addRow(HEADER)
      sheet.addRow([
        new Date(Date.UTC(2024, 4, 1)),
        'AWS',
        '1000',
        'USD',
        'INV-777',
        '650100',
        'XL-CC-1',
        1234.5,
        'Gaming',
        'NET-3100-07',
        'Compute',
        'EC2',
      ])
      sheet.addRow(['2024-05-01', 'gcp', '3100', 'USD', 'INV-777', '650300', 'XL-CC-2', '-20.25', '', '', '', ''])
    })
    t.same(await upload(dataUrl(file, XLSX)), { status: 200, body: { data: { inserted: 2, updated: 0, unchanged: 0 } } })
    const stored = await rows(
      database.db,
      sql`SELECT to_char(b.date, 'YYYY-MM-DD') AS date, provider, b.identifier, amount::float8 AS amount, u.name AS unit, n.identifier AS network
          FROM cloud_bills b LEFT JOIN business_units u ON u.id = b.business_units_id
          LEFT JOIN cost_center_networks n ON n.id = b.cost_center_networks_id WHERE reference = 'INV-777' ORDER BY b.identifier`,
    )
    t.strictSame(stored, [
      { date: '2024-05-01', provider: 'aws', identifier: 'XL-CC-1', amount: 1234.5, unit: 'Gaming', network: 'NET-3100-07' },
      { date: '2024-05-01', provider: 'gcp', identifier: 'XL-CC-2', amount: -20.25, unit: null, network: null },
    ])
  })

  t.test('a good CSV with the API names as headings', async (t) => {
    const csv =
      'date,provider,identifier,amount,reference\n2024-06-01,azure,CSV-CC-1,10,INV-CSV\n2024-06-01,azure,CSV-CC-2,"1,000.10",INV-CSV\n'
    t.same(await upload(dataUrl(Buffer.from(csv))), { status: 200, body: { data: { inserted: 2, updated: 0, unchanged: 0 } } })
    const stored = await rows(
      database.db,
      sql`SELECT identifier, amount::float8 AS amount FROM cloud_bills WHERE reference = 'INV-CSV' ORDER BY identifier`,
    )
    t.strictSame(stored, [
      { identifier: 'CSV-CC-1', amount: 10 },
      { identifier: 'CSV-CC-2', amount: 1000.1 },
    ])
  })

  t.test('bad and hostile files are refused with their rows named; nothing is stored', async (t) => {
    const stored = await count()
    const refuse = async (data: string, error: string | RegExp, what: string) => {
      const answer = await upload(data)
      t.equal(answer.status, 422, `${what}: 422`)
      t.match((answer.body as { error: string }).error, error, what)
    }
    const csv = (text: string) => dataUrl(Buffer.from(text))
    await refuse(
      csv('provider,identifier\naws,X\n'),
      'The header must name date, provider, identifier, amount; missing: date, amount',
      'header',
    )
    await refuse(csv('date,provider,identifier,amount\n'), 'The file has a header but no bills', 'no rows')
    await refuse(
      csv('date,provider,identifier,amount\n2024-05-01,aws,A,1\n2024-02-30,aws,B,1\n2024-05-01,oracle,C,x\n2024-05-01,aws,,1.234\n'),
      'Row 3: date 2024-02-30 is not a day (yyyy-MM-dd); Row 4: provider oracle is not one of aws, azure, gcp, amount x is not a number with at most two decimals; Row 5: identifier is empty, amount 1.234 is not a number with at most two decimals',
      'wrong types, every bad row named (all or nothing: row 2 is good)',
    )
    await refuse(
      csv('date,provider,identifier,amount,business_unit\n2024-05-01,aws,A,1,Nobody\n'),
      'Row 2: no business unit named Nobody',
      'unknown lookup',
    )
    const formula = await workbook((sheet) => {
      sheet.addRow(HEADER)
      sheet.addRow(['2024-05-01', 'aws', '1000', 'USD', 'R', 'A', 'CC', { formula: 'SUM(1,2)', result: 3 }])
    })
    await refuse(dataUrl(formula, XLSX), 'Row 2: formulas are not accepted, only values', 'a formula')
    const huge = await workbook((sheet) => {
      sheet.addRow(HEADER)
      sheet.getCell(`A${MAX_BILL_ROWS + 5}`).value = '2024-05-01'
    })
    await refuse(dataUrl(huge, XLSX), `The workbook has more than ${MAX_BILL_ROWS} bills`, 'a huge sheet')
    await refuse(
      dataUrl(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]), XLSX),
      'The file is not an .xlsx workbook or a CSV file',
      'a broken zip',
    )
    await refuse(dataUrl(Buffer.from([0, 1, 2, 3])), 'The file is not an .xlsx workbook or a CSV file', 'binary')
    await refuse('not base64!', 'The file is not base64 encoded', 'not base64')
    t.equal((await api('POST', '/cloud_bills/upload', { cloud_bill: {} })).status, 400, 'no file: 400')
    t.equal(await count(), stored, 'not one bill stored')
  })

  t.test('the same file twice stores nothing twice: a line stored before is updated or unchanged (issue 39 item 1)', async (t) => {
    const csv = (lines: string[]) => dataUrl(Buffer.from(['date,provider,reference,identifier,amount,line_item', ...lines].join('\n')))
    const lines = [
      '2024-07-01,aws,INV-TWICE,TW-1,10,EC2',
      // the same line twice in one invoice is two charges: each its own bill, again in the file after it
      '2024-07-01,aws,INV-TWICE,TW-1,10,EC2',
      '2024-07-01,aws,INV-TWICE,TW-2,5,',
    ]
    const stored = () =>
      rows(database.db, sql`SELECT identifier, amount::text AS amount FROM cloud_bills WHERE reference = 'INV-TWICE' ORDER BY id`)
    t.same(await upload(csv(lines)), { status: 200, body: { data: { inserted: 3, updated: 0, unchanged: 0 } } })
    const first = await stored()
    const plan = (parts: { add?: unknown[]; update?: unknown[]; unchanged: number }) => ({
      status: 200,
      body: {
        data: {
          dry_run: true,
          add: { total: parts.add?.length ?? 0, rows: parts.add ?? [] },
          update: { total: parts.update?.length ?? 0, rows: parts.update ?? [] },
          unchanged: parts.unchanged,
          refuse: { total: 0, rows: [] },
        },
      },
    })
    t.same(await api('POST', '/cloud_bills/upload?dry_run=true', { cloud_bill: { data: csv(lines) } }), plan({ unchanged: 3 }))
    t.same(await upload(csv(lines)), { status: 200, body: { data: { inserted: 0, updated: 0, unchanged: 3 } } })
    t.same(await stored(), first, 'not one bill twice')

    const corrected = [lines[0], '2024-07-01,aws,INV-TWICE,TW-1,12.5,EC2', lines[2], '2024-07-01,aws,INV-TWICE,TW-3,1,']
    t.same(
      await api('POST', '/cloud_bills/upload?dry_run=true', { cloud_bill: { data: csv(corrected) } }),
      plan({
        add: [{ row: 5, identifier: 'TW-3', detail: '2024-07-01 aws 1.00 INV-TWICE' }],
        update: [{ row: 3, identifier: 'TW-1', detail: 'amount 10.00 → 12.50' }],
        unchanged: 2,
      }),
    )
    t.same(await upload(csv(corrected)), { status: 200, body: { data: { inserted: 1, updated: 1, unchanged: 2 } } })
    const byHand = await api('POST', '/cloud_bills', {
      date: '2024-07-01',
      provider: 'aws',
      reference: 'INV-TWICE',
      identifier: 'TW-3',
      amount: 2,
    })
    const duplicate =
      'This bill is stored already: another has the same identifier, date, provider, reference, GL account, activity and line item'
    t.same(byHand, { status: 409, body: { error: duplicate, statusCode: 409 } }, 'the database keeps the key, whoever writes')
    t.same(await stored(), [
      { identifier: 'TW-1', amount: '10.00' },
      { identifier: 'TW-1', amount: '12.50' },
      { identifier: 'TW-2', amount: '5.00' },
      { identifier: 'TW-3', amount: '1.00' },
    ])
  })

  t.test('rows are read strictly (issue 39 item 2)', async (t) => {
    const stored = await count()
    const csv = (text: string) => dataUrl(Buffer.from(text))
    const header = 'date,provider,identifier,amount,activity\n'
    t.same(await upload(csv(`${header}2024-05-01,aws,STRICT-1,1,Compute\n2024-05-01,aws,STRICT-2,12,34,abc\n`)), {
      status: 422,
      body: { error: 'Row 3: 6 fields, but the header has 5 (a value with a comma must be in double quotes)', statusCode: 422 },
    })
    t.same(await upload(csv('date;provider;identifier;amount\n2024-05-01;aws;STRICT-3;1\n')), {
      status: 422,
      body: { error: 'The separator must be a comma, not ";"', statusCode: 422 },
    })
    t.equal(await count(), stored, 'nothing stored')
    t.same(await upload(csv(`${header}2024-05-01,aws,STRICT-2,"12,34",abc\n`)), {
      status: 200,
      body: { data: { inserted: 1, updated: 0, unchanged: 0 } },
    })
  })

  t.test('all or nothing: the database refusing a bill of the second statement undoes the first', async (t) => {
    const stored = await count()
    const terms = async () => (await rows(database.db, sql`SELECT field, term FROM cloud_bill_terms ORDER BY field, term`)).length
    const termsBefore = await terms()
    // a rule only the database knows (the file's checks pass it): the last bill breaks it
    await database.db.execute(
      sql`ALTER TABLE cloud_bills ADD CONSTRAINT cloud_bills_identifier_check CHECK (identifier <> 'REFUSED-BY-DB') NOT VALID`,
    )
    t.teardown(() => database.db.execute(sql`ALTER TABLE cloud_bills DROP CONSTRAINT cloud_bills_identifier_check`))
    const lines = Array.from({ length: BILLS_PER_STATEMENT + 1 }, (_, i) =>
      i === BILLS_PER_STATEMENT ? '2024-05-01,aws,REFUSED-BY-DB,1,INV-TX' : `2024-05-01,aws,TX-${i},1,INV-TX`,
    )
    const answer = await upload(dataUrl(Buffer.from(['date,provider,identifier,amount,reference', ...lines].join('\n'))))
    t.same(answer, {
      status: 422,
      body: { error: 'Identifier is not valid', statusCode: 422, fields: { identifier: 'Identifier is not valid' } },
    })
    t.equal(await count(), stored, `not one of the first ${BILLS_PER_STATEMENT} bills stays`)
    t.equal(await terms(), termsBefore, 'nor their invoice number and identifiers')
  })

  t.equal((await count()) >= before, true)
})
