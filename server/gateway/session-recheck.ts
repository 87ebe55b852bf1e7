import * as client from 'openid-client'
import type { RoleGroups } from '../../shared/access.js'
import { PersonRefused, personFromIdp, type IdpPerson } from './idp-person.js'
import type { OidcClient } from './oidc-client.js'
import type { SessionTokens } from './session-tokens.js'

/** What the IdP said of a signed-in person when asked again. */
export type Recheck =
  /** still signed in there, with these claims now (a group removed: another role) and these tokens */
  | { outcome: 'current'; person: IdpPerson; tokens: SessionTokens }
  /** the IdP refused (invalid_grant, account disabled, consent revoked…): the session ends */
  | { outcome: 'ended'; reason: string }
  /** nothing to ask with (no refresh token, access token expired) or the IdP did not answer: as it was */
  | { outcome: 'unknown'; reason: string }

/** Tokens of a token endpoint answer, with the access token's end on the gateway's clock. */
export function tokensOf(answer: client.TokenEndpointResponse, now: number, before: SessionTokens = {}): SessionTokens {
  return {
    idToken: answer.id_token ?? before.idToken,
    // an IdP that does not rotate refresh tokens answers without one: the old one stays good
    refreshToken: answer.refresh_token ?? before.refreshToken,
    accessToken: answer.access_token,
    accessTokenExpiresAt: answer.expires_in === undefined ? undefined : now + answer.expires_in * 1000,
  }
}

/**
 * Asks the IdP about a person again, as oauth2-proxy's --cookie-refresh does: with the refresh
 * token when there is one (its new ID token, or userinfo, carries today's claims), else at
 * userinfo with the access token while it is valid.
 */
export async function recheckAtIdp(oidc: OidcClient, roles: RoleGroups, sub: string, tokens: SessionTokens, now: number): Promise<Recheck> {
  try {
    const config = await oidc.configuration()
    if (tokens.refreshToken) {
      const answer = await client.refreshTokenGrant(config, tokens.refreshToken)
      const claims = answer.claims() ?? { sub }
      if (claims.sub !== sub) return { outcome: 'ended', reason: 'the IdP named another person' }
      const person = await personFromIdp(config, roles, claims, answer.access_token)
      return { outcome: 'current', person, tokens: tokensOf(answer, now, tokens) }
    }
    if (tokens.accessToken && (tokens.accessTokenExpiresAt ?? Infinity) > now) {
      const person = await personFromIdp(config, roles, { sub }, tokens.accessToken)
      return { outcome: 'current', person, tokens }
    }
    return { outcome: 'unknown', reason: 'no refresh token, and the access token has expired' }
  } catch (error) {
    // an answer of the IdP that refuses the person ends the session; silence or a fault of ours does not
    if (error instanceof client.ResponseBodyError && error.status < 500)
      return { outcome: 'ended', reason: `${error.error}: ${error.error_description ?? ''}` }
    if (error instanceof client.WWWAuthenticateChallengeError) return { outcome: 'ended', reason: 'userinfo refused the access token' }
    if (error instanceof PersonRefused) return { outcome: 'ended', reason: error.reason }
    return { outcome: 'unknown', reason: error instanceof Error ? error.message : String(error) }
  }
}
