import { Button, Classes, NonIdealState } from '@blueprintjs/core'
import { useLocation } from 'wouter'
import { MESSAGES } from '../../../../shared/messages.js'
import { paths } from '../../config/paths.js'
import { usePageTitle } from '../../lib/use-page-title.js'

/** Any unknown path (spec 000 §2), including registry routes the model does not allow. */
export function NotFound() {
  const [, navigate] = useLocation()
  usePageTitle(MESSAGES.notFoundTitle)
  return (
    <div className="page page--centered">
      <NonIdealState
        icon="search"
        description={
          <>
            <h1 className={`${Classes.HEADING} not-found-title`}>{MESSAGES.notFoundTitle}</h1>
            <p>Sorry, the page you visited does not exist.</p>
          </>
        }
        action={
          <Button intent="primary" icon="home" onClick={() => navigate(paths.root.getHref())}>
            {MESSAGES.returnHome}
          </Button>
        }
      />
    </div>
  )
}
