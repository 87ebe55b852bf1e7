import { Button, Classes, NonIdealState } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import { MESSAGES } from '../../../../shared/messages.js'
import { paths } from '../../config/paths.js'
import { useAccess, type Needs } from '../../lib/access.js'
import { usePageTitle } from '../../lib/use-page-title.js'

export const NOT_ALLOWED_TITLE = 'Not allowed'

/**
 * A screen the signed-in role may not use, reached by its URL (the menus do not offer it): says
 * which role it needs and whom to ask, rather than a form whose every save the gateway would refuse.
 */
export function NotAllowed({ needs }: { needs: Needs }) {
  const [, navigate] = useLocation()
  const why = useAccess().why(needs)
  usePageTitle(NOT_ALLOWED_TITLE)
  return (
    <div className="page page--centered">
      <NonIdealState
        icon="lock"
        description={
          <>
            <h1 className={`${Classes.HEADING} not-found-title`}>{NOT_ALLOWED_TITLE}</h1>
            <p>{why}.</p>
            <p>Ask the CCoE team if you need it.</p>
          </>
        }
        action={
          <Button intent="primary" icon="home" onClick={() => navigate(paths.auth.home.getHref())}>
            {MESSAGES.returnHome}
          </Button>
        }
      />
    </div>
  )
}

/** The screen when the role may use it, else the Not allowed page. */
export function Allowed({ needs, children }: { needs: Needs; children: ReactNode }) {
  const access = useAccess()
  return access.can(needs) ? <>{children}</> : <NotAllowed needs={needs} />
}
