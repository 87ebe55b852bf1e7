import { ROLES, type Role } from '../../shared/access.js'

/** How a person's role is read from the IdP: the claim that lists their groups, and each role's groups. */
export interface RoleGroups {
  claim: string
  groups: Readonly<Record<Role, readonly string[]>>
}

/** The groups a claim names: IdPs send a list, some a single group or a space-separated string. */
function groupsIn(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((group): group is string => typeof group === 'string')
  return typeof claim === 'string' ? claim.split(/\s+/).filter(Boolean) : []
}

/** The most a person's groups give them; null when none of them is one of the portal's. */
export function roleFromClaims(claims: Readonly<Record<string, unknown>>, config: RoleGroups): Role | null {
  const groups = groupsIn(claims[config.claim])
  for (const role of [...ROLES].reverse()) {
    if (config.groups[role].some((group) => groups.includes(group))) return role
  }
  return null
}
