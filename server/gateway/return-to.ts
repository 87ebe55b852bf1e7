import { sameOriginPath } from '../../shared/return-to.js'

/** Where the portal goes after sign-in when no (acceptable) returnTo was given. */
export const DEFAULT_RETURN_TO = '/auth/home'

/** A same-origin path to return to after sign-in (shared/return-to.ts), else the default. */
export function safeReturnTo(value: unknown): string {
  return sameOriginPath(value, DEFAULT_RETURN_TO)
}
