import { H1 } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { usePageTitle } from '../lib/use-page-title.js'

/** The narrow page every add and edit form sits on, titled in the page and the browser tab. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title)
  return (
    <div className="page page--narrow">
      <header className="page__header">
        <H1 className="page__title">{title}</H1>
      </header>
      {children}
    </div>
  )
}
