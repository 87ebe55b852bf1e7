/**
 * Every special call, by domain: the one declaration the gateway (allowlist, upload targets,
 * /api/docs), the web (paths.api, and use-call.ts's useDeclaredCall, typed by CallInput and
 * CallAnswer here) and the upstream (routes/special.ts, one folder per domain, named as the domain
 * here and as the web's feature of that domain, where it has one) read. A new call: one entry in
 * its domain's file here, and its handler in the upstream's folder of that domain.
 */
import type { Static, TSchema } from '@sinclair/typebox'
import { authCalls } from './auth.js'
import { billingAutomationCalls } from './billing-automation.js'
import { chargeabilityCalls } from './chargeability.js'
import { cloudBillCalls } from './cloud-bills.js'
import { cloudCertificationCalls } from './cloud-certifications.js'
import { cloudContactCalls } from './cloud-contacts.js'
import { cloudParentCalls } from './cloud-parents.js'
import { costCenterCalls } from './cost-centers.js'
import { costCenterBudgetCalls } from './cost-center-budgets.js'
import { costCenterNetworkCalls } from './cost-center-networks.js'
import { dbDumpCalls } from './db-dump.js'
import { directoryCalls } from './directory.js'
import { githubCalls } from './github.js'
import { listViewCalls } from './list-views.js'
import { requestCalls } from './requests.js'
import { sapCostCenterCalls } from './sap-cost-centers.js'
import { searchCalls } from './search.js'
import { selfServiceCalls } from './self-service.js'
import { serviceCatalogProductCalls } from './service-catalog-products.js'
import type { ResourceKey } from '../resources/index.js'
import type { CallDef, CallDomain, UploadDef } from './types.js'

export * from './types.js'
export * from './bulk.js'

/** The domains, keyed as the folders that hold their code are named (camelCase of kebab-case). */
export const CALLS = {
  auth: authCalls,
  billingAutomation: billingAutomationCalls,
  chargeability: chargeabilityCalls,
  cloudBills: cloudBillCalls,
  cloudCertifications: cloudCertificationCalls,
  cloudContacts: cloudContactCalls,
  cloudParents: cloudParentCalls,
  costCenters: costCenterCalls,
  costCenterBudgets: costCenterBudgetCalls,
  costCenterNetworks: costCenterNetworkCalls,
  dbDump: dbDumpCalls,
  directory: directoryCalls,
  github: githubCalls,
  listViews: listViewCalls,
  requests: requestCalls,
  sapCostCenters: sapCostCenterCalls,
  search: searchCalls,
  selfService: selfServiceCalls,
  serviceCatalogProducts: serviceCatalogProductCalls,
} as const satisfies Record<string, CallDomain>

export type CallDomainName = keyof typeof CALLS

/** One declared call with where it is declared: `costCenters.sendReport`. */
export interface DeclaredCall {
  domain: CallDomainName
  name: string
  call: CallDef
  /** the registry model the domain's calls belong to */
  model?: ResourceKey
}

/** Every declared call, in declaration order. */
export const CALL_LIST: readonly DeclaredCall[] = Object.entries(CALLS as Record<CallDomainName, CallDomain>).flatMap(
  ([domain, { calls, model }]) =>
    Object.entries(calls).map(([name, call]) => ({ domain: domain as CallDomainName, name, call, ...(model && { model }) })),
)

/** The calls that carry a file, by their /api/upload/<target>. */
export const UPLOADS: readonly (UploadDef & { call: CallDef })[] = CALL_LIST.flatMap(({ call }) =>
  call.upload ? [{ ...call.upload, call }] : [],
)

/** `dcoe/members/:id/credential` with { id: 12 } → `dcoe/members/12/credential` (each value URL-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${path}: no value for :${name}`)
    return encodeURIComponent(String(params[name]))
  })
}

/** The declaration of `domain.name`. */
export function declarationOf<D extends CallDomainName>(domain: D, name: CallNameOf<D>): CallDef {
  // CALLS[domain] is a union of the domains here, which no one name indexes
  return (CALLS[domain].calls as Readonly<Record<string, CallDef>>)[name]
}

/** A domain's calls as declared, by name. */
export type CallsOf<D extends CallDomainName> = (typeof CALLS)[D]['calls']
/** A call's name in its domain: `'sendReport'` of `costCenters` (a typo fails tsc). */
export type CallNameOf<D extends CallDomainName> = keyof CallsOf<D> & string
type Declaration<D extends CallDomainName, N extends CallNameOf<D>> = CallsOf<D>[N]

/**
 * The body a call takes, as its TypeBox schema says (`Static`): for 'none' nothing or `{}`, for a read
 * nothing, and a JSON object the route checks when it declares none.
 */
export type CallBody<D extends CallDomainName, N extends CallNameOf<D>> =
  Declaration<D, N> extends { body: infer S extends TSchema }
    ? Static<S>
    : Declaration<D, N> extends { body: 'none' }
      ? Readonly<Record<string, never>>
      : Declaration<D, N> extends { method: 'GET' | 'DELETE' }
        ? undefined
        : Readonly<Record<string, unknown>>
/** Its query string's parameters; nothing when it declares none. */
export type CallQuery<D extends CallDomainName, N extends CallNameOf<D>> =
  Declaration<D, N> extends { query: infer S extends TSchema } ? Static<S> : undefined
/** Its success answer; unknown when it declares none. */
export type CallAnswer<D extends CallDomainName, N extends CallNameOf<D>> =
  Declaration<D, N> extends { answer: infer S extends TSchema } ? Static<S> : unknown

/** The `:<name>`s of a path: `'id'` of `list_views/:id`. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
type ParamNames<D extends CallDomainName, N extends CallNameOf<D>> =
  Declaration<D, N> extends { path: infer P extends string } ? PathParamNames<P> : never
/** The values of its path's `:<name>`s (row ids); nothing when its path has none. */
export type CallParams<D extends CallDomainName, N extends CallNameOf<D>> = [ParamNames<D, N>] extends [never]
  ? undefined
  : Readonly<Record<ParamNames<D, N>, string | number>>

/** A part of a call's input: required, optional when it may be empty, never when the call takes none. */
type InputPart<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Record<never, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T }

/**
 * Everything one call is sent with, each part typed from its declaration:
 * `{ body: { cost_center: { send_to } } }`, `{ params: { id }, body: {...} }`, `{ query: { model } }`.
 */
export type CallInput<D extends CallDomainName, N extends CallNameOf<D>> = InputPart<'params', CallParams<D, N>> &
  InputPart<'query', CallQuery<D, N>> &
  InputPart<'body', CallBody<D, N>>

/** The targets of /api/upload/<target>, as the calls declare them: `'sap_cost_centers' | …`. */
export type UploadTargetName = {
  [D in CallDomainName]: { [N in keyof CallsOf<D>]: CallsOf<D>[N] extends { upload: { target: infer T } } ? T : never }[keyof CallsOf<D>]
}[CallDomainName]
