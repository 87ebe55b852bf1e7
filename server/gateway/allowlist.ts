import { CALL_LIST, type CallMethod } from '../../shared/calls/index.js'
import { RESOURCES, allowedWrites, type ResourceDef } from '../../shared/resources/index.js'

/** An upstream path the gateway forwards: the path with `:<name>` standing for a numeric id. */
export interface AllowedRoute {
  method: CallMethod
  path: string
}

/** What the browser may do upstream for a model's CRUD: reading always, writes as the registry allows. */
export function modelRoutes(resource: ResourceDef): AllowedRoute[] {
  const writes = allowedWrites(resource)
  const routes: AllowedRoute[] = [
    { method: 'GET', path: resource.path },
    { method: 'GET', path: `${resource.path}/:id` },
  ]
  if (writes.includes('create')) routes.push({ method: 'POST', path: resource.path })
  if (writes.includes('update')) routes.push({ method: 'PUT', path: `${resource.path}/:id` })
  if (writes.includes('delete')) routes.push({ method: 'DELETE', path: `${resource.path}/:id` })
  return routes
}

/**
 * The special calls the proxy forwards: every declared one (shared/calls) but the public ones, which
 * the self-service plugin serves with its own checks of the member's link.
 */
export const CALL_ROUTES: readonly AllowedRoute[] = CALL_LIST.filter(({ call }) => !call.public).map(({ call }) => ({
  method: call.method,
  path: call.path,
}))

/** Everything the proxy forwards: the registry's CRUD and the declared calls. */
export const ALLOWED_ROUTES: readonly AllowedRoute[] = [...RESOURCES.flatMap(modelRoutes), ...CALL_ROUTES]

function escape(segment: string): string {
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A matcher over the raw path (no query) after /api/. Matching the raw text against a strict
 * pattern means `..`, `%2e`, `//` or encoded slashes never match, so they never reach the upstream.
 */
export function buildAllowlist(routes: readonly AllowedRoute[] = ALLOWED_ROUTES) {
  const patterns = routes.map((r) => ({
    method: r.method,
    regex: new RegExp(
      `^${r.path
        .split('/')
        .map((s) => (s.startsWith(':') ? '[1-9][0-9]{0,15}' : escape(s)))
        // spec 000 §7 writes collections with a trailing slash (GET, POST /customers/): one is allowed
        .join('/')}${/\/:\w+$/.test(r.path) ? '' : '/?'}$`,
    ),
  }))
  return function allows(method: string, path: string): boolean {
    const m = method === 'HEAD' ? 'GET' : method
    return patterns.some((p) => p.method === m && p.regex.test(path))
  }
}
