import { Classes, NonIdealState } from '@blueprintjs/core'
import { LinkButton } from '../../components/links/index.js'
import { paths } from '../../config/paths.js'
import { usePageTitle } from '../../lib/use-page-title.js'

export const NO_ACCESS_TITLE = 'No access'

/**
 * Every protected route for someone signed in through the company's SSO but in none of the portal's
 * groups (DESIGN.md "Who may do what"): who they are and whom to ask, in place of a portal whose
 * every call the gateway would refuse. No redirect, so nothing loops; Log out is the app's own, which
 * forgets what this tab kept before the gateway ends the session.
 */
export function NoAccess({ email }: { email: string }) {
  usePageTitle(NO_ACCESS_TITLE)
  return (
    <div className="page page--centered">
      <NonIdealState
        icon="blocked-person"
        description={
          <>
            <h1 className={`${Classes.HEADING} not-found-title`}>{NO_ACCESS_TITLE}</h1>
            <p>Signed in as {email}.</p>
            <p>You have no access to the portal; ask the CCoE team.</p>
          </>
        }
        action={
          <LinkButton href={paths.unauth.logout.getHref()} icon="log-out" intent="primary">
            Log Out
          </LinkButton>
        }
      />
    </div>
  )
}
