/**
 * Every route of the app, and the only place that builds a URL (bulletproof-react's paths table).
 * Screens not built yet still have their path here so the menu can link to them.
 */
import type { Action } from '../../../shared/resources/index.js'

const fixed = (path: string) => ({ path, getHref: () => path })

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
      getHref: (returnTo?: string) =>
        returnTo ? `/unauth/login?${new URLSearchParams({ returnTo })}` : '/unauth/login',
    },
    logout: fixed('/unauth/logout'),
    updateMember: fixed('/unauth/update-member'),
  },
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
    /** the special endpoints of spec 001 §7 and 000 §7 (the registry's lists have resource-api.ts) */
    costCenterSendReport: fixed('/api/cost_centers/send_report'),
    cloudContactByEmail: fixed('/api/cloud_contacts/by_email'),
    cloudContactLookup: {
      path: '/api/cloud_contacts',
      getHref: (email: string, page: number, perPage: number) =>
        `/api/cloud_contacts?${new URLSearchParams({ by_email: email, page: String(page), per_page: String(perPage) })}`,
    },
    dcoeMemberBlacklist: { path: '/api/dcoe/members/:id', getHref: (id: number) => `/api/dcoe/members/${id}` },
    teamMembershipTickets: fixed('/api/team_membership_tickets'),
    sapCostCentersUpload: fixed('/api/upload/sap_cost_centers'),
  },
} as const

/** A same-origin path inside the protected area, else '/': never follow an open redirect. */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/auth/')) return paths.root.getHref()
  if (value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value)) {
    return paths.root.getHref()
  }
  return value
}
