import { ErrorSchema } from '../../shared/schemas/common.js'

/**
 * What every operation of the OpenAPI document (openapi.ts) has beside its path: an operationId a
 * generated client makes a method of, and the refusals it can answer, all in the one error shape.
 */

export const json = (schema: unknown) => ({ 'application/json': { schema } })
const ERROR = { $ref: '#/components/schemas/Error' }

/**
 * The refusals an operation may answer, each one response of components with the one Error schema.
 * 403 is on every operation: the role a call needs and a script's scopes are checked before it is
 * forwarded, and a browser's state change from another site is refused (plugins/csrf.ts).
 */
const REFUSALS = {
  400: {
    name: 'BadRequest',
    description: 'A parameter or body field is malformed (missing, unknown, of the wrong type, too long): `fields` names each',
  },
  401: { name: 'Unauthorized', description: 'No session cookie, and no valid bearer token' },
  403: {
    name: 'Forbidden',
    description: "The caller's role or the token's scopes do not allow this call, or a browser sent a change from another site",
  },
  404: { name: 'NotFound', description: 'No record has this id' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the gateway takes' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of the media type described' },
  422: {
    name: 'UnprocessableContent',
    description:
      'A well-formed value the portal cannot use (an address that is not an email, a lookup naming no record): `fields` names each',
  },
} as const

/** What an operation takes, and so what it can be refused for. */
interface Takes {
  /** path or query parameters (checked: 400) */
  params?: boolean
  /** a body (checked: 400, 422; the gateway's size and type limits: 413, 415) */
  body?: boolean
  /** an id in its path (404) */
  byId?: boolean
  /** when it answers 409 */
  conflict?: string
  /** served without a session or token (never a 401) */
  public?: boolean
}

/** The success answer, then each refusal the operation can give, in status order. */
export function responses(ok: string, content: unknown, takes: Takes, okText = 'OK') {
  const codes = [
    ...(takes.params || takes.body ? [400] : []),
    ...(takes.public ? [] : [401]),
    403,
    ...(takes.byId ? [404] : []),
    ...(takes.body ? [413, 415, 422] : []),
  ] as (keyof typeof REFUSALS)[]
  const refusals: [string, unknown][] = codes.map((code) => [String(code), { $ref: `#/components/responses/${REFUSALS[code].name}` }])
  if (takes.conflict) refusals.push(['409', { description: takes.conflict, content: json(ERROR) }])
  return Object.fromEntries([[ok, { description: okText, content }], ...refusals.sort(([a], [b]) => a.localeCompare(b))])
}

/** `cost_centers` → `CostCenters`; `sendReport` → `SendReport`. */
export const pascal = (name: string) => name.replace(/(?:^|_)([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/**
 * A model's operationIds, from its registry key alone, so they never change while the key does not:
 * `listCostCenters`, `getCostCenter`, … (one record: the key less its plural ending, which holds for
 * every key of the registry; the test keeps them unique).
 */
export function operationIds(key: string) {
  const all = pascal(key)
  const one = pascal(key.replace(/ies$/, 'y').replace(/s$/, ''))
  return { list: `list${all}`, get: `get${one}`, create: `create${one}`, update: `update${one}`, delete: `delete${one}`, csv: `csv${all}` }
}

/** The one Error schema, and the refusals every operation shares, for the document's components. */
export function errorComponents() {
  return {
    schemas: { Error: ErrorSchema },
    responses: Object.fromEntries(Object.values(REFUSALS).map(({ name, description }) => [name, { description, content: json(ERROR) }])),
  }
}
