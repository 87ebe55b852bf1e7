import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import t from 'tap'
import { MESSAGES } from '../../../../shared/messages.js'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { parseCsv } from '../../../../server/upstream/uploads/parse-csv.js'
import { readOutbox } from '../../fixtures/outbox.js'
import { serveUpstream } from '../../fixtures/serve.js'
import { falsifySizes, makeZip } from '../../../lib/zip.js'

const csvZip = (text: string | Buffer, name = 'cost_centers.csv') => makeZip([{ name, content: text }])

t.test('parseCsv follows RFC 4180 and names the row of a broken one', async (t) => {
  t.same(parseCsv('a,b\r\n"x, y","he said ""hi"""\r\n"multi\nline",\n\n'), [
    ['a', 'b'],
    ['x, y', 'he said "hi"'],
    ['multi\nline', ''],
  ])
  t.same(parseCsv('a,b,'), [['a', 'b', '']])
  t.same(parseCsv('"",x\n'), [['', 'x']])
  t.throws(() => parseCsv('a,b\n"open,x\n'), { statusCode: 422, message: 'Row 2: a quoted value is never closed' })
  t.throws(() => parseCsv('a,b\nx"y,z\n'), { message: 'Row 2: a quote inside an unquoted value' })
  t.throws(() => parseCsv('a\n"x"y\n'), { message: 'Row 2: text after a closing quote' })
})

