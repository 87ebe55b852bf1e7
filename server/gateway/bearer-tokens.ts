import { createHash } from 'node:crypto'
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose'
import type { IntrospectionResponse } from 'openid-client'
import { SCOPES, type Scope } from '../../shared/roles.js'
import type { OidcClient } from './oidc-client.js'

/** What a script's token says, once its IdP vouched for it. */
export interface TokenClaims {
  client: string
  sub: string
  scopes: Scope[]
  email?: string
  name?: string
}

/** The check's outcome: the claims, or why the token is refused (RFC 6750's error_description) and what the log adds. */
export type TokenCheck = { claims: TokenClaims } | { refused: string; details?: Record<string, unknown> }

export interface BearerCheckOptions {
  oidc: OidcClient
  /** the `aud` a token must name (OIDC_API_AUDIENCE), so an ID token for the portal never passes */
  apiAudience: string
  /** the client ids whose tokens are accepted (OIDC_SCRIPT_CLIENTS) */
  scriptClients: readonly string[]
  now: () => number
}

/** How long the IdP's word on a token (active or not) stands at most: a revocation counts within it. */
export const TOKEN_CHECK_MS = 30_000
const TOKEN_CHECKS_KEPT = 10_000

// asymmetric only: an HS256 token "signed" with a public key must never verify
const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA']

/** Scopes from `scope` (RFC 9068: space-separated) or `scp` (Entra, Okta: a string or a list); others ignored. */
export function scopesOf(claims: Readonly<Record<string, unknown>>): Scope[] {
  const named = [claims.scope, claims.scp].flatMap((claim) =>
    typeof claim === 'string' ? claim.split(' ') : Array.isArray(claim) ? claim : [],
  )
  return SCOPES.filter((scope) => named.includes(scope))
}

/** The client a token was issued to: `client_id` (RFC 9068), `azp` (Keycloak, Entra v2), `appid` (Entra v1) or `cid` (Okta). */
const clientOf = (claims: JWTPayload | IntrospectionResponse) =>
  [claims.client_id, claims.azp, claims.appid, claims.cid].find((c) => typeof c === 'string') as string | undefined

/** A jose refusal in RFC 6750's words: what a script's author can act on. */
function joseReason(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'expired'
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'wrong issuer'
    if (error.claim === 'aud') return 'wrong audience'
    if (error.claim === 'nbf') return 'not yet valid'
    return `invalid ${error.claim} claim`
  }
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'unknown signing key'
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature'
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'signing algorithm not allowed'
  if (error instanceof joseErrors.JOSEError) return 'malformed token'
  return 'the IdP could not be reached to check the token'
}

/** A JWT (RFC 9068) is verified here with the IdP's keys; any other token is the IdP's to judge (RFC 7662). */
export function bearerChecker(opts: BearerCheckOptions) {
  // the IdP's answer per token (by hash), kept no longer than TOKEN_CHECK_MS nor the token's own life
  const answers = new Map<string, { answer: IntrospectionResponse | undefined; until: number }>()
  async function introspected(token: string) {
    const key = createHash('sha256').update(token).digest('base64url')
    const known = answers.get(key)
    if (known && known.until > opts.now()) return known.answer
    const answer = await opts.oidc.introspect(token)
    const until = Math.min(opts.now() + TOKEN_CHECK_MS, typeof answer?.exp === 'number' ? answer.exp * 1000 : Infinity)
    if (answers.size >= TOKEN_CHECKS_KEPT) answers.delete(answers.keys().next().value!)
    answers.set(key, { answer, until })
    return answer
  }

  /** The checks a token's claims pass whoever vouched for them (the signature or the IdP's answer). */
  function accepted(claims: JWTPayload | IntrospectionResponse): TokenCheck {
    const client = clientOf(claims)
    // the portal's own access token (a person's, sent by the browser) and any other client's are
    // refused, so a leaked user token is no API key
    if (!client || !opts.scriptClients.includes(client)) return { refused: 'unknown client', details: { clientId: client } }
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
    return {
      claims: { client, sub: text(claims.sub) ?? client, scopes: scopesOf(claims), email: text(claims.email), name: text(claims.name) },
    }
  }

  async function checkJwt(token: string): Promise<TokenCheck> {
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(token, await opts.oidc.keys(), {
        issuer: opts.oidc.issuer,
        audience: opts.apiAudience,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: 5,
        currentDate: new Date(opts.now()),
      }))
    } catch (error) {
      const code = error instanceof joseErrors.JOSEError ? error.code : String(error)
      return { refused: joseReason(error), details: { code, expectedIssuer: opts.oidc.issuer, expectedAudience: opts.apiAudience } }
    }
    const check = accepted(payload)
    // a verified token may have been revoked since: the IdP says, once per token per while
    if ('claims' in check && (await introspected(token))?.active === false) return { refused: 'inactive' }
    return check
  }

  async function checkOpaque(token: string): Promise<TokenCheck> {
    const answer = await introspected(token)
    if (!answer) return { refused: 'not a JWT, and the IdP offers no introspection' }
    if (!answer.active) return { refused: 'inactive' }
    if (answer.iss !== undefined && answer.iss !== opts.oidc.issuer) return { refused: 'wrong issuer', details: { iss: answer.iss } }
    // RFC 7662 makes `aud` optional: when the IdP names one, it must be the API's
    const audiences = [answer.aud ?? []].flat()
    if (answer.aud !== undefined && !audiences.includes(opts.apiAudience))
      return { refused: 'wrong audience', details: { aud: answer.aud } }
    return accepted(answer)
  }

  return async function check(token: string): Promise<TokenCheck> {
    let isJwt = false
    try {
      isJwt = token.split('.').length === 3 && typeof decodeProtectedHeader(token).alg === 'string'
    } catch {
      // not a JWT: an opaque token
    }
    try {
      return await (isJwt ? checkJwt(token) : checkOpaque(token))
    } catch (error) {
      return { refused: 'the IdP could not be reached to check the token', details: { error: String(error) } }
    }
  }
}
