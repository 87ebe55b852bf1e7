/**
 * Who may do what (DESIGN.md "Who may do what"). A person's role comes from the IdP's groups, a
 * script's scopes from its token; each call names the least role and the scope it needs in its one
 * declaration (shared/calls), and a model's CRUD by what it does. The gateway enforces this, and
 * tells the web what the signed-in role permits so the web can hide the rest.
 */
import { CALL_LIST } from './calls/index.js'
import type { CallDef } from './calls/types.js'
import { CALL_ROLES, type CallRole, type Role, type Scope } from './roles.js'
import { allowedWrites, RESOURCES, type ResourceDef, type ResourceKey, type Write } from './resources/index.js'

/** Where each role stands among the roles calls need: an auditor reads what a viewer reads. */
const STANDS_AS: Readonly<Record<Role, CallRole>> = { viewer: 'viewer', auditor: 'viewer', editor: 'editor', admin: 'admin' }

/** The roles that read the gateway's audit trail (GET /api/audit): auditors, and admins, who may do everything. */
export const AUDIT_TRAIL_ROLES: readonly Role[] = ['auditor', 'admin']

/** How a person's role is read from the IdP: the claim that lists their groups, and each role's groups. */
export interface RoleGroups {
  claim: string
  groups: Readonly<Record<Role, readonly string[]>>
}

/** What a call needs: the least role of a person, the scope of a script. */
export interface Permission {
  role: CallRole
  scope: Scope
}

/** The reads of a model and its CSV are anyone's; creating and editing an editor's; deleting an admin's. */
export const MODEL_PERMISSIONS: Readonly<Record<'read' | Write, Permission>> = {
  read: { role: 'viewer', scope: 'read' },
  create: { role: 'editor', scope: 'write' },
  update: { role: 'editor', scope: 'write' },
  delete: { role: 'admin', scope: 'write' },
}

/** A declared call's permission: its role, and its scope (a GET reads; any other call writes unless it says). */
export function callPermission(call: CallDef): Permission {
  // a public call has no role: the gateway never forwards it, its own plugin checks the member's link
  return { role: call.role ?? 'admin', scope: call.scope ?? (call.method === 'GET' ? 'read' : 'write') }
}

export function roleAllows(role: Role | null, needed: CallRole): boolean {
  return role !== null && CALL_ROLES.indexOf(STANDS_AS[role]) >= CALL_ROLES.indexOf(needed)
}

/** Who is asking, as far as permission goes: a person's role (null: in no group) or a script's scopes. */
export type Grant = { role: Role | null } | { scopes: readonly Scope[] }

export function grants(grant: Grant, needed: Permission): boolean {
  return 'scopes' in grant ? grant.scopes.includes(needed.scope) : roleAllows(grant.role, needed.role)
}

/** The operations on a model: reading, and the writes the registry allows. */
export type ModelOperation = 'read' | Write

/** What the signed-in person may do, as /api/session tells the web: per model, and the declared calls by `domain.name`. */
export interface Permits {
  models: Partial<Record<ResourceKey, ModelOperation[]>>
  calls: string[]
}

export function modelOperations(resource: ResourceDef): ModelOperation[] {
  return ['read', ...allowedWrites(resource)]
}

/** Everything a grant permits, from the same declarations the gateway enforces. */
export function permitsOf(grant: Grant): Permits {
  const models: Permits['models'] = {}
  for (const resource of RESOURCES) {
    const allowed = modelOperations(resource).filter((op) => grants(grant, MODEL_PERMISSIONS[op]))
    if (allowed.length) models[resource.key] = allowed
  }
  const names = CALL_LIST.flatMap(({ domain, name, call }) =>
    !call.public && grants(grant, callPermission(call)) ? [`${domain}.${name}`] : [],
  )
  return { models, calls: names }
}

/** The 403's message: what was needed, and who to ask. */
export function refusalMessage(grant: Grant, needed: Permission): string {
  if ('scopes' in grant) return `Not allowed: this call needs a token with the scope '${needed.scope}'.`
  if (grant.role === null) return 'No access to the portal: ask the CCoE team.'
  return `Not allowed: this needs the ${needed.role} role, and you are ${/^[aeiou]/.test(grant.role) ? 'an' : 'a'} ${grant.role}. Ask the CCoE team if you need it.`
}

/** Null when the caller reads the audit trail; else the 403's message (a script never does: the trail is for people). */
export function auditTrailRefusal(grant: Grant): string | null {
  if ('scopes' in grant) return 'Not allowed: the audit trail is for people with the auditor or admin role, not for scripts.'
  if (grant.role === null) return 'No access to the portal: ask the CCoE team.'
  if (AUDIT_TRAIL_ROLES.includes(grant.role)) return null
  return `Not allowed: the audit trail needs the auditor or admin role, and you are ${/^[aeiou]/.test(grant.role) ? 'an' : 'a'} ${grant.role}. Ask the CCoE team if you need it.`
}
