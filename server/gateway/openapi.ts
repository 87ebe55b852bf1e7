import { MAX_PAGE_SIZE } from '../../shared/constants.js'
import { RESOURCES, queryFilters, type ResourceDef } from '../../shared/resources/index.js'
import { resourceAnswerSchemas } from '../../shared/schemas/resource-answer.js'
import { INT4_MAX, resourceBodySchemas } from '../../shared/schemas/resource-body.js'
import { callPermission, MODEL_PERMISSIONS, type Permission } from '../../shared/access.js'
import { ROLES, SCOPES } from '../../shared/roles.js'
import { BulkAnswerSchema, bulkBodySchema, CALL_LIST, type BulkAction, type DeclaredCall } from '../../shared/calls/index.js'
import { modelRoutes, type AllowedRoute } from './allowlist.js'
import { errorComponents, json, operationIds, pascal, responses } from './openapi-operations.js'
import { UPLOAD_TARGETS, type UploadTarget } from './upload-targets.js'

type Operation = Record<string, unknown>
type PathItem = Record<string, Operation>

/** An answer or body no schema declares: any JSON object (typed clients read it as a map, not as `{}`). */
const ANY_OBJECT = { type: 'object', additionalProperties: true }
const SESSION_ANSWER = {
  type: 'object',
  required: ['email', 'name', 'role', 'permits'],
  properties: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { description: "what the IdP's groups made of the person; null: no access, or a script", enum: [...ROLES, null] },
    scopes: { description: "a script's: the scopes of its token", type: 'array', items: { enum: [...SCOPES] } },
    permits: {
      type: 'object',
      description: 'what the role may do: per model its operations, and the declared calls by domain.name',
      required: ['models', 'calls'],
      properties: {
        models: { type: 'object', additionalProperties: { type: 'array', items: { enum: ['read', 'create', 'update', 'delete'] } } },
        calls: { type: 'array', items: { type: 'string' } },
      },
    },
  },
}

/** GET /api/session?check=1 when nobody is signed in */
const SIGNED_OUT_ANSWER = {
  type: 'object',
  required: ['signedIn'],
  properties: { signedIn: { const: false }, signIn: { description: 'the IdP ended the session', const: 'session-ended' } },
}

/** Who may make a call (shared/access.ts), in its description and as extensions a tool can read. */
function needing(permission: Permission, operation: Operation): Operation {
  const needs = `Needs the ${permission.role} role; a script's token, the \`${permission.scope}\` scope.`
  const description = typeof operation.description === 'string' ? `${operation.description}\n\n${needs}` : needs
  return { ...operation, description, 'x-role': permission.role, 'x-scope': permission.scope }
}

/** The CSV's file name, and a subset's own (`by_owner_terminated=true` → its prefix). */
const csvFileText = (csv: NonNullable<ResourceDef['csv']>) =>
  [
    `text/csv, file ${csv.prefix}_<ISO timestamp>.csv`,
    ...(csv.subsets ?? []).map((s) => `with ${s.param}=${s.value}: ${s.prefix}_<ISO timestamp>.csv`),
  ].join('; ')

/** `cost_centers/:id` → `/api/cost_centers/{id}`: the gateway's path in OpenAPI's template syntax. */
export function apiPathOf(path: string): string {
  return `/api/${path.replace(/:(\w+)/g, '{$1}')}`
}

// ids the allowlist forwards and the upstream's id schema takes (a larger one is a 400)
const idParameters = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'integer', minimum: 1, maximum: INT4_MAX },
  }))

/** RFC 9110 If-Match on a record's PUT and DELETE: the version read (its ETag); without it the write is unconditional. */
const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  description: "The record's ETag as read: a record changed since is not written (409)",
  schema: { type: 'string' },
}

/** A TypeBox object's properties as query parameters. */
function queryParameters(schema: unknown) {
  const { properties = {}, required = [] } = schema as { properties?: Record<string, unknown>; required?: string[] }
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.includes(name), schema: property }))
}

/** What a list filter's value means, by its kind; any other kind is an exact match. */
const FILTER_MEANINGS: Partial<Record<string, string>> = {
  text: 'contains (any case)',
  from: 'on or after this day (yyyy-MM-dd)',
  until: 'on or before this day (yyyy-MM-dd)',
}

/** The names a list's `fields=` takes: its readable fields, and a compared model's `mismatches`. */
const sparseFields = (resource: ResourceDef) => [
  ...resource.fields.filter((f) => !f.writeOnly).map((f) => f.name),
  ...(resource.comparison ? ['mismatches'] : []),
]

