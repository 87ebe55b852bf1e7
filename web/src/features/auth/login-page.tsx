import { NonIdealState, Spinner } from '@blueprintjs/core'
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { LOGIN_REDIRECT_DELAY_MS } from '../../../../shared/constants.js'
import { safeAuthPath } from '../../config/paths.js'
import { storeUser, useSession } from '../../lib/session.js'
import { usePageTitle } from '../../lib/use-page-title.js'

/**
 * /unauth/login: where the gateway lands after the identity provider. It keeps who signed in
 * (email and name only; the session itself is an HttpOnly cookie) and after about 2 seconds goes
 * on to `returnTo` when that is a protected path of this app, else to /.
 */
export function LoginPage() {
  const { state, user } = useSession()
  const search = useSearch()
  const [, navigate] = useLocation()
  usePageTitle('Logging You In')

  useEffect(() => {
    if (state === 'unknown') return
    if (user) storeUser(user)
    const target = state === 'in' ? safeAuthPath(new URLSearchParams(search).get('returnTo')) : '/'
    const timer = window.setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [state, user, search, navigate])

  return (
    <div className="page page--centered">
      <NonIdealState
        icon={<Spinner aria-label="Signing in" />}
        title="Logging You In..."
        description={user ? `Welcome, ${user.name || user.email}` : undefined}
      />
    </div>
  )
}
