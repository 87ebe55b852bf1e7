/**
 * Every route of the app, and the only place that builds a URL (bulletproof-react's paths table):
 * the screens' and the gateway's (`paths.api`: a registry model's by `paths.api.model(resource)`,
 * the declared calls by domain and name).
 * Screens not built yet still have their path here so the menu can link to them.
 */
import { sameOriginPath } from '../../../shared/return-to.js'
import {
  CALLS,
  UPLOADS,
  bulkPath,
  fillPath,
  type BulkAction,
  type CallDef,
  type CallDomainName,
  type CallNameOf,
  type UploadTargetName,
} from '../../../shared/calls/index.js'
import type { AuditFilterQuery } from '../../../shared/audit-trail.js'
import { filterParams } from '../../../shared/filter-params.js'
import { allowedWrites, getResource, type Action, type ResourceDef, type Write } from '../../../shared/resources/index.js'
import type { ListQuery } from '../lib/list-query.js'

const fixed = (path: string) => ({ path, getHref: () => path })

/** A registry model the web calls by name; a missing one fails at module load, not on a click. */
function registered(key: string): ResourceDef {
  const resource = getResource(key)
  if (!resource) throw new Error(`paths: no registry model '${key}'`)
  return resource
}

/** The model's write the web relies on; one the registry does not allow fails at module load. */
function writable(resource: ResourceDef, write: Write): ResourceDef {
  if (!allowedWrites(resource).includes(write)) throw new Error(`paths: ${resource.key} does not allow ${write}`)
  return resource
}

/**
 * A registry model's URLs on the gateway, in the upstream's list dialect (api-client.ts): its CRUD
 * at `/api/<resource.path>`, a list page with its sort and the filters that filter something, one
 * record, the CSV download and the bulk calls (shared/calls/bulk.ts).
 */
function modelPaths(resource: ResourceDef) {
  const path = `/api/${resource.path}`
  return {
    path,
    list: (query: ListQuery) => {
      const params = { page: String(query.page), per_page: String(query.perPage), sort: query.sort, ...filterParams(query.filters) }
      return `${path}?${new URLSearchParams(params)}`
    },
    record: (id: number | string) => `${path}/${encodeURIComponent(String(id))}`,
    /**
     * `GET /api/csv/<model>?<the list's sort and filters>` streams a file named `<prefix>_<ISO
     * timestamp>.csv`. A person's download opens in Excel: `bom=1` starts it with the byte-order mark
     * Excel needs to read UTF-8 (its 'Ü' is not 'Ãœ'); scripts call without it.
     */
    csv: (query: { sort?: string; filters?: Readonly<Record<string, string>> } = {}) => {
      const params = { ...(query.sort && { sort: query.sort }), ...filterParams(query.filters ?? {}), bom: '1' }
      return `/api/csv/${encodeURIComponent(resource.key)}?${new URLSearchParams(params)}`
    },
    bulk: (action: BulkAction) => `/api/${bulkPath(resource, action)}`,
  }
}

type Params = Readonly<Record<string, string | number | boolean | undefined>>

/**
 * A declared call's gateway path (shared/calls). `getHref` fills the path's `:<name>` from `params`
 * and sends the others as the query, in their order; an empty value is a bare flag (spec 000 §7 `?aws`),
 * an undefined one is left out.
 */
function callPath(call: CallDef) {
  const path = `/api/${call.path}`
  return {
    path,
    getHref: (params: Params = {}) => {
      const inPath = new Set([...call.path.matchAll(/:(\w+)/g)].map(([, name]) => name))
      const query = Object.entries(params)
        .filter(([name, value]) => !inPath.has(name) && value !== undefined)
        .map(([name, value]) => (value === '' ? encodeURIComponent(name) : new URLSearchParams({ [name]: String(value) }).toString()))
      const filled = `/api/${fillPath(call.path, params as Record<string, string | number>)}`
      return query.length ? `${filled}?${query.join('&')}` : filled
    },
  }
}

