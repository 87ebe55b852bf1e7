import { MAX_PAGE_SIZE } from '../../shared/constants.js'
import { RESOURCES, queryFilters, type ResourceDef } from '../../shared/resources/index.js'
import { resourceBodySchemas } from '../../shared/schemas/resource-body.js'
import { CALL_LIST, type DeclaredCall } from '../../shared/calls/index.js'
import { modelRoutes, type AllowedRoute } from './allowlist.js'
import { UPLOAD_TARGETS } from './upload-targets.js'

type Operation = Record<string, unknown>
type PathItem = Record<string, Operation>

const ERROR = { $ref: '#/components/schemas/Error' }
const json = (schema: unknown) => ({ 'application/json': { schema } })
const answers = (ok: string, okSchema: unknown = { type: 'object' }) => ({
  [ok]: { description: 'OK', content: json(okSchema) },
  '400': { description: 'A parameter or body field is wrong: `fields` names each', content: json(ERROR) },
  '401': { description: 'No session cookie or bearer token', content: json(ERROR) },
  '404': { description: 'No such record, or a path the gateway does not forward', content: json(ERROR) },
})

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

const idParameters = (path: string) =>
  [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }))

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

function listParameters(resource: ResourceDef) {
  const query = (name: string, description: string, schema: unknown) => ({ name, in: 'query', description, schema })
  return [
    query('page', 'Page number, from 1', { type: 'integer', minimum: 1, default: 1 }),
    query('per_page', 'Rows per page', { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 25 }),
    query('sort', `A field; '-' before it for descending (default ${resource.defaultSort})`, { type: 'string' }),
    query('after', "A page's meta.next: the rows after it (keyset paging)", { type: 'string' }),
    query('count', "'none' leaves out meta.total", { type: 'string', enum: ['exact', 'none'] }),
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
  const idParameter = idParameters(route.path)
  if (route.path === resource.path && route.method === 'GET') {
    return { tags, summary: `List ${resource.key}`, parameters: listParameters(resource), responses: answers('200') }
  }
  if (route.path === `${resource.path}/:id`) {
    const bodies = resourceBodySchemas(resource)
    const summary = { GET: 'Read one', PUT: 'Update one', DELETE: 'Delete one' }[route.method as 'GET' | 'PUT' | 'DELETE']
    return {
      tags,
      summary: `${summary} of ${resource.key}`,
      parameters: idParameter,
      ...(route.method === 'PUT' && { requestBody: { required: true, content: json(bodies.update) } }),
      responses: answers('200'),
    }
  }
  return {
    tags,
    summary: `Create one of ${resource.key}`,
    requestBody: { required: true, content: json(resourceBodySchemas(resource).create) },
    responses: answers('201'),
  }
}

/** A special call of spec §7 (reports, uploads, triggers), as shared/calls declares it. */
function callOperation({ domain, model, call }: DeclaredCall): Operation {
  const body = call.body ?? (call.method === 'GET' ? undefined : { type: 'object' })
  return {
    tags: [model ?? domain],
    summary: call.summary,
    ...(call.description && { description: call.description }),
    parameters: [...idParameters(call.path), ...(call.query ? queryParameters(call.query) : [])],
    ...(body === 'none' ? {} : body && { requestBody: { required: call.body !== undefined, content: json(body) } }),
    responses: answers(String(call.status ?? 200), call.answer),
    // the self-service plugin checks the member's link instead of a session
    ...(call.public && { security: [] }),
  }
}

/**
 * The OpenAPI 3.1 description of `/api` for script authors, built from the registry's CRUD and the
 * calls of shared/calls, as the proxy's allowlist is (so it can describe nothing the gateway
 * refuses, and leave out nothing it forwards), plus the gateway's own CSV, upload, self-service and
 * session routes.
 */
export function openApiDocument(version: string) {
  const paths: Record<string, PathItem> = {}
  const add = (path: string, method: string, operation: Operation) => {
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation }
  }
  for (const resource of RESOURCES) {
    for (const route of modelRoutes(resource)) add(apiPathOf(route.path), route.method, crudOperation(resource, route))
    if (resource.csv) {
      add(`/api/csv/${resource.key}`, 'GET', {
        tags: [resource.key],
        summary: `The whole filtered list of ${resource.key} as CSV (streamed)`,
        parameters: listParameters(resource).filter((p) => !['page', 'per_page', 'after', 'count'].includes(p.name)),
        responses: { '200': { description: csvFileText(resource.csv), content: { 'text/csv': {} } } },
      })
    }
  }
  for (const declared of CALL_LIST) add(apiPathOf(declared.call.path), declared.call.method, callOperation(declared))
  for (const [target, upload] of Object.entries(UPLOAD_TARGETS)) {
    add(`/api/upload/${target}`, 'POST', {
      tags: [target],
      summary: `Upload a file (${upload.extensions?.join(', ') ?? 'any type'}); the gateway sends it on as ${upload.encoding}`,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [
                'file',
                ...Object.entries(upload.input?.fields ?? {}).flatMap(([name, kind]) => (kind === 'boolean' ? [] : [name])),
              ],
              properties: {
                file: { type: 'string', format: 'binary' },
                ...Object.fromEntries(
                  Object.entries(upload.input?.fields ?? {}).map(([name, kind]) => [
                    name,
                    kind === 'boolean' ? { type: 'string', enum: ['true', 'false'] } : { type: 'string', enum: [...kind] },
                  ]),
                ),
              },
            },
          },
        },
      },
      responses: answers('200'),
    })
  }
  add('/api/session', 'GET', {
    tags: ['session'],
    summary: 'Who is signed in',
    responses: {
      '200': { description: 'OK', content: json({ type: 'object', properties: { email: { type: 'string' }, name: { type: 'string' } } }) },
    },
  })
  return {
    openapi: '3.1.0',
    info: {
      title: 'CCoE Portal API',
      version,
      description: 'Every call needs a session cookie or `Authorization: Bearer <access token>` (client credentials from the IdP).',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'statusCode'],
          properties: {
            error: { type: 'string' },
            statusCode: { type: 'integer' },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
    },
    paths,
  }
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>