function listParameters(resource: ResourceDef) {
  const query = (name: string, description: string, schema: unknown) => ({ name, in: 'query', description, schema })
  return [
    query('page', 'Page number, from 1', { type: 'integer', minimum: 1, default: 1 }),
    query('per_page', 'Rows per page', { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 25 }),
    query('sort', `A field; '-' before it for descending (default ${resource.defaultSort})`, { type: 'string' }),
    query('after', "A page's meta.next: the rows after it (keyset paging)", { type: 'string' }),
    query('count', "'none' leaves out meta.total", { type: 'string', enum: ['exact', 'none'] }),
    query(
      'fields',
      'Sparse fields: a comma-separated list of fields, and each row carries only these and `id` (meta is the same); ' +
        `an unknown one is a 400 naming \`fields\`. Any of: ${sparseFields(resource).join(', ')}`,
      { type: 'string' },
    ),
    ...queryFilters(resource).map((f) =>
      query(f.param, `${f.label} ${FILTER_MEANINGS[f.kind] ?? 'equals'}`, {
        type: 'string',
        ...('options' in f && f.options ? { enum: f.options } : {}),
      }),
    ),
  ]
}

function crudOperation(resource: ResourceDef, route: AllowedRoute): Operation {
  const tags = [resource.key]
  const ids = operationIds(resource.key)
  const answers = resourceAnswerSchemas(resource)
  const bodies = resourceBodySchemas(resource)
  if (route.path === resource.path && route.method === 'GET') {
    return {
      operationId: ids.list,
      tags,
      summary: `List ${resource.key}`,
      parameters: listParameters(resource),
      responses: responses('200', json(answers.list), { params: true }),
    }
  }
  if (route.path === resource.path) {
    return {
      operationId: ids.create,
      tags,
      summary: `Create one of ${resource.key}`,
      requestBody: { required: true, content: json(bodies.create) },
      responses: responses('201', json(answers.record), { body: true, conflict: 'A unique value another record already has' }),
    }
  }
  if (route.bulk) return bulkOperation(resource, route.bulk)
  const parameters = idParameters(route.path)
  if (route.method === 'GET') {
    return {
      operationId: ids.get,
      tags,
      summary: `Read one of ${resource.key}`,
      parameters,
      responses: responses('200', json(answers.record), { params: true, byId: true }),
    }
  }
  if (route.method === 'PUT') {
    return {
      operationId: ids.update,
      tags,
      summary: `Update one of ${resource.key} (the fields sent)`,
      parameters: [...parameters, IF_MATCH],
      requestBody: { required: true, content: json(bodies.update) },
      responses: responses('200', json(answers.record), {
        body: true,
        byId: true,
        conflict: 'A unique value another record already has, or If-Match names a version the record no longer has',
      }),
    }
  }
  return {
    operationId: ids.delete,
    tags,
    summary: `Delete one of ${resource.key}`,
    parameters: [...parameters, IF_MATCH],
    responses: responses('200', json(answers.deleted), {
      params: true,
      byId: true,
      conflict: 'Other records still refer to it, or If-Match names a version the record no longer has',
    }),
  }
}

/** POST /<path>/bulk_delete and bulk_update (shared/calls/bulk.ts). */
function bulkOperation(resource: ResourceDef, action: BulkAction): Operation {
  return {
    operationId: `bulk${pascal(action)}${pascal(resource.key)}`,
    tags: [resource.key],
    summary:
      action === 'delete'
        ? `Delete many of ${resource.key}: rows with their versions, or every row matching filters (all or nothing)`
        : `Set one field on many of ${resource.key}: rows with their versions, or every row matching filters (all or nothing)`,
    requestBody: { required: true, content: json(bulkBodySchema(action)) },
    responses: responses('200', json(BulkAnswerSchema), {
      body: true,
      notFound: 'An id names no record (the message names it)',
      conflict: "A row changed since it was read, or the filter's count differs (the message names them); nothing was written",
    }),
  }
}

/** A special call of spec §7 (reports, uploads, triggers), as shared/calls declares it. */
function callOperation({ domain, name, model, call }: DeclaredCall): Operation {
  // unset: a JSON object the route checks itself; 'none': a POST that takes no payload
  const body = call.body ?? (call.method === 'GET' ? undefined : ANY_OBJECT)
  const parameters = [...idParameters(call.path), ...(call.query ? queryParameters(call.query) : [])]
  return {
    operationId: `${domain}${pascal(name)}`,
    tags: [model ?? domain],
    summary: call.summary,
    ...(call.description && { description: call.description }),
    parameters,
    ...(body && body !== 'none' && { requestBody: { required: call.body !== undefined, content: json(body) } }),
    responses: responses(String(call.status ?? 200), json(call.answer ?? ANY_OBJECT), {
      params: parameters.length > 0,
      body: body !== undefined && body !== 'none',
      byId: /:\w+/.test(call.path),
      // the self-service plugin checks the member's link instead of a session: never a 401
      public: call.public,
      notFound: call.refusals?.[404],
      conflict: call.refusals?.[409],
      limited: call.refusals?.[429],
    }),
    ...(call.public && { security: [] }),
  }
}