t.test('POST /sap_cost_centers/upload', async (t) => {
  const { api, app, database, outboxDir } = await serveUpstream(t, { seed: true })
  const table = async () =>
    rows(
      database.db,
      sql`SELECT s.identifier, c.code, o.email FROM sap_cost_centers s
      JOIN companies c ON c.id = s.companies_id JOIN cloud_contacts o ON o.id = s.cloud_contact_id ORDER BY s.identifier`,
    )
  const upload = async (zip: Buffer | string, email = 'uploader@example.com') =>
    api('POST', '/sap_cost_centers/upload', {
      sap_cost_center: { email, base_file: Buffer.isBuffer(zip) ? zip.toString('base64') : zip },
    })

  t.test('loads a zipped CSV: upserts by identifier and emails the summary', async (t) => {
    const csv = [
      'Identifier,COMPANY_CODE,owner_email,ignored column',
      'SAP-1000-4711,3100,bruno.rossi@example.com,x', // exists: moves to 3100 and Bruno
      'SAP-NEW-0001,6200,Chloe.Nguyen@EXAMPLE.com,', // an owner is found whatever the case of the address
      '"SAP-NEW-0002",2000,"david.okafor@example.com","a, b"',
      '',
    ].join('\r\n')
    const zip = await makeZip([
      { name: '__MACOSX/' },
      { name: '__MACOSX/._cost_centers.csv', content: 'resource fork' },
      { name: 'export/' },
      { name: 'export/cost_centers.csv', content: csv },
    ])
    const answer = await upload(zip)
    t.same(answer, { status: 200, body: { data: { added: 2, updated: 1, unchanged: 0, message: MESSAGES.sapUploaded } } })
    t.same(await table(), [
      { identifier: 'SAP-1000-4711', code: '3100', email: 'bruno.rossi@example.com' },
      { identifier: 'SAP-2000-1802', code: '2000', email: 'chloe.nguyen@example.com' },
      { identifier: 'SAP-4100-0930', code: '4100', email: 'david.okafor@example.com' },
      { identifier: 'SAP-NEW-0001', code: '6200', email: 'chloe.nguyen@example.com' },
      { identifier: 'SAP-NEW-0002', code: '2000', email: 'david.okafor@example.com' },
    ])
    const listed = (await api('GET', '/sap_cost_centers?by_identifier=SAP-NEW-0001')).body.data[0]
    t.hasStrict(listed, { company_code: '6200', aws_gl: '520084', cloud_contact_email: 'chloe.nguyen@example.com' })

    await app.mail.idle()
    const [mail] = readOutbox(outboxDir)
    t.equal(mail.headers.to, 'uploader@example.com')
    t.equal(mail.headers.from, 'CCoE Portal <noreply@ccoe.example>')
    t.equal(mail.headers.subject, 'SAP cost centers uploaded: 2 added, 1 updated')
    t.match(mail.text, /Added: 2\r?\n {2}SAP-NEW-0001\r?\n {2}SAP-NEW-0002/)
    t.match(mail.text, /Updated: 1\r?\n {2}SAP-1000-4711/)
    t.match(mail.attachments[0].filename, /^sap_cost_centers_upload_.*\.csv$/)
    t.equal(mail.attachments[0].content, 'identifier,result\r\nSAP-NEW-0001,added\r\nSAP-NEW-0002,added\r\nSAP-1000-4711,updated\r\n')

    const again = await upload(await csvZip('identifier,company_code,owner_email\nSAP-NEW-0001,6200,chloe.nguyen@example.com\n'))
    t.same(again.body.data, { added: 0, updated: 0, unchanged: 1, message: MESSAGES.sapUploaded }, 'loading twice changes nothing more')
  })

  t.test('every bad file is a 422 with a clear message, and the table is unchanged', async (t) => {
    const header = 'identifier,company_code,owner_email\n'
    const good = 'SAP-X-1,1000,alice.martin@example.com\n'
    const cases: [string, () => Promise<Buffer | string>, RegExp][] = [
      ['not a zip at all', async () => Buffer.from(header + good), /^The file is not a valid zip archive/],
      ['a truncated zip', async () => (await csvZip(header + good)).subarray(0, 60), /^The file is not a valid zip archive/],
      ['not base64', async () => 'this is not base64!', /^The file is not base64 encoded$/],
      ['no CSV inside', async () => makeZip([{ name: 'readme.txt', content: 'hi' }, { name: 'data/' }]), /^The zip holds no CSV file$/],
      [
        'two CSVs',
        async () =>
          makeZip([
            { name: 'a.csv', content: header },
            { name: 'b.csv', content: header },
          ]),
        /^The zip holds 2 CSV files/,
      ],
      [
        'too many entries',
        async () => makeZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, content: 'x' }))),
        /^The zip holds 11 entries; at most 10 are accepted$/,
      ],
      // 100 MB of zeros deflate to ~100 KB: refused by its declared size before anything is inflated
      [
        'a zip bomb (100 MB of zeros)',
        async () => makeZip([{ name: 'bomb.csv', content: Buffer.alloc(100 * 1024 * 1024) }]),
        /larger than 50 MiB once unzipped/,
      ],
      // under the size cap, but 1000:1
      [
        'a compression ratio of 1000:1',
        async () => makeZip([{ name: 'dense.csv', content: Buffer.alloc(20 * 1024 * 1024, 'a') }]),
        /zip bomb/,
      ],
      [
        'a zip that lies about its size',
        async () => falsifySizes(await csvZip(header + randomBytes(400_000).toString('hex')), 1000),
        /^The zip archive is damaged \(too many bytes in the stream/,
      ],
      ['a binary file named .csv', async () => csvZip(Buffer.from([0xff, 0xfe, 0x00, 0x41])), /is not UTF-8 text$/],
      [
        'a bad header',
        async () => csvZip('id,company,owner\n' + good),
        /^The CSV header must name identifier, company_code, owner_email; missing: identifier, company_code, owner_email$/,
      ],
      ['a header only', async () => csvZip(header), /^The CSV file has a header but no rows$/],
      // issue 39 item 2: a file separated by semicolons, a row with a field too many
      [
        'semicolons',
        async () => csvZip('identifier;company_code;owner_email\nSAP-X-1;1000;alice.martin@example.com\n'),
        /^The separator must be a comma, not ";"$/,
      ],
      [
        'a field too many',
        async () => csvZip(header + good + 'SAP-X-2,1000,alice.martin@example.com,x\n'),
        /^Row 3: 4 fields, but the header has 3 \(a value with a comma must be in double quotes\)$/,
      ],
      ['an empty file', async () => csvZip(''), /^The CSV file is empty/],
      [
        'an unknown company',
        async () => csvZip(header + good + 'SAP-X-2,9999,alice.martin@example.com\n'),
        /^Row 3 \(SAP-X-2\): company code 9999 does not exist$/,
      ],
      [
        'an unknown contact',
        async () => csvZip(header + good + 'SAP-X-2,1000,nobody@example.com\n'),
        /^Row 3 \(SAP-X-2\): cloud contact nobody@example.com does not exist/,
      ],
      ['an empty cell', async () => csvZip(header + good + 'SAP-X-2,,alice.martin@example.com\n'), /^Row 3: company_code is empty$/],
      ['an identifier twice', async () => csvZip(header + good + good), /^Row 3: identifier SAP-X-1 already appears on row 2$/],
      [
        'an identifier too long',
        async () => csvZip(`${header}${'X'.repeat(51)},1000,alice.martin@example.com\n`),
        /^Row 2: identifier X+ is longer than 50 characters$/,
      ],
      [
        'a broken quote',
        async () => csvZip(header + good + '"SAP-X-2,1000,alice.martin@example.com\n'),
        /^Row 3: a quoted value is never closed$/,
      ],
    ]
    const before = await table()
    for (const [what, build, message] of cases) {
      const answer = await upload(await build())
      t.equal(answer.status, 422, `${what}: ${JSON.stringify(answer.body)}`)
      t.match(answer.body, { error: message, statusCode: 422 }, what)
    }
    t.same(await table(), before, 'nothing was written')
  })

  t.test('the request itself is checked before the file', async (t) => {
    const zip = await csvZip('identifier,company_code,owner_email\nSAP-Y-1,1000,alice.martin@example.com\n')
    const badEmail = await upload(zip, 'not-an-email')
    t.same(badEmail.body, { error: 'Email must be an email address', statusCode: 422, fields: { email: 'Email must be an email address' } })
    t.equal((await api('POST', '/sap_cost_centers/upload', { sap_cost_center: { email: 'a@example.com' } })).status, 400)
    t.equal((await upload('x'.repeat(15 * 1024 * 1024))).body.error, 'The zip file is larger than 10 MiB')
    t.equal((await api('GET', '/sap_cost_centers?by_identifier=SAP-Y-1')).body.meta.total, 0)
  })
})
