import * as client from 'openid-client'
import type { RoleGroups } from '../../shared/access.js'
import type { Role } from '../../shared/roles.js'
import { claimAt, roleFromClaims } from './roles.js'

/** Who the IdP says a person is, as the portal keeps it in the session. */
export interface IdpPerson {
  sub: string
  email: string
  name: string
  /** null: in none of the portal's groups */
  role: Role | null
}

/** The IdP vouches for nobody: the sign-in (or the session) must end. */
export class PersonRefused extends Error {
  constructor(
    readonly reason: 'email not verified' | 'no email',
    readonly email?: string,
  ) {
    super(reason)
  }
}

/**
 * The person an ID token's claims name, completed from userinfo where the ID token lacks the email
 * or the groups (IdPs that keep claims out of the ID token answer there). `claims` may be `{ sub }`
 * alone (a refresh without an ID token): then userinfo says everything. Used at sign-in and at each
 * re-check, so both read a person the same way.
 */
export async function personFromIdp(
  config: client.Configuration,
  roles: RoleGroups,
  claims: Record<string, unknown> & { sub: string },
  accessToken: string | undefined,
): Promise<IdpPerson> {
  let email = typeof claims.email === 'string' ? claims.email : undefined
  let name = typeof claims.name === 'string' ? claims.name : undefined
  let verified = claims.email_verified
  let groupClaims: Record<string, unknown> = claims
  if ((!email || claimAt(claims, roles.claim) === undefined) && accessToken) {
    const info = await client.fetchUserInfo(config, accessToken, claims.sub)
    if (!email) {
      email = typeof info.email === 'string' ? info.email : undefined
      verified = info.email_verified
    }
    name ??= typeof info.name === 'string' ? info.name : undefined
    groupClaims = { ...info, ...claims }
  }
  if (!email) throw new PersonRefused('no email')
  // the address is the identity the upstream trusts (`uid`): one the IdP says it has not
  // verified could be anyone's (an IdP that sends no such claim vouches for its addresses)
  if (verified === false) throw new PersonRefused('email not verified', email)
  // a person in none of the portal's groups is signed in all the same: the portal says who they
  // are and that they have no access, rather than sending them round the IdP again
  return { sub: claims.sub, email, name: name ?? email, role: roleFromClaims(groupClaims, roles) }
}
