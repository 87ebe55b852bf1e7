import { sql } from 'drizzle-orm'
import t from 'tap'
import { rows } from '../../../../server/upstream/db/records/rows.js'
import { serveUpstream, TOKEN } from '../../fixtures/serve.js'

/** Issue 12 item 3: every record answers its version; a stale If-Match is refused and writes nothing. */
t.test('ETag on every single-record answer, If-Match checked on PUT and DELETE', async (t) => {
  const { url, database } = await serveUpstream(t)
  async function call(method: string, path: string, body?: unknown, ifMatch?: string) {
    const response = await fetch(url + path, {
      method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(ifMatch !== undefined && { 'if-match': ifMatch }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return {
      status: response.status,
      etag: response.headers.get('etag'),
      location: response.headers.get('location'),
      body: text ? JSON.parse(text) : undefined,
    }
  }
  const stored = async (id: number) => (await rows(database.db, sql`SELECT code, country, aws_gl FROM companies WHERE id = ${id}`))[0]

  const made = await call('POST', '/companies', { company: { code: 'C100', country: 'Germany' } })
  t.equal(made.status, 201)
  t.match(made.etag, /^W\/"[0-9a-f]{32}"$/, 'a created record carries its version')
  const id = made.body.data.id as number
  t.equal(made.location, `/companies/${id}`, 'and where it is (Location)')

  const read = await call('GET', `/companies/${id}`)
  t.equal(read.status, 200)
  t.equal(read.etag, made.etag, 'the same row, the same version')

  // person A saves with the version they loaded
  const first = await call('PUT', `/companies/${id}`, { company: { country: 'France' } }, read.etag!)
  t.equal(first.status, 200)
  t.not(first.etag, read.etag, 'a write makes a new version')
  t.same(await stored(id), { code: 'C100', country: 'France', aws_gl: null })

  // person B still holds the old version: refused, nothing written
  const second = await call('PUT', `/companies/${id}`, { company: { country: 'Spain', aws_gl: '999' } }, read.etag!)
  t.equal(second.status, 409)
  t.match(second.body.error, /Company was changed by someone else since you loaded it/)
  t.same(await stored(id), { code: 'C100', country: 'France', aws_gl: null }, 'the stale save changed nothing')

  // the same refusal with a strong tag and with a list that does not name the version
  t.equal((await call('PUT', `/companies/${id}`, { company: { country: 'X' } }, read.etag!.slice(2))).status, 409)
  t.equal((await call('PUT', `/companies/${id}`, { company: {} }, '"nope", W/"other"')).status, 409, 'even an empty change')
  t.equal((await call('DELETE', `/companies/${id}`, undefined, read.etag!)).status, 409)
  t.same(await stored(id), { code: 'C100', country: 'France', aws_gl: null }, 'the stale delete deleted nothing')

  // after a reload the save goes through; the answer's ETag is the version GET gives next
  const reloaded = await call('GET', `/companies/${id}`)
  t.equal(reloaded.etag, first.etag)
  const third = await call('PUT', `/companies/${id}`, { company: { aws_gl: '999' } }, `"nope", ${reloaded.etag}`)
  t.equal(third.status, 200)
  t.same(third.body.data.aws_gl, '999')
  t.equal((await call('GET', `/companies/${id}`)).etag, third.etag)

  // a script sends no precondition (or *): writes as before
  const script = await call('PUT', `/companies/${id}`, { company: { country: 'Italy' } })
  t.equal(script.status, 200)
  t.equal((await call('PUT', `/companies/${id}`, { company: { country: 'Malta' } }, '*')).status, 200)
  t.same(await stored(id), { code: 'C100', country: 'Malta', aws_gl: '999' })

  // a missing record stays a 404, with or without If-Match
  t.equal((await call('PUT', '/companies/999999', { company: { country: 'X' } }, read.etag!)).status, 404)
  t.equal((await call('DELETE', '/companies/999999', undefined, read.etag!)).status, 404)

  // delete with the fresh version
  const current = await call('GET', `/companies/${id}`)
  t.equal((await call('DELETE', `/companies/${id}`, undefined, current.etag!)).status, 200)
  t.equal(await stored(id), undefined)
})