/** The multipart form of POST /api/upload/<target>: the file, and the fields the call takes beside it. */
function uploadForm(upload: UploadTarget) {
  const fields = Object.entries(upload.input?.fields ?? {})
  return {
    type: 'object',
    required: ['file', ...fields.flatMap(([name, kind]) => (kind === 'boolean' ? [] : [name]))],
    properties: {
      file: { type: 'string', format: 'binary' },
      ...Object.fromEntries(
        fields.map(([name, kind]) => [
          name,
          kind === 'boolean' ? { type: 'string', enum: ['true', 'false'] } : { type: 'string', enum: [...kind] },
        ]),
      ),
    },
  }
}

/**
 * The OpenAPI 3.1 description of `/api` for script authors, built from the registry's CRUD and the
 * calls of shared/calls, as the proxy's allowlist is (so it can describe nothing the gateway
 * refuses, and leave out nothing it forwards), plus the gateway's own CSV, upload, self-service and
 * session routes. Every operation has an operationId derived from its model or call (stable across
 * releases, so generated clients keep their method names) and the refusals it can answer.
 */
export function openApiDocument(version: string) {
  const paths: Record<string, PathItem> = {}
  const add = (path: string, method: string, operation: Operation) => {
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation }
  }
  for (const resource of RESOURCES) {
    for (const route of modelRoutes(resource))
      add(apiPathOf(route.path), route.method, needing(route.permission, crudOperation(resource, route)))
    if (resource.csv) {
      add(
        `/api/csv/${resource.key}`,
        'GET',
        needing(MODEL_PERMISSIONS.read, {
          operationId: operationIds(resource.key).csv,
          tags: [resource.key],
          summary: `The whole filtered list of ${resource.key} as CSV (streamed)`,
          parameters: [
            ...listParameters(resource).filter((p) => !['page', 'per_page', 'after', 'count', 'fields'].includes(p.name)),
            {
              name: 'bom',
              in: 'query',
              description: "1: the file starts with a UTF-8 byte-order mark, so Excel reads 'Ü' as 'Ü' (the web's downloads ask for it)",
              schema: { type: 'string', enum: ['1'] },
            },
          ],
          responses: responses('200', { 'text/csv': { schema: { type: 'string' } } }, { params: true }, csvFileText(resource.csv)),
        }),
      )
    }
  }
  for (const declared of CALL_LIST) {
    const operation = callOperation(declared)
    add(
      apiPathOf(declared.call.path),
      declared.call.method,
      declared.call.public ? operation : needing(callPermission(declared.call), operation),
    )
  }
  for (const [target, upload] of Object.entries(UPLOAD_TARGETS)) {
    add(
      `/api/upload/${target}`,
      'POST',
      needing(upload.permission, {
        operationId: `upload${pascal(target)}`,
        tags: [target],
        summary: `Upload a file (${upload.extensions?.join(', ') ?? 'any type'}); the gateway sends it on as ${upload.encoding}`,
        ...(upload.query && { parameters: queryParameters(upload.query) }),
        requestBody: { required: true, content: { 'multipart/form-data': { schema: uploadForm(upload) } } },
        responses: responses('200', json(ANY_OBJECT), { body: true, params: upload.query !== undefined }),
      }),
    )
  }
  add('/api/session', 'GET', {
    operationId: 'getSession',
    tags: ['session'],
    summary: 'Who is signed in',
    parameters: [
      {
        name: 'check',
        in: 'query',
        description:
          "1: nobody signed in is an answer, 200 {signedIn: false} (signIn: 'session-ended' when the IdP ended the session), not a 401",
        schema: { type: 'string', enum: ['1'] },
      },
    ],
    responses: responses('200', json({ oneOf: [SESSION_ANSWER, SIGNED_OUT_ANSWER] }), {}),
  })
  return {
    openapi: '3.1.0',
    info: {
      title: 'CCoE Portal API',
      version,
      description:
        'Every call needs a session cookie or `Authorization: Bearer <access token>` (client credentials from the IdP). ' +
        'Every refusal is JSON `{error, statusCode, fields?}`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      ...errorComponents(),
    },
    paths,
  }
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>
