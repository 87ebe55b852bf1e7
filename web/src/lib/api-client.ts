/**
 * The web's only HTTP client. Same origin: the gateway serves this build and proxies `/api/*` to the
 * upstream, which the browser never sees. The session is an HttpOnly cookie; no token lives here.
 *
 * The upstream's dialect (spec 001 §7), for every registry model at `/api/<resource.path>`:
 *   list    GET    /api/departments?page=1&per_page=25&sort=name&by_name=foo
 *           (sort `-name` is descending; filter values 'All' or empty are left out of the query)
 *           → 200 {"data":[...],"meta":{"total":N,"page":1,"per_page":25}}
 *   read    GET    /api/departments/:id            → 200 {"data":{...}}
 *   create  POST   /api/departments     {"department":{...}}  (the body key is resource.bodyKey)
 *                                                   → 201 {"data":{...}}
 *   update  PUT    /api/departments/:id {"department":{...}}  → 200 {"data":{...}}
 *   delete  DELETE /api/departments/:id            → 200/204
 *   errors  any status ≥ 400 → {"error":"message","statusCode":N[, "fields":{...}]}
 *   upload  POST   /api/upload/<target>  multipart (apiRequest with a FormData; apiUpload when a bar
 *           shows the file going, by XMLHttpRequest): answered, versioned and refused as the rest
 *
 * Unsafe requests send `Content-Type: application/json`; the gateway checks Origin/Sec-Fetch-Site
 * (which the browser adds itself) against CSRF. `GET /api/session` → {"email","name"} or 401;
 * `GET /api/session?check=1` (the web's) → {"email","name"} or {"signedIn":false}.
 */
import { mutate } from 'swr'
import type { ErrorBody } from '../../../shared/schemas/common.js'
import { paths } from '../config/paths.js'

/** Thrown for every failed request: `status` is the HTTP status (0 for a network failure). */
export class ApiError extends Error {
  readonly status: number
  readonly info: Partial<ErrorBody> | undefined

  constructor(status: number, info: Partial<ErrorBody> | undefined, fallback: string) {
    super(info?.error || fallback)
    this.name = 'ApiError'
    this.status = status
    this.info = info
  }
}

/** An answer as both ways of sending read it: its status, its ETag and its text. */
interface Answer {
  status: number
  etag: string | null
  text: string
}

function parse(status: number, text: string): unknown {
  if (status === 204 || !text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The version (ETag) of each record this tab last read or wrote, by its URL: writes send it back as
 * `If-Match`, so a save over someone else's newer change is refused (409) instead of lost.
 */
const versions = new Map<string, string>()

/** The version this tab holds of the record at `url`, if it read one. */
export function recordVersion(url: string): string | undefined {
  return versions.get(url)
}

/** How much of a body has gone, from 0 to 1. */
type Progress = (fraction: number) => void

/** XMLHttpRequest, for an upload whose progress a bar shows: fetch cannot tell how much of a body has gone. */
function sendWithProgress(url: string, form: FormData, onProgress: Progress): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onerror = () => reject(new Error('the upload did not complete'))
    xhr.onload = () => resolve({ status: xhr.status, etag: xhr.getResponseHeader('etag'), text: xhr.responseText })
    xhr.send(form)
  })
}

/**
 * A JSON body, or a FormData (multipart uploads: the browser sets its own Content-Type). `init`:
 * keepalive for a request that must go out as the page goes away.
 */
export function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  init: Pick<RequestInit, 'keepalive'> = {},
): Promise<T> {
  return answered<T>(method, url, async () => {
    const form = body instanceof FormData
    const res = await fetch(url, {
      ...init,
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    })
    return { status: res.status, etag: res.headers.get('etag'), text: await res.text() }
  })
}

/** A multipart POST whose progress `onProgress` follows (a bar under the file); answered as any other request. */
export function apiUpload<T>(url: string, form: FormData, onProgress: Progress): Promise<T> {
  return answered<T>('POST', url, () => sendWithProgress(url, form, onProgress))
}

/**
 * What every request's answer does, however it was sent: the versions it names are kept, a 401
 * re-checks the session, and a failure is thrown as an ApiError with the answer's status and fields.
 */
async function answered<T>(method: string, url: string, send: () => Promise<Answer>): Promise<T> {
  let res: Answer
  try {
    res = await send()
  } catch (err) {
    throw new ApiError(0, undefined, `Network error: ${(err as Error).message}`)
  }
  const ok = res.status >= 200 && res.status < 300
  const payload = parse(res.status, res.text)
  const etag = res.etag
  if (ok && etag && method !== 'POST') versions.set(url, etag)
  // a 201's ETag is the created record's (RFC 9110 §8.8.3), and the record lives at <collection>/<id>
  const created = res.status === 201 && etag ? (payload as { data?: { id?: unknown } } | undefined)?.data?.id : undefined
  if (etag && (typeof created === 'number' || typeof created === 'string')) versions.set(`${url}/${encodeURIComponent(created)}`, etag)
  if (ok && method === 'DELETE') versions.delete(url)
  // a list names each row's version: its inline writes send it as a record's own read would
  const listed =
    ok && method === 'GET' ? (payload as { meta?: { versions?: Record<string, string> } } | undefined)?.meta?.versions : undefined
  if (listed) for (const [id, version] of Object.entries(listed)) versions.set(`${url.split('?')[0]}/${id}`, `W/"${version}"`)
  if (!ok) {
    // the session ended (reads, writes and uploads alike): re-check it, so the auth guard sends the person to sign in
    if (res.status === 401) void mutate(paths.api.sessionCheck.getHref())
    const info = payload && typeof payload === 'object' ? (payload as Partial<ErrorBody>) : undefined
    throw new ApiError(res.status, info, `Request failed with status ${res.status}`)
  }
  return payload as T
}

/** The one SWR fetcher (keys are same-origin URLs). */
export const fetcher = <T>(url: string): Promise<T> => apiRequest<T>('GET', url)

/**
 * A failed read or call, in the console (spec 000 §8: some failures are only logged there): a refusal
 * the server answered (4xx) is one line, for it is no fault of the page; a network failure or a 5xx
 * is an error, with its stack.
 */
export function logFailure(what: string, err: unknown): void {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) console.info(`[api] ${what}: ${err.status} ${err.message}`)
  else console.error(`[api] ${what}:`, err)
}

/** A readable text for a toast, whatever was thrown. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message
  return String(err)
}
