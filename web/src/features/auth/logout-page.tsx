import { NonIdealState, Spinner } from '@blueprintjs/core'
import { useEffect } from 'react'
import { LOGOUT_REDIRECT_DELAY_MS } from '../../../../shared/constants.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { paths } from '../../config/paths.js'
import { clearStoredSession } from '../../lib/session.js'
import { usePageTitle } from '../../lib/use-page-title.js'

/**
 * /unauth/logout (spec 000 §2): after 2 seconds clears what the browser kept and hands over to the
 * gateway, which ends the session and the identity provider's, then lands on /unauth/home.
 */
export function LogoutPage() {
  usePageTitle(MESSAGES.loggingOut)
  useEffect(() => {
    const timer = window.setTimeout(() => {
      clearStoredSession()
      window.location.assign(paths.oidc.logout.getHref())
    }, LOGOUT_REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])
  return (
    <div className="page page--centered">
      <NonIdealState icon={<Spinner aria-label="Signing out" />} title={MESSAGES.loggingOut} />
    </div>
  )
}
