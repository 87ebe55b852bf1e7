/**
 * Every route of the app, and the only place that builds a URL (bulletproof-react's paths table).
 * Screens not built yet still have their path here so the menu can link to them.
 */
import { safeReturnTo as safePath } from '../../../shared/return-to.js'
import { allowedWrites, getResource, type Action, type ResourceDef, type SpecialCall, type Write } from '../../../shared/resources/index.js'

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
 * The gateway path of a registry model (`/api/<resource.path>`), or of one of its special calls
 * (`/api/<resource.path>/<call.path>`). The call must be declared in the model's `calls` (the
 * gateway lets through only those), else this throws: at module load, for the calls below.
 */
export function apiPath(resource: ResourceDef, call?: SpecialCall): string {
  const base = `/api/${resource.path}`
  if (!call) return base
  const declared = resource.calls?.some((c) => c.method === call.method && c.path === call.path)
  if (!declared) throw new Error(`paths: ${call.method} ${resource.path}/${call.path} is not a declared call of ${resource.key}`)
  return `${base}/${call.path}`
}

const costCenters = registered('cost_centers')
const cloudContacts = registered('cloud_contacts')
const cloudParents = registered('cloud_parents')
const cloudBills = registered('cloud_bills')
const dcoeMembers = writable(registered('dcoe_members'), 'update')
const teamMembershipTickets = writable(registered('team_membership_tickets'), 'create')

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
    membershipRequests: fixed('/auth/membership-requests'),
    activeDirectory: {
      path: '/auth/active-directory/:group',
      getHref: (cloud: 'aws' | 'azure' | 'gcp') => `/auth/active-directory/groups-${cloud}`,
    },
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
  },
  api: {
    session: fixed('/api/session'),
    /** the special endpoints of spec 001 §7 and 000 §7, from the registry (the lists have resource-api.ts) */
    costCenterSendReport: fixed(apiPath(costCenters, { method: 'POST', path: 'send_report' })),
    cloudContactByEmail: fixed(apiPath(cloudContacts, { method: 'POST', path: 'by_email' })),
    terminatedContactsReport: fixed(
      apiPath(cloudContacts, { method: 'POST', path: 'send_email_report_of_terminated_cloud_parent_owners' }),
    ),
    expiredCostCentersReport: fixed(apiPath(costCenters, { method: 'POST', path: 'send_expired_cost_centers_report' })),
    terminatedAccountsEmails: fixed(apiPath(cloudParents, { method: 'POST', path: 'send_email_to_terminated_cloud_accounts' })),
    cloudContactLookup: {
      path: apiPath(cloudContacts),
      getHref: (email: string, page: number, perPage: number) =>
        `${apiPath(cloudContacts)}?${new URLSearchParams({ by_email: email, page: String(page), per_page: String(perPage) })}`,
    },
    /** PUT {blacklist}: the registry's update of a CCoE member */
    dcoeMemberBlacklist: {
      path: `${apiPath(dcoeMembers)}/:id`,
      getHref: (id: number) => `${apiPath(dcoeMembers)}/${encodeURIComponent(String(id))}`,
    },
    /** POST: a signed, expiring /unauth/update-member link for one CCoE member */
    dcoeMemberCredential: {
      path: `${apiPath(dcoeMembers)}/:id/credential`,
      getHref: (id: number) => `${apiPath(dcoeMembers)}/${encodeURIComponent(String(id))}/credential`,
    },
    teamMembershipTickets: fixed(apiPath(teamMembershipTickets)),
    /** the gateway's multipart upload (server/gateway/upload-targets.ts), not an upstream path */
    sapCostCentersUpload: fixed('/api/upload/sap_cost_centers'),
    networksUpload: fixed('/api/upload/cost_center_networks'),
    /** spec 000 §7: the Cloud Factory forms (server/gateway/allowlist.ts EXTRA_ROUTES) */
    azureGroups: fixed('/api/azure-groups'),
    gcpFolders: fixed('/api/gcp-folders'),
    awsAccountCreate: fixed('/api/account/create'),
    azureSubscriptionCreate: fixed('/api/azure-subscriptions/create'),
    gcpProjectCreate: fixed('/api/gcp-project/create'),
    spincoSgAdd: fixed('/api/spinco_sgs/add'),
    spincoSgRemove: fixed('/api/spinco_sgs/remove'),
    /** spec 000 §7: the member self-service (public, server/gateway/plugins/self-service.ts) */
    memberUpdateRestricted: {
      path: '/api/members/update-restricted/:member_id',
      getHref: (memberId: string, credential: string) =>
        `/api/members/update-restricted/${encodeURIComponent(memberId)}?${new URLSearchParams({ credential })}`,
    },
    selectOptions: {
      path: '/api/select_options',
      getHref: (field: 'department' | 'business_unit', link?: { memberId: string; credential: string }) =>
        `/api/select_options?${new URLSearchParams({ by_field: field, ...(link && { member_id: link.memberId, credential: link.credential }) })}`,
    },
    billsUpload: fixed('/api/upload/cloud_bills'),
    /** spec 000 §7: the Billing Automation page; finalizing goes through the gateway's upload target */
    processAzureInvoice: fixed(apiPath(cloudBills, { method: 'POST', path: 'process_azure_invoice' })),
    processGoogleInvoice: fixed(apiPath(cloudBills, { method: 'POST', path: 'process_google_invoice' })),
    loadGcpData: fixed(apiPath(cloudBills, { method: 'POST', path: 'update_dashboard' })),
    billsSpend: {
      path: apiPath(cloudBills, { method: 'GET', path: 'spend' }),
      getHref: (query: { key: string; startDate: string; endDate: string }) =>
        `${apiPath(cloudBills, { method: 'GET', path: 'spend' })}?${new URLSearchParams(query)}`,
    },
    finalizeInvoiceUpload: fixed('/api/upload/billing_jobs'),
    /** spec 000 §7: two of the Home report cards */
    zippedAwsBill: fixed(apiPath(cloudBills, { method: 'POST', path: 'send_zipped_aws_bill' })),
    copilotWorkbook: fixed('/api/github/send_copilot_xlsx_email'),
    databaseBackup: fixed('/api/db_dump/dump_db'),
    /** spec 000 §7: GET /ad/groups?aws | ?azure | (GCP: no flag), with the page's toggles and paging */
    adGroups: {
      path: '/api/ad/groups',
      getHref: (cloud: 'aws' | 'azure' | 'gcp', query: Record<string, string>) => {
        const params = new URLSearchParams(query).toString()
        const flag = cloud === 'gcp' ? '' : cloud
        return `/api/ad/groups?${[flag, params].filter(Boolean).join('&')}`
      },
    },
  },
} as const

/** A same-origin path inside the protected area, else '/': never follow an open redirect. */
export function safeReturnTo(value: string | null | undefined): string {
  return safePath(value, paths.root.getHref(), '/auth/')
}
