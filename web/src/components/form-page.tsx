import { Button, H1, NonIdealState, Spinner } from '@blueprintjs/core'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import { errorText } from '../lib/api-client.js'
import { usePageTitle } from '../lib/use-page-title.js'
import { ConfirmDialog } from './confirm-dialog/index.js'

/** The question a form asks before saving ("Are you sure you want to save these changes?"). */
export interface SaveQuestion {
  question: string
  isOpen: boolean
  loading?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** The narrow page every add and edit form sits on, titled in the page and the browser tab. */
export function FormPage({ title, confirm, children }: { title: string; confirm?: SaveQuestion; children: ReactNode }) {
  usePageTitle(title)
  return (
    <div className="page page--narrow">
      <header className="page__header">
        <H1 className="page__title">{title}</H1>
      </header>
      {children}
      {confirm && <ConfirmDialog {...confirm} confirmText="Save" />}
    </div>
  )
}

/** Back to the list a form was opened from. */
export function GoBackButton({ href }: { href: string }) {
  const [, navigate] = useLocation()
  return <Button icon="arrow-left" variant="minimal" text="Go Back" onClick={() => navigate(href)} />
}

/** An edit form's record: a spinner while it loads, the reason (and `goBack`) when it cannot, else the form. */
export function RecordState<T>({
  record,
  goBack,
  children,
}: {
  record: { data?: T; error?: unknown; isLoading: boolean }
  goBack: JSX.Element
  children: (data: T) => ReactNode
}) {
  if (record.isLoading) return <Spinner aria-label="Loading the record" />
  if (record.error || !record.data)
    return <NonIdealState icon="error" title="The record could not be loaded" description={errorText(record.error)} action={goBack} />
  return <>{children(record.data)}</>
}
