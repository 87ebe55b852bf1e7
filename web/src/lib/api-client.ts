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

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined
  const text = await res.text()
  if (!text) return undefined
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

/**
 * A JSON body, or a FormData (multipart uploads: the browser sets its own Content-Type). `init`:
 * keepalive for a request that must go out as the page goes away.
 */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  init: Pick<RequestInit, 'keepalive'> = {},
): Promise<T> {
  let res: Response
  const form = body instanceof FormData
  try {
    res = await fetch(url, {
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
  } catch (err) {
    throw new ApiError(0, undefined, `Network error: ${(err as Error).message}`)
  }
  const payload = await readBody(res)
  const etag = res.headers.get('etag')
  if (res.ok && etag && method !== 'POST') versions.set(url, etag)
  // a 201's ETag is the created record's (RFC 9110 §8.8.3), and the record lives at <collection>/<id>
  const created = res.status === 201 && etag ? (payload as { data?: { id?: unknown } } | undefined)?.data?.id : undefined
  if (etag && (typeof created === 'number' || typeof created === 'string')) versions.set(`${url}/${encodeURIComponent(created)}`, etag)
  if (res.ok && method === 'DELETE') versions.delete(url)
  // a list names each row's version: its inline writes send it as a record's own read would
  const listed =
    res.ok && method === 'GET' ? (payload as { meta?: { versions?: Record<string, string> } } | undefined)?.meta?.versions : undefined
  if (listed) for (const [id, version] of Object.entries(listed)) versions.set(`${url.split('?')[0]}/${id}`, `W/"${version}"`)
  if (!res.ok) {
    // the session ended (reads and writes alike): re-check it, so the auth guard sends the person to sign in
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
