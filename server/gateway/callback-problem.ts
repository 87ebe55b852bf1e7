import * as client from 'openid-client'
import { PersonRefused } from './idp-person.js'
import type { SignInProblem } from './sign-in-problem.js'

/** What went wrong in a callback, for the person (the problem) and for the log (the IdP's own words). */
export interface CallbackFailure {
  problem: SignInProblem
  /** the audit line's reason */
  reason: string
  /** the IdP's `error` and `error_description`, when it sent them */
  idp?: { error: string; description?: string }
}

const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT'])

/** Whether the IdP did not answer at all (down, unreachable, too slow), as fetch and openid-client report it. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true
  const cause = (error as { cause?: { code?: string } }).cause
  return (error instanceof TypeError && error.message === 'fetch failed') || NETWORK_ERRORS.has(cause?.code ?? '')
}

/** Sorts a callback's failure (openid-client's errors: oauth4webapi's codes) into what a person is told. */
export function callbackFailure(error: unknown): CallbackFailure {
  if (error instanceof PersonRefused) {
    return error.reason === 'email not verified'
      ? { problem: 'email-unverified', reason: 'email not verified' }
      : { problem: 'failed', reason: 'the IdP sent no email claim' }
  }
  // the IdP sent the browser back with an error (access_denied, login_required…)
  if (error instanceof client.AuthorizationResponseError) {
    return { problem: 'idp-refused', reason: 'the IdP refused', idp: { error: error.error, description: error.error_description } }
  }
  // the token endpoint refused the portal (invalid_client: a wrong secret, as a body or a 401 challenge; invalid_grant…)
  if (error instanceof client.ResponseBodyError) {
    return {
      problem: 'portal-refused',
      reason: 'token endpoint refused',
      idp: { error: error.error, description: error.error_description },
    }
  }
  if (error instanceof client.WWWAuthenticateChallengeError) {
    const said = error.cause[0]?.parameters ?? {}
    return {
      problem: 'portal-refused',
      reason: 'token endpoint refused',
      idp: { error: said.error ?? 'unauthorized', description: said.error_description },
    }
  }
  if (isUnreachable(error)) return { problem: 'unavailable', reason: 'IdP unreachable' }
  // openid-client wraps oauth4webapi's check in a ClientError of the same code: the detail is its cause's
  const { code, message = '' } = error as { code?: string; message?: string }
  const detail = `${message} ${(error as { cause?: { message?: string } }).cause?.message ?? ''}`
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return { problem: 'clock-skew', reason: 'clock skew' }
  // a state that is not this browser's, or an ID token whose nonce is not
  if (code === 'OAUTH_INVALID_RESPONSE' && detail.includes('"state"')) return { problem: 'mismatch', reason: 'state mismatch' }
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && detail.includes('"nonce"')) return { problem: 'mismatch', reason: 'nonce mismatch' }
  return { problem: 'failed', reason: 'callback refused' }
}
