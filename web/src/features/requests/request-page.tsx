import { Callout, H1, Spinner } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { usePageTitle } from '../../lib/use-page-title.js'

/** The narrow page a Cloud Factory form sits on; while its choices load, a spinner; if they fail, why. */
export function RequestPage({
  title,
  loading,
  error,
  children,
}: {
  title: string
  loading?: boolean
  error?: unknown
  children: ReactNode
}) {
  usePageTitle(title)
  return (
    <div className="page page--narrow">
      <header className="page__header">
        <H1 className="page__title">{title}</H1>
      </header>
      {error ? (
        <Callout intent="danger" title="The choices of this form could not be loaded">
          {error instanceof Error ? error.message : String(error)}
        </Callout>
      ) : loading ? (
        <Spinner aria-label="Loading the form" />
      ) : (
        children
      )}
    </div>
  )
}
