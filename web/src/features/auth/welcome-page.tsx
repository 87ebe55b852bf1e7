import { Button, Classes, H1 } from '@blueprintjs/core'
import { useEffect, useState } from 'react'
import { Redirect } from 'wouter'
import { LOGO_ANIMATION_MS } from '../../../../shared/constants.js'
import { LogoMark } from '../../components/logo-mark.js'
import { paths } from '../../config/paths.js'
import { useReturnTo, useSession } from '../../lib/session.js'
import { usePageTitle } from '../../lib/use-page-title.js'
import './auth.css'

/** /unauth/home: the public welcome page (spec 000 §2); Login carries `returnTo` through sign-in. */
export function WelcomePage() {
  const { state } = useSession()
  const returnTo = useReturnTo()
  const [paused, setPaused] = useState(false)
  usePageTitle('Welcome')
  useEffect(() => {
    const timer = window.setTimeout(() => setPaused(true), LOGO_ANIMATION_MS)
    return () => window.clearTimeout(timer)
  }, [])

  if (state === 'in') return <Redirect to={returnTo} replace />

  const onLogin = () => {
    // sign-in happens in the gateway and the identity provider: a full-page navigation
    window.location.assign(paths.oidc.login.getHref(returnTo))
  }
  return (
    <div className="page page--centered welcome">
      <LogoMark size={112} animated paused={paused} />
      <H1 className="welcome__title">CCoE Portal</H1>
      <p className={`${Classes.TEXT_LARGE} ${Classes.TEXT_MUTED}`}>
        Cloud Centre of Excellence: accounts, members, reference data and billing in one place.
      </p>
      <Button intent="primary" size="large" icon="log-in" onClick={onLogin} disabled={state === 'unknown'}>
        Login
      </Button>
    </div>
  )
}
