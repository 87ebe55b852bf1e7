import { callPermission, MODEL_PERMISSIONS, type Permission } from '../../shared/access.js'
import {
  BULK_ACTIONS,
  bulkActions,
  bulkPath,
  CALL_LIST,
  type BulkAction,
  type CallMethod,
  type CallDef,
  type DeclaredCall,
} from '../../shared/calls/index.js'
import { RESOURCES, allowedWrites, type ResourceDef } from '../../shared/resources/index.js'

/** An upstream path the gateway forwards, with what it needs: the path with `:<name>` standing for a numeric id. */
export interface AllowedRoute {
  method: CallMethod
  path: string
  permission: Permission
  /** the declared call it is, for a special call (its recipient rule) */
  call?: CallDef
  /** the bulk action it is: its answer names each record changed, and each gets its own audit line */
  bulk?: BulkAction
}

/** What the browser may do upstream for a model's CRUD: reading always, writes as the registry allows. */
export function modelRoutes(resource: ResourceDef): AllowedRoute[] {
  const writes = allowedWrites(resource)
  const routes: AllowedRoute[] = [
    { method: 'GET', path: resource.path, permission: MODEL_PERMISSIONS.read },
    { method: 'GET', path: `${resource.path}/:id`, permission: MODEL_PERMISSIONS.read },
  ]
  if (writes.includes('create')) routes.push({ method: 'POST', path: resource.path, permission: MODEL_PERMISSIONS.create })
  if (writes.includes('update')) routes.push({ method: 'PUT', path: `${resource.path}/:id`, permission: MODEL_PERMISSIONS.update })
  if (writes.includes('delete')) routes.push({ method: 'DELETE', path: `${resource.path}/:id`, permission: MODEL_PERMISSIONS.delete })
  // the bulk form of each write (shared/calls/bulk.ts), needing what the single write needs
  for (const action of bulkActions(resource))
    routes.push({
      method: 'POST',
      path: bulkPath(resource, action),
      permission: MODEL_PERMISSIONS[BULK_ACTIONS[action].write],
      bulk: action,
    })
  return routes
}

const callRoute = ({ call }: DeclaredCall): AllowedRoute => ({
  method: call.method,
  path: call.path,
  permission: callPermission(call),
  call,
})

/**
 * The special calls the proxy forwards: every declared one (shared/calls) but the public ones, which
 * the self-service plugin serves with its own checks of the member's link.
 */
export const CALL_ROUTES: readonly AllowedRoute[] = CALL_LIST.filter(({ call }) => !call.public).map(callRoute)

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
  const patterns = routes.map((route) => ({
    route,
    regex: new RegExp(
      `^${route.path
        .split('/')
        .map((s) => (s.startsWith(':') ? '[1-9][0-9]{0,15}' : escape(s)))
        // spec 000 §7 writes collections with a trailing slash (GET, POST /customers/): one is allowed
        .join('/')}${/\/:\w+$/.test(route.path) ? '' : '/?'}$`,
    ),
  }))
  /** The allowed route a request is for, or undefined: the gateway does not forward it. */
  return function routeOf(method: string, path: string): AllowedRoute | undefined {
    const m = method === 'HEAD' ? 'GET' : method
    return patterns.find((p) => p.route.method === m && p.regex.test(path))?.route
  }
}