type CallPath = ReturnType<typeof callPath>
type CallPaths = { [D in CallDomainName]: { [N in CallNameOf<D>]: CallPath } }

/** Every declared call's path, by domain and name as shared/calls declares it: `calls.costCenters.sendReport`. */
const calls = Object.fromEntries(
  Object.entries(CALLS).map(([domain, { calls }]) => [
    domain,
    Object.fromEntries(Object.entries(calls as Record<string, CallDef>).map(([name, call]) => [name, callPath(call)])),
  ]),
) as CallPaths

/** The gateway path of a declared call, for a caller that keeps its domain and name (use-call.ts's useDeclaredCall). */
export function declaredPath<D extends CallDomainName, N extends CallNameOf<D>>(domain: D, name: N): CallPath {
  return calls[domain][name]
}

/** An upload's path; `{ dry_run: true }` asks what the file would do, writing nothing (shared/calls/answers.ts). */
function uploadPath(target: string) {
  const path = `/api/upload/${target}`
  return { path, getHref: (query: { dry_run?: boolean } = {}) => (query.dry_run ? `${path}?dry_run=true` : path) }
}

/** The gateway's multipart uploads (server/gateway/upload-targets.ts), by target: not upstream paths. */
const uploads = Object.fromEntries(UPLOADS.map(({ target }) => [target, uploadPath(target)])) as Record<
  UploadTargetName,
  ReturnType<typeof uploadPath>
>

/** the set values of a query, in its order: the unset and empty ones left out */
const queryOf = (query: Readonly<Record<string, string | undefined>>) =>
  new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''))

/** a query string with its `?`, or nothing when the query is empty */
const withQuery = (path: string, query: Readonly<Record<string, string | undefined>>) => {
  const text = queryOf(query).toString()
  return text ? `${path}?${text}` : path
}

/** the audit trail screen's URL state: its filters, the page's cursor and the line shown */
export type AuditScreenQuery = AuditFilterQuery & { after?: string; line?: string }

const dcoeMembers = modelPaths(writable(registered('dcoe_members'), 'update'))
const teamMembershipTickets = modelPaths(writable(registered('team_membership_tickets'), 'create'))

