import { RESOURCES, allowedWrites, type ResourceDef } from '../../shared/resources/index.js'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** An upstream path the gateway forwards: the path with `:id` standing for a numeric id. */
export interface AllowedRoute {
  method: Method
  path: string
}

/** Paths of spec §7 that are not a registry model. Special domains add theirs here. */
export const EXTRA_ROUTES: readonly AllowedRoute[] = [
  { method: 'GET', path: 'auth/validate_token' },
  // spec 000 §7: the Active Directory pages (?aws, ?azure, none for GCP); server/upstream/routes/ad/
  { method: 'GET', path: 'ad/groups' },
  // spec 000 §7: the Cloud Factory forms; server/upstream/routes/cloud-requests/
  { method: 'GET', path: 'azure-groups' },
  { method: 'GET', path: 'gcp-folders' },
  { method: 'POST', path: 'account/create' },
  { method: 'POST', path: 'azure-subscriptions/create' },
  { method: 'POST', path: 'gcp-project/create' },
  { method: 'POST', path: 'spinco_sgs/add' },
  { method: 'POST', path: 'spinco_sgs/remove' },
  // spec 000 §7: the member self-service's options for the team (the public page: plugins/self-service.ts),
  // and the link the team issues for a member; server/upstream/routes/members-self-service/
  { method: 'GET', path: 'select_options' },
  { method: 'POST', path: 'dcoe/members/:id/credential' },
  // spec 000 §7: the Home card 'GitHub Enterprise Billing'; server/upstream/routes/github/
  { method: 'POST', path: 'github/send_copilot_xlsx_email' },
  // spec 000 §7: the Home card 'Database Backup'; server/upstream/routes/db-dump/
  { method: 'POST', path: 'db_dump/dump_db' },
]

/** What the browser may do upstream for a model: reading always, writes as the registry allows. */
export function resourceRoutes(resource: ResourceDef): AllowedRoute[] {
  const writes = allowedWrites(resource)
  const routes: AllowedRoute[] = [
    { method: 'GET', path: resource.path },
    { method: 'GET', path: `${resource.path}/:id` },
  ]
  if (writes.includes('create')) routes.push({ method: 'POST', path: resource.path })
  if (writes.includes('update')) routes.push({ method: 'PUT', path: `${resource.path}/:id` })
  if (writes.includes('delete')) routes.push({ method: 'DELETE', path: `${resource.path}/:id` })
  for (const call of resource.calls ?? []) routes.push({ method: call.method, path: `${resource.path}/${call.path}` })
  return routes
}

function escape(segment: string): string {
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A matcher over the raw path (no query) after /api/. Matching the raw text against a strict
 * pattern means `..`, `%2e`, `//` or encoded slashes never match, so they never reach the upstream.
 */
export function buildAllowlist(routes: readonly AllowedRoute[] = [...RESOURCES.flatMap(resourceRoutes), ...EXTRA_ROUTES]) {
  const patterns = routes.map((r) => ({
    method: r.method,
    regex: new RegExp(
      `^${r.path
        .split('/')
        .map((s) => (s === ':id' ? '[1-9][0-9]{0,15}' : escape(s)))
        // spec 000 §7 writes collections with a trailing slash (GET, POST /customers/): one is allowed
        .join('/')}${r.path.endsWith(':id') ? '' : '/?'}$`,
    ),
  }))
  return function allows(method: string, path: string): boolean {
    const m = method === 'HEAD' ? 'GET' : method
    return patterns.some((p) => p.method === m && p.regex.test(path))
  }
}
