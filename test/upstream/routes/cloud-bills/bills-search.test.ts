/**
 * The history's Invoice Num and Identifier boxes (spec 001 §2) search among the bills' distinct
 * values (migration 030), which triggers keep: the answers are the ones a plain ILIKE over the bills
 * gives, for bills inserted by any path and after edits, in any case, with % and _ taken literally.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { serveUpstream } from '../../fixtures/serve.js'

t.test('bills searched by invoice number and identifier', async (t) => {
  const { api, database } = await serveUpstream(t, { seed: false })
  const db = database.db
  await db.execute(sql`
    INSERT INTO cloud_bills (date, provider, reference, identifier, amount) VALUES
      ('2026-05-01', 'aws', 'INV-202605-42', 'CC-0042', 1),
      ('2026-05-01', 'aws', 'INV-202605-42', 'cc-0420', 2),
      ('2026-05-01', 'gcp', 'inv-202605-7', 'CC-0042', 3),
      ('2026-06-01', 'gcp', 'INV-100%_A', 'WBS_1', 4),
      ('2026-06-01', 'gcp', 'INV-100xxA', 'WBSx1', 5),
      ('2026-06-01', 'azure', NULL, 'CC-9', 6)`)
  const upload = await api('POST', '/cloud_bills/upload', {
    cloud_bill: {
      data: `data:text/csv;base64,${Buffer.from('date,provider,identifier,amount,reference\n2026-07-01,aws,Up-1,7,Inv-Upload-1\n').toString('base64')}`,
    },
  })
  t.equal(upload.status, 200, 'a bill uploaded')

  /** the amounts the list answers for a query, and its total */
  const search = async (query: string) => {
    const answer = await api('GET', `/cloud_bills?per_page=2&sort=amount&${query}`)
    t.equal(answer.status, 200, query)
    return { amounts: answer.body.data.map((b: { amount: number }) => b.amount), total: answer.body.meta.total }
  }
  /** what a plain ILIKE over the bills finds (the search before migration 030) */
  const plain = async (column: 'reference' | 'identifier', text: string) =>
    (
      await rows<{ amount: number }>(
        db,
        sql`SELECT amount::float8 AS amount FROM cloud_bills
            WHERE ${sql.identifier(column)} ILIKE ${`%${text.replace(/[\\%_]/g, '\\$&')}%`} ORDER BY amount, id`,
      )
    ).map((r) => r.amount)

  for (const [param, column, text] of [
    ['by_reference', 'reference', 'inv-202605-42'],
    ['by_reference', 'reference', '202605'],
    ['by_reference', 'reference', '%_'],
    ['by_reference', 'reference', 'upload'],
    ['by_identifier', 'identifier', 'CC-004'],
    ['by_identifier', 'identifier', '_'],
    ['by_identifier', 'identifier', 'UP-'],
    ['by_identifier', 'identifier', 'nothing'],
  ] as const) {
    const everything = await plain(column, text)
    t.strictSame(
      await search(`${param}=${encodeURIComponent(text)}`),
      { amounts: everything.slice(0, 2), total: everything.length },
      `${param}=${text}: the page and total of a plain ILIKE`,
    )
  }
  t.strictSame(await search('by_reference=inv-202605-42&by_identifier=0042'), { amounts: [1], total: 1 }, 'both boxes at once')

  // an edit's new values are found at once, the old ones no more
  const [bill] = await rows<{ id: number }>(db, sql`SELECT id FROM cloud_bills WHERE amount = 6`)
  const edit = await api('PUT', `/cloud_bills/${bill.id}`, { cloud_bill: { reference: 'INV-EDITED', identifier: 'CC-NEW' } })
  t.equal(edit.status, 200, 'edited')
  t.strictSame(await search('by_reference=edited'), { amounts: [6], total: 1 })
  t.strictSame(await search('by_identifier=cc-new'), { amounts: [6], total: 1 })
  t.strictSame(await search('by_identifier=CC-9'), { amounts: [], total: 0 }, 'the old identifier finds nothing')
  t.strictSame(
    await rows(db, sql`SELECT term FROM cloud_bill_terms WHERE field = 'identifier' AND term LIKE 'cc-%' ORDER BY term`),
    [{ term: 'cc-0042' }, { term: 'cc-0420' }, { term: 'cc-9' }, { term: 'cc-new' }],
    'each value once, lowercased (a value no bill holds stays: it finds nothing)',
  )
})