export const paths = {
  root: fixed('/'),
  unauth: {
    /** the welcome page; `returnTo` is the protected path to land on after signing in */
    home: {
      path: '/unauth/home',
      getHref: (returnTo?: string) => (returnTo ? `/unauth/home?${new URLSearchParams({ returnTo })}` : '/unauth/home'),
    },
    login: {
      path: '/unauth/login',
      getHref: (returnTo?: string) => (returnTo ? `/unauth/login?${new URLSearchParams({ returnTo })}` : '/unauth/login'),
    },
    logout: fixed('/unauth/logout'),
    updateMember: {
      path: '/unauth/update-member',
      getHref: (memberId: string, credential: string) =>
        `/unauth/update-member?${new URLSearchParams({ member_id: memberId, credential })}`,
    },
  },
  /** the short thank-you page after the member self-service (spec 000 §8) */
  redirect: fixed('/redirect'),
  auth: {
    home: fixed('/auth/home'),
    missingTagsReport: fixed('/auth/missing-tags-report'),
    customers: fixed('/auth/customers'),
    createAwsAccount: fixed('/auth/create-aws-account'),
    createAzureSubscription: fixed('/auth/create-azure-subscription'),
    createGcpProject: fixed('/auth/create-gcp-project'),
    spincoSgModification: fixed('/auth/spinco-sg-modification'),
    dashStats: fixed('/auth/dash-stats'),
    accountDetails: fixed('/auth/account-details'),
    billingAutomation: fixed('/auth/billing-automation'),
    /** spec 001 §2: the billing dashboard, linked from the cloud bills history */
    billsDashboard: {
      path: '/auth/cloud-bills-dashboard',
      getHref: (query?: { key: string; start: string; end: string }) =>
        query ? `/auth/cloud-bills-dashboard?${new URLSearchParams(query)}` : '/auth/cloud-bills-dashboard',
    },
    /** issue 42 item 1: monthly spend per cost center */
    spend: fixed('/auth/spend'),
    /** issue 42 item 4: the cloud resources that cannot be charged */
    chargeability: fixed('/auth/chargeability'),
    membershipRequests: fixed('/auth/membership-requests'),
    activeDirectory: {
      path: '/auth/active-directory/:group',
      getHref: (cloud: 'aws' | 'azure' | 'gcp') => `/auth/active-directory/groups-${cloud}`,
    },
    /** the change log's list (record_changes), of one record when a model and id are given: its deletes too */
    recordChanges: {
      path: '/auth/view/record_changes',
      getHref: (model?: string, modelId?: number | string) =>
        model === undefined
          ? '/auth/view/record_changes'
          : `/auth/view/record_changes?${new URLSearchParams({ by_model: model, ...(modelId !== undefined && { by_record_id: String(modelId) }) })}`,
    },
    /** the cloud contact form with its email filled in, going back to `returnTo` once added (spec 001 §5: a cost center's new owner) */
    newContact: {
      path: '/auth/create/cloud_contacts',
      getHref: (email: string, returnTo: string) => `/auth/create/cloud_contacts?${new URLSearchParams({ email, returnTo })}`,
    },
    /** the gateway's audit trail for auditors and admins (issue 43 item 3): filters, cursor and open line in the query */
    audit: { path: '/auth/audit', getHref: (query: AuditScreenQuery = {}) => withQuery('/auth/audit', query) },
    /** the generic registry screens: /auth/{view|create|edit|crud}/{model}/{modelId?} */
    resource: {
      path: '/auth/:action/:model/:modelId?',
      getHref: (action: Action, model: string, modelId?: number | string) =>
        modelId === undefined
          ? `/auth/${action}/${encodeURIComponent(model)}`
          : `/auth/${action}/${encodeURIComponent(model)}/${encodeURIComponent(String(modelId))}`,
    },
  },
  /** gateway routes: full-page navigations, never client-side ones */
  oidc: {
    login: {
      path: '/oidc/login',
      getHref: (returnTo: string = '/auth/home') => `/oidc/login?${new URLSearchParams({ returnTo })}`,
    },
    logout: fixed('/oidc/logout'),
    /** the gateway's page for a session the IdP ended (a person disabled, signed out elsewhere) */
    sessionEnded: fixed('/oidc/session-ended'),
  },
  api: {
    session: fixed('/api/session'),
    /** the web's own check: signed out answers 200 {signedIn: false}, which the browser does not log as a failure */
    sessionCheck: fixed('/api/session?check=1'),
    /** any registry model's CRUD, CSV and bulk calls: `paths.api.model(resource).list(query)` */
    model: modelPaths,
    /** the special calls of spec 001 §7 and 000 §7 (shared/calls) */
    ...calls,
    upload: uploads,
    /** PUT {blacklist}: the registry's update of a CCoE member */
    dcoeMemberBlacklist: { path: `${dcoeMembers.path}/:id`, getHref: (id: number) => dcoeMembers.record(id) },
    teamMembershipTickets: fixed(teamMembershipTickets.path),
    /** the gateway's audit trail (server/gateway/plugins/audit-trail.ts): a page, one line, the CSV of a filter */
    audit: {
      path: '/api/audit',
      page: (query: AuditFilterQuery & { after?: string; per_page?: string }) => withQuery('/api/audit', query),
      line: (chain: string, seq: number | string) => `/api/audit/${encodeURIComponent(chain)}/${encodeURIComponent(String(seq))}`,
      csv: (query: AuditFilterQuery) => withQuery('/api/csv/audit', { ...query, bom: '1' }),
    },
  },
} as const

/** A same-origin path inside the protected area, else '/': never follow an open redirect. */
export function safeAuthPath(value: string | null | undefined): string {
  return sameOriginPath(value, paths.root.getHref(), '/auth/')
}
