import type { RoleGroups } from '../../shared/access.js'
import { ROLES, type Role } from '../../shared/roles.js'

/** The groups a claim names: IdPs send a list, some a single group or a space-separated string. */
function groupsIn(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((group): group is string => typeof group === 'string')
  return typeof claim === 'string' ? claim.split(/\s+/).filter(Boolean) : []
}

/**
 * A claim by name, or by dot path into nested claims (Keycloak's `realm_access.roles`,
 * `resource_access.<client>.roles`). A name that is itself a claim wins: Auth0's namespaced
 * claims are URLs full of dots.
 */
export function claimAt(claims: Readonly<Record<string, unknown>>, path: string): unknown {
  if (Object.hasOwn(claims, path)) return claims[path]
  let value: unknown = claims
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** The most a person's groups give them; null when none of them is one of the portal's. */
export function roleFromClaims(claims: Readonly<Record<string, unknown>>, config: RoleGroups): Role | null {
  const groups = groupsIn(claimAt(claims, config.claim))
  for (const role of [...ROLES].reverse()) {
    if (config.groups[role].some((group) => groups.includes(group))) return role
  }
  return null
}
