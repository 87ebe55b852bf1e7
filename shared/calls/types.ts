/**
 * The vocabulary of a special call: a call of spec §7 beyond a model's CRUD (reports, uploads,
 * invoices, the directory, account requests, the member self-service, dashboards). Each is declared
 * once, in the file of its domain here; the gateway's allowlist, upload targets and OpenAPI document,
 * the web's API paths and the upstream's routes are derived from that one declaration.
 */
import type { TSchema } from '@sinclair/typebox'
import type { CallRole, Scope } from '../roles.js'
import type { ResourceKey } from '../resources/index.js'

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * A call that carries a file: the gateway's multipart route POST /api/upload/<target> turns the file
 * into this call's base64 JSON body (spec 001 §7).
 */
export interface UploadDef {
  /** the `<target>` of /api/upload/<target>: the registry model the file loads */
  target: ResourceKey
  /** the body's outer key: {"<bodyKey>": {...}} */
  bodyKey: string
  /** the inner key that carries the file */
  fileKey: string
  /** 'base64': the bare base64 text; 'dataUrl': data:<mime>;base64,<text> */
  encoding: 'base64' | 'dataUrl'
  /** also send `email`: the form's email field, else the signed-in user's */
  withEmail?: boolean
  /** accepted file name endings (lower case); unset: any */
  extensions?: readonly string[]
  /** the 422 message for another ending */
  extensionMessage?: string
  /**
   * form fields that travel beside the file as {"<key>":{…}}: a checkbox (true when sent as 'true',
   * else false) or one of some choices (required)
   */
  input?: { key: string; fields: Readonly<Record<string, 'boolean' | readonly string[]>> }
}

interface CallBase {
  method: CallMethod
  /** the upstream's path, without leading slash; `:<name>` is a numeric id (`dcoe/members/:id/credential`) */
  path: string
  /** what it does, one line for /api/docs */
  summary: string
  /** what a script author must know beyond the summary (who gets the email, what is refused) */
  description?: string
  /** the JSON body; 'none' for a POST that takes no payload (none, or `{}`); unset: a JSON object the route checks */
  body?: TSchema | 'none'
  /** the query string's parameters */
  query?: TSchema
  /** the success answer; unset: a JSON object */
  answer?: TSchema
  /** the success status @default 200 */
  status?: 200 | 201
  /** a script's token needs this scope; unset: `read` for a GET, else `write` (shared/access.ts) */
  scope?: Scope
  /** refusals of its own, beyond those of its body and id, described for script authors (/api/docs) */
  refusals?: { 404?: string; 409?: string; 429?: string }
  /** a report emailed to an address of the body ([outer key, field]): only to the allowed domains */
  recipient?: Recipient
  upload?: UploadDef
}

export interface Recipient {
  at: readonly [string, string]
  /** only to the signed-in person's own address (the database backup) */
  ownOnly?: true
  /** a body that names no address: the report goes to the signed-in person's own */
  orCaller?: true
  /**
   * the report goes to owners the upstream finds (each cost center owner), not to an address the
   * caller chooses: `at` names one owner, or none for every owner, and the answer names in
   * `data.recipients` who was mailed. The gateway sends its allowed domains along, at
   * [outer, 'allowed_domains'], for the upstream to skip owners outside them; a person below the
   * role `others` names only their own address.
   */
  owners?: { others: CallRole }
}

/**
 * A call either names the least role a person needs (the gateway refuses the others with a 403), or
 * is public: reachable without signing in, served by the gateway's self-service plugin, which
 * checks the member's link instead.
 */
export type CallDef = (CallBase & { role: CallRole; public?: never }) | (CallBase & { public: true; role?: never })

/**
 * The calls of one domain. `model` is the registry model they belong to: an upstream that does not
 * serve that model (a test's) does not route them; unset: the calls belong to no model.
 */
export interface CallDomain {
  model?: ResourceKey
  calls: Readonly<Record<string, CallDef>>
}
