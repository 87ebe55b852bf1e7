import { sql } from 'drizzle-orm'
import t from 'tap'
import { changedRecord, type AuditLine as TrailLine } from '../../shared/audit-trail.js'
import { MAX_PAGE_SIZE } from '../../shared/constants.js'
import { rows } from '../../server/upstream/db/records/rows.js'
import { SCRIPT_CLIENTS } from '../../server/idp/clients.js'
import { startPortal } from '../helper.js'
import { automationToken, signedInApi, type ApiAnswer } from '../lib/sign-in.js'

const ALICE = 'alice@ccoe.example'

/**
 * Issue 27 item 7 through the gateway: the change log is the registry model record_changes, so its
 * list, filters, keyset pages and CSV are the generic ones, and who is the identity the gateway
 * passes on (a person's email, a script's client id), never one a client claims.
 */
t.test('auditors list and download who changed a record, through /api', async (t) => {
  let now = new Date('2030-03-01T12:00:00.000Z')
  const portal = await startPortal(t, { clock: () => now })
  const api = await signedInApi(portal.baseUrl)

  const made = await api('POST', 'departments', { department: { name: 'Audit Trail', abbreviation: 'AT' } })
  t.equal(made.status, 201)
  const id = made.json().data.id as number
  t.equal(made.headers.get('location'), null, "the upstream's Location stays between the upstream and the gateway")
  // the create's audit line names the record it made: the trail's link to its history (issue 43 item 3)
  const createLine = portal.audit.find((line) => line.method === 'POST' && line.path === '/api/departments')
  t.same([createLine?.status, createLine?.created], [201, `/api/departments/${id}`])
  t.same(changedRecord(createLine as TrailLine), { model: 'departments', id: String(id) })
  now = new Date('2030-03-02T08:30:00.000Z')
  // a script changes it, and claims to be someone else: the gateway drops the claim
  const token = await automationToken(portal.baseUrl)
  const scripted = await fetch(`${portal.baseUrl}/api/departments/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', uid: 'mallory@ccoe.example' },
    body: JSON.stringify({ abbreviation: 'AUD' }),
  })
  t.equal(scripted.status, 200)

  const query = `by_model=departments&by_record_id=${id}`
  const list = await api('GET', `record_changes?${query}`)
  t.equal(list.status, 200)
  const entries = list.json().data as Record<string, unknown>[]
  t.same(
    entries.map(({ id: _id, ...entry }) => entry),
    [
      {
        changed_at: '2030-03-02T08:30:00.000Z',
        changed_by: SCRIPT_CLIENTS[1].clientId,
        model: 'departments',
        record_id: id,
        action: 'update',
        changes: { abbreviation: { from: 'AT', to: 'AUD' } },
        source: null,
      },
      {
        changed_at: '2030-03-01T12:00:00.000Z',
        changed_by: 'alice@ccoe.example',
        model: 'departments',
        record_id: id,
        action: 'create',
        changes: { name: { from: null, to: 'Audit Trail' }, abbreviation: { from: null, to: 'AT' } },
        source: null,
      },
    ],
  )
  t.equal(list.json().meta.total, 2)

  // a keyset walk, as a script pages a long history
  const first = await api('GET', `record_changes?${query}&per_page=1&count=none`)
  const next = first.json().meta.next as string
  t.type(next, 'string')
  const second = await api('GET', `record_changes?${query}&per_page=1&count=none&after=${encodeURIComponent(next)}`)
  t.same(
    [...first.json().data, ...second.json().data].map((e: { id: number }) => e.id),
    entries.map((e) => e.id),
  )

  const csv = await api('GET', `csv/record_changes?${query}`)
  t.equal(csv.status, 200)
  t.match(csv.headers.get('content-disposition'), /^attachment; filename="record_changes_\d{4}-\d\d-\d\dT[\d:.]+Z\.csv"$/)
  // the changes as the database keeps jsonb: its own key order (shorter keys first), values exact
  t.equal(
    csv.text,
    'changed_at,changed_by,model,record_id,action,changes,source\r\n' +
      `2030-03-02T08:30:00.000Z,ccoe-automation,departments,${id},update,"{""abbreviation"":{""to"":""AUD"",""from"":""AT""}}",\r\n` +
      `2030-03-01T12:00:00.000Z,alice@ccoe.example,departments,${id},create,` +
      `"{""name"":{""to"":""Audit Trail"",""from"":null},""abbreviation"":{""to"":""AT"",""from"":null}}",\r\n`,
  )

  // the trail is read-only: no write to it reaches the upstream
  const [entry] = entries
  t.equal((await api('POST', 'record_changes', { model: 'departments', record_id: id, action: 'delete', changes: {} })).status, 404)
  t.equal((await api('PUT', `record_changes/${entry.id}`, { changed_by: 'nobody' })).status, 404)
  t.equal((await api('DELETE', `record_changes/${entry.id}`)).status, 404)
  t.same((await api('GET', `record_changes/${entry.id}`)).json().data, entry)
})

/**
 * Issue 29 item 3: a bulk action writes one audit line per record it changed, the line a single
 * write to that record has (its method, the record's path, the status), marked with the bulk call;
 * the call keeps its own line. A refused batch changed nothing: its own line alone.
 */
t.test('a bulk action: one audit line per record changed', async (t) => {
  const portal = await startPortal(t)
  const api = await signedInApi(portal.baseUrl)
  const ids: number[] = []
  for (const name of ['Bulk Audit A', 'Bulk Audit B', 'Bulk Audit C']) {
    const made = await api('POST', 'departments', { department: { name } })
    t.equal(made.status, 201)
    ids.push(made.json().data.id as number)
  }
  const { meta } = (await api('GET', 'departments?by_name=Bulk Audit')).json() as { meta: { versions: Record<string, string> } }
  const at = (id: number) => ({ id, version: meta.versions[id] })

  /** the lines of one call (its X-Request-Id) once its own is written, without what varies (time, durationMs, replica) */
  async function linesOf(answer: ApiAnswer) {
    const reqId = answer.headers.get('x-request-id')
    await portal.auditLine((l) => l.reqId === reqId && l.method === 'POST')
    const lines = portal.audit.filter((l) => l.reqId === reqId)
    t.ok(lines.every(({ time, durationMs }) => typeof time === 'string' && typeof durationMs === 'number'))
    return lines.map(({ time: _time, durationMs: _ms, replica: _replica, ...line }) => line)
  }
  /** the bulk call's own line, as every upstream call's */
  const callLine = (answer: ApiAnswer, path: string, body: unknown) => ({
    reqId: answer.headers.get('x-request-id'),
    user: ALICE,
    method: 'POST',
    path,
    status: answer.status,
    bytesIn: Buffer.byteLength(JSON.stringify(body)),
    bytesOut: Buffer.byteLength(answer.text),
  })
  /** a record's line: the single write's method and path, and the bulk call it was part of */
  const recordLine = (answer: ApiAnswer, method: string, id: number, bulk: string) => ({
    reqId: answer.headers.get('x-request-id'),
    user: ALICE,
    method,
    path: `/api/departments/${id}`,
    status: 200,
    bulk,
  })

  const update = { ids: [at(ids[0]), at(ids[1])], set: { abbreviation: 'BA' } }
  const updated = await api('POST', 'departments/bulk_update', update)
  t.same(updated.json(), { data: { count: 2, ids: ids.slice(0, 2) } })
  t.strictSame(await linesOf(updated), [
    ...ids.slice(0, 2).map((id) => recordLine(updated, 'PUT', id, '/api/departments/bulk_update')),
    callLine(updated, '/api/departments/bulk_update', update),
  ])

  // the same rows at the versions read before: refused, nothing changed, the call's line alone
  const stale = await api('POST', 'departments/bulk_update', update)
  t.equal(stale.status, 409)
  t.strictSame(await linesOf(stale), [callLine(stale, '/api/departments/bulk_update', update)])

  // every row matching a filter
  const remove = { filter: { by_name: 'Bulk Audit' }, count: 3 }
  const removed = await api('POST', 'departments/bulk_delete', remove)
  t.same(removed.json(), { data: { count: 3, ids } })
  t.strictSame(await linesOf(removed), [
    ...ids.map((id) => recordLine(removed, 'DELETE', id, '/api/departments/bulk_delete')),
    callLine(removed, '/api/departments/bulk_delete', remove),
  ])

  // more rows matching a filter than a request changes (MAX_PAGE_SIZE): a page per call, `next`
  // leading on, and a line per record in each call
  const many = 2 * MAX_PAGE_SIZE + 500
  await portal.database.db.execute(
    sql`INSERT INTO departments (name) SELECT 'Bulk Many ' || lpad(g::text, 5, '0') FROM generate_series(1, ${many}) g`,
  )
  const manyIds = (
    await rows<{ id: number }>(portal.database.db, sql`SELECT id FROM departments WHERE name LIKE 'Bulk Many %' ORDER BY id`)
  ).map((r) => Number(r.id))
  let left = many
  let after: number | undefined
  for (let start = 0; start < many; start += MAX_PAGE_SIZE) {
    const body = { filter: { by_name: 'Bulk Many' }, count: left, ...(after && { after }) }
    const pageIds = manyIds.slice(start, start + MAX_PAGE_SIZE)
    const removedMany = await api('POST', 'departments/bulk_delete', body)
    after = left > MAX_PAGE_SIZE ? pageIds.at(-1) : undefined
    t.same(removedMany.json(), { data: { count: pageIds.length, ids: pageIds, ...(after && { next: after }) } })
    t.strictSame(await linesOf(removedMany), [
      ...pageIds.map((id) => recordLine(removedMany, 'DELETE', id, '/api/departments/bulk_delete')),
      callLine(removedMany, '/api/departments/bulk_delete', body),
    ])
    left -= pageIds.length
  }
  t.equal(left, 0, 'every row, a page per call')
})
