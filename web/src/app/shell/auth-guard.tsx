import { useEffect, type ReactNode } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { paths } from '../../config/paths.js'
import { useSession } from '../../lib/session.js'
import { NoAccess } from './no-access.js'

/** Spec 000 §2: protected routes show nothing while the login state is unknown, and send a
 * logged-out visitor to the welcome page, which keeps the path asked for (query included) so that
 * signing in lands there rather than on the home page. Someone signed in without a role gets the
 * No access page on every one of them. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { state, user, endedByIdp } = useSession()
  const [location] = useLocation()
  const search = useSearch()
  // a full-page navigation: the page is the gateway's (sign-in problem pages), not a route of this app
  useEffect(() => {
    if (endedByIdp) window.location.replace(paths.oidc.sessionEnded.getHref())
  }, [endedByIdp])
  if (state === 'unknown' || endedByIdp) return null
  if (state === 'out') return <Redirect to={paths.unauth.home.getHref(location + (search ? `?${search}` : ''))} replace />
  if (user && user.role === null) return <NoAccess email={user.email} />
  return <>{children}</>
}
