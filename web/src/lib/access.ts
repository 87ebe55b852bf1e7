/**
 * What the signed-in role may do, as the web asks it (DESIGN.md "Who may do what"). The gateway
 * decides and enforces; /api/session tells the web what the role permits, and the web only follows
 * that answer, so a control is never offered that the gateway would refuse. The role a control needs,
 * for the reason shown beside it, comes from the same declarations the gateway reads (shared/access.ts,
 * shared/calls).
 */
import { useMemo } from 'react'
import { AUDIT_TRAIL_ROLES, callPermission, MODEL_PERMISSIONS, type ModelOperation } from '../../../shared/access.js'
import { declarationOf, type CallDomainName, type CallNameOf } from '../../../shared/calls/index.js'
import { CALL_ROLES, type CallRole, type Role } from '../../../shared/roles.js'
import type { ResourceDef, ResourceKey } from '../../../shared/resources/index.js'
import { useSession, type SessionUser } from './session.js'

/**
 * One thing a control or a screen does: an operation on a registry model (by key), a declared call,
 * by the `domain.name` /api/session's permits name it, with the least role it asks for, or reading
 * the gateway's audit trail (AUDIT_TRAIL_ROLES: by role, not a permit).
 */
export type Need = { model: string; op: ModelOperation } | { call: string; role: CallRole } | { auditTrail: true }

/** Any one of these is enough (a screen with two actions, such as add and remove users). */
export type Needs = Need | readonly Need[]

export const need = {
  /** a registry model, or its key spelled out (a typo fails tsc) */
  model: (model: ResourceDef | ResourceKey, op: ModelOperation): Need => ({ model: typeof model === 'string' ? model : model.key, op }),
  /** a declared call by its domain and name in shared/calls (a typo fails tsc) */
  call: <D extends CallDomainName>(domain: D, name: CallNameOf<D>): Need => ({
    call: `${domain}.${name}`,
    role: callPermission(declarationOf(domain, name)).role,
  }),
  auditTrail: (): Need => ({ auditTrail: true }),
}

/** what the audit trail needs, as a refusal names it */
const AUDIT_TRAIL_NEEDS = AUDIT_TRAIL_ROLES.join(' or ')

/** The least role the need asks for, from its declaration ('auditor or admin' for the audit trail). */
export function neededRole(n: Need): CallRole | typeof AUDIT_TRAIL_NEEDS {
  if ('auditTrail' in n) return AUDIT_TRAIL_NEEDS
  return 'model' in n ? MODEL_PERMISSIONS[n.op].role : n.role
}

const list = (needs: Needs): readonly Need[] => (Array.isArray(needs) ? (needs as readonly Need[]) : [needs as Need])

const article = (role: Role) => (/^[aeiou]/.test(role) ? 'an' : 'a')

/** "Needs the editor role; you are a viewer": what a disabled control says about itself. */
export function refusalText(role: Role | null, needed: CallRole | typeof AUDIT_TRAIL_NEEDS): string {
  return `Needs the ${needed} role; you are ${role ? `${article(role)} ${role}` : 'in none of the portal’s groups'}`
}

export interface Access {
  /** null: signed in, but in none of the portal's groups */
  role: Role | null
  can: (needs: Needs) => boolean
  /** why the role cannot, for the control's tooltip; undefined when it can */
  why: (needs: Needs) => string | undefined
}

/** What `user` may do, by the session's permits; no user (not signed in) may do nothing. */
export function accessOf(user: SessionUser | undefined): Access {
  const role = user?.role ?? null
  // by the key of a registry model, which a ResourceDef carries as a plain string
  const models: Readonly<Record<string, readonly ModelOperation[] | undefined>> = user?.permits.models ?? {}
  const calls = new Set(user?.permits.calls ?? [])
  const allows = (n: Need) => {
    if ('auditTrail' in n) return role !== null && AUDIT_TRAIL_ROLES.includes(role)
    return 'model' in n ? (models[n.model]?.includes(n.op) ?? false) : calls.has(n.call)
  }
  const can = (needs: Needs) => list(needs).some(allows)
  return {
    role,
    can,
    why: (needs) => {
      if (can(needs)) return undefined
      // of several ways, the one the fewest roles lack
      const least = list(needs)
        .map(neededRole)
        .sort((a, b) => CALL_ROLES.indexOf(a as CallRole) - CALL_ROLES.indexOf(b as CallRole))[0]
      return refusalText(role, least ?? 'admin')
    },
  }
}

export function useAccess(): Access {
  const { user } = useSession()
  return useMemo(() => accessOf(user), [user])
}
