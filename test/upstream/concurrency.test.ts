/**
 * Many people at once on the same rows (issue 13 item 3): uploads that run together each land whole
 * or not at all, creates of one unique name leave one row, and edits of one record from the same
 * version leave one winner whose values are whole. On PGlite the statements take turns; on the
 * PostgreSQL pass (DATABASE_URL) they truly overlap, on the upstream's pool of connections.
 */
import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../server/upstream/db/records/rows.js'
import { serveUpstream, TOKEN } from './fixtures/serve.js'

const dataUrl = (text: string) => `data:text/csv;base64,${Buffer.from(text).toString('base64')}`

/** A CSV of `count` bills under one reference; `broken` makes its last row's amount unreadable. */
function billsCsv(reference: string, count: number, broken: boolean): string {
  const lines = ['date,provider,identifier,amount,reference']
  for (let i = 1; i <= count; i++) lines.push(`2024-06-01,aws,${reference}-${i},${broken && i === count ? 'ten' : i},${reference}`)
  return `${lines.join('\n')}\n`
}

t.test('concurrent uploads, creates and edits stay all-or-nothing', async (t) => {
  const { api, url, database } = await serveUpstream(t, { seed: false })

  t.test('eight uploads at once: the four good files whole, nothing of the four broken ones', async (t) => {
    const files = Array.from({ length: 8 }, (_, i) => ({ reference: `CONC-${i}`, broken: i % 2 === 1 }))
    const answers = await Promise.all(
      files.map((f) => api('POST', '/cloud_bills/upload', { cloud_bill: { data: dataUrl(billsCsv(f.reference, 400, f.broken)) } })),
    )
    t.same(
      answers.map((a) => a.status),
      files.map((f) => (f.broken ? 422 : 200)),
    )
    const counts = await rows<{ reference: string; n: number }>(
      database.db,
      sql`SELECT reference, count(*)::int AS n FROM cloud_bills WHERE reference LIKE 'CONC-%' GROUP BY reference ORDER BY reference`,
    )
    t.same(
      counts,
      files.filter((f) => !f.broken).map((f) => ({ reference: f.reference, n: 400 })),
    )
  })

  t.test('twenty creates of one name at once: one row, one 201, the rest a 409 naming the field', async (t) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('POST', '/departments', { name: 'Concurrent', abbreviation: `C${i}` })),
    )
    t.same(answers.map((a) => a.status).sort(), [201, ...Array(19).fill(409)])
    t.same(new Set(answers.filter((a) => a.status === 409).map((a) => Object.keys(a.body.fields ?? {}).join())), new Set(['name']))
    const stored = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM departments WHERE name = 'Concurrent'`)
    t.same(stored, [{ n: 1 }])
  })

  t.test('twenty edits of one record from the same version: one wins whole, the others change nothing', async (t) => {
    const created = await api('POST', '/departments', { name: 'Edited', abbreviation: 'E0' })
    const id = created.body.data.id
    const first = await fetch(`${url}/departments/${id}`, { headers: { authorization: `Bearer ${TOKEN}` } })
    const version = first.headers.get('etag')!
    await first.arrayBuffer()
    const edits = Array.from({ length: 20 }, (_, i) => ({ name: `Edited ${i}`, abbreviation: `E${i}` }))
    const answers = await Promise.all(
      edits.map((edit) =>
        fetch(`${url}/departments/${id}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'if-match': version },
          body: JSON.stringify(edit),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as any })),
      ),
    )
    t.same(answers.map((a) => a.status).sort(), [200, ...Array(19).fill(409)])
    const winner = answers.find((a) => a.status === 200)!.body.data
    const stored = (await api('GET', `/departments/${id}`)).body.data
    t.same([stored.name, stored.abbreviation], [winner.name, winner.abbreviation], 'the stored row is the winner')
    t.ok(
      edits.some((e) => e.name === stored.name && e.abbreviation === stored.abbreviation),
      'and whole: its name and abbreviation come from the same edit',
    )
  })

  t.test('twenty edits with no precondition: the last one stands whole', async (t) => {
    const created = await api('POST', '/departments', { name: 'Unguarded', abbreviation: 'U0' })
    const id = created.body.data.id
    const edits = Array.from({ length: 20 }, (_, i) => ({ name: `Unguarded ${i}`, abbreviation: `U${i}` }))
    const answers = await Promise.all(edits.map((edit) => api('PUT', `/departments/${id}`, edit)))
    t.same(new Set(answers.map((a) => a.status)), new Set([200]))
    const stored = (await api('GET', `/departments/${id}`)).body.data
    t.ok(
      edits.some((e) => e.name === stored.name && e.abbreviation === stored.abbreviation),
      'its name and abbreviation come from the same edit',
    )
  })
})
