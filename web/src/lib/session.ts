import useSWR from 'swr'
import { useSearch } from 'wouter'
import type { Permits } from '../../../shared/access.js'
import type { Role } from '../../../shared/roles.js'
import { paths, safeAuthPath } from '../config/paths.js'
import { ApiError } from './api-client.js'

/** Who signed in (GET /api/session): identity, role (null: in none of the portal's groups) and what that permits. */
export interface SessionUser {
  email: string
  name: string
  role: Role | null
  permits: Permits
}

/** What this tab keeps of the session for prefilling: identity only, never the role (the gateway's answer is the one authority). */
export type StoredUser = Pick<SessionUser, 'email' | 'name'>

/** Spec 000 §4: unknown while the check runs, then logged in or out (a failed check is "out"). */
export type LoginState = 'unknown' | 'in' | 'out'

const USER_STORAGE_KEY = 'ccoe.user'

/** GET /api/session?check=1 when nobody is signed in: an answer, not a failure the browser logs */
interface SignedOut {
  signedIn: false
  /** the IdP ended the session at a re-check: the person is told so, not just signed out */
  signIn?: 'session-ended'
}

export function useSession(): { state: LoginState; user: SessionUser | undefined; endedByIdp?: boolean } {
  const { data, error, isLoading } = useSWR<SessionUser | SignedOut>(paths.api.sessionCheck.getHref(), {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  })
  if (data && 'signedIn' in data) return { state: 'out', user: undefined, endedByIdp: data.signIn === 'session-ended' }
  // a 401 (a gateway without the check) on a re-check ends the session even though SWR keeps the last answer as `data`
  if (error instanceof ApiError && error.status === 401) {
    const endedByIdp = (error.info as { signIn?: string } | undefined)?.signIn === 'session-ended'
    return { state: 'out', user: undefined, endedByIdp }
  }
  if (data) return { state: 'in', user: data }
  if (error) return { state: 'out', user: undefined }
  return { state: isLoading || !data ? 'unknown' : 'out', user: undefined }
}

/** Who signed in, for prefilling e-mail fields: identity only, never a token (there are none here). */
export function storeUser(user: StoredUser): void {
  sessionStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ email: user.email, name: user.name }))
}

export function storedUser(): StoredUser | undefined {
  try {
    const raw = sessionStorage.getItem(USER_STORAGE_KEY)
    return raw ? (JSON.parse(raw) as StoredUser) : undefined
  } catch {
    return undefined
  }
}

/**
 * The address that email fields start from (spec 001 §2, §6: 'the stored user email'): the session's,
 * which every tab has, else the one this tab stored at sign-in.
 */
export function useUserEmail(): string {
  const { user } = useSession()
  return user?.email ?? storedUser()?.email ?? ''
}

export function clearStoredSession(): void {
  sessionStorage.clear()
}

/**
 * Where signing in should land: the protected path (query included) the auth guard put in
 * `?returnTo=` when it sent a logged-out visitor to the welcome page, else the home page.
 * Only same-origin /auth/ paths are taken (safeAuthPath).
 */
export function useReturnTo(): string {
  const asked = safeAuthPath(new URLSearchParams(useSearch()).get('returnTo'))
  return asked === paths.root.getHref() ? paths.auth.home.getHref() : asked
}
