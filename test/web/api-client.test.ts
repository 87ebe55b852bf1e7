/**
 * One HTTP client (issue 40 item 4): an upload whose progress a bar shows goes by XMLHttpRequest,
 * every other request by fetch, and both are answered the same way: a refusal is an ApiError with
 * the answer's status and fields, a lost connection an ApiError of status 0. Browser globals are
 * stood in for: an XMLHttpRequest that answers as told, and fetch.
 */
import t from 'tap'
import { ApiError, apiRequest, apiUpload } from '../../web/src/lib/api-client.js'

interface Told {
  status: number
  body: string
}

let told: Told | 'network' = { status: 200, body: '' }
const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = []

/** An XMLHttpRequest that reports half the body, then all of it, then answers as `told`. */
class TellingXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  status = 0
  responseText = ''
  private request = { method: '', url: '', headers: {} as Record<string, string> }

  open(method: string, url: string) {
    Object.assign(this.request, { method, url })
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value
  }
  getResponseHeader() {
    return null
  }
  send(body: unknown) {
    sent.push({ ...this.request, body })
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 })
      this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 })
      if (told === 'network') return this.onerror?.()
      this.status = told.status
      this.responseText = told.body
      this.onload?.()
    })
  }
}

const original = { fetch: globalThis.fetch, xhr: Reflect.get(globalThis, 'XMLHttpRequest') as unknown }
Reflect.set(globalThis, 'XMLHttpRequest', TellingXhr)
globalThis.fetch = async () => {
  if (told === 'network') throw new TypeError('Failed to fetch')
  return new Response(told.body || null, { status: told.status })
}
t.teardown(() => {
  globalThis.fetch = original.fetch
  Reflect.set(globalThis, 'XMLHttpRequest', original.xhr)
})

const form = () => {
  const data = new FormData()
  data.set('file', new Blob(['a,b\n']), 'bills.csv')
  return data
}

/** What a request threw, as the fields a screen reads. */
async function refusal(request: () => Promise<unknown>) {
  try {
    await request()
  } catch (err) {
    if (!(err instanceof ApiError)) return { thrown: String(err) }
    return { status: err.status, message: err.message, info: err.info }
  }
  return 'answered'
}

const byFetch = () => apiRequest('POST', '/api/upload/cloud_bills', form())
const byXhr = () => apiUpload('/api/upload/cloud_bills', form(), () => {})

t.test('an upload with a progress bar: its answer, the progress, what was sent', async (t) => {
  told = { status: 200, body: '{"data":{"inserted":2}}' }
  sent.length = 0
  const fractions: number[] = []
  t.strictSame(await apiUpload('/api/upload/cloud_bills?dry_run=true', form(), (f) => fractions.push(f)), { data: { inserted: 2 } })
  t.strictSame(fractions, [0.5, 1])
  t.equal(sent.length, 1)
  t.strictSame(
    { ...sent[0], body: sent[0].body instanceof FormData },
    {
      method: 'POST',
      url: '/api/upload/cloud_bills?dry_run=true',
      headers: { Accept: 'application/json' },
      body: true,
    },
  )
})

t.test('a refusal is the same ApiError by XHR as by fetch: its status, its text and its fields', async (t) => {
  const answers: [string, Told | 'network', unknown][] = [
    [
      'a refused field',
      { status: 422, body: '{"error":"Date is not a date","statusCode":422,"fields":{"date":"Date is not a date"}}' },
      {
        status: 422,
        message: 'Date is not a date',
        info: { error: 'Date is not a date', statusCode: 422, fields: { date: 'Date is not a date' } },
      },
    ],
    [
      'an ended session',
      { status: 401, body: '{"error":"Unauthorized","statusCode":401}' },
      { status: 401, message: 'Unauthorized', info: { error: 'Unauthorized', statusCode: 401 } },
    ],
    [
      'an answer without JSON',
      { status: 502, body: 'Bad Gateway' },
      { status: 502, message: 'Request failed with status 502', info: undefined },
    ],
  ]
  for (const [what, answer, expected] of answers) {
    told = answer
    t.strictSame(await refusal(byXhr), expected, `${what}: XHR`)
    t.strictSame(await refusal(byFetch), expected, `${what}: fetch`)
  }
  told = 'network'
  t.strictSame(await refusal(byXhr), { status: 0, message: 'Network error: the upload did not complete', info: undefined })
  t.strictSame(await refusal(byFetch), { status: 0, message: 'Network error: Failed to fetch', info: undefined })
})
