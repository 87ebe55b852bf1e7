import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { paths } from '../../config/paths.js'
import { useSession } from '../../lib/session.js'

/** Spec 000 §2: protected routes show nothing while the login state is unknown, and send a
 * logged-out visitor to /. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { state } = useSession()
  if (state === 'unknown') return null
  if (state === 'out') return <Redirect to={paths.root.getHref()} replace />
  return <>{children}</>
}
