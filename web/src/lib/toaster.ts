import { Intent, OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core'
import { failureToastText } from './write-texts.js'

/**
 * The app's one toaster, created on first use (Blueprint 6: createAsync renders it in a portal).
 * At the bottom: at the top it lay over the navbar's menus, which open downwards from there.
 */
let toaster: Promise<Toaster> | undefined

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({ position: Position.BOTTOM, maxToasts: 4 })
  return toaster
}

export async function showToast(props: ToastProps): Promise<void> {
  const t = await getToaster()
  t.show({ timeout: 5000, ...props })
}

export const toastSuccess = (message: string) => showToast({ message, intent: Intent.SUCCESS, icon: 'tick-circle' })

/** class failure-text: a failure's reason stands on its own line (failureToastText) */
export const toastError = (message: string) =>
  showToast({ message, intent: Intent.DANGER, icon: 'error', timeout: 8000, className: 'failure-text' })

/**
 * The toast of every failed call: the spec's text, the server's reason beneath it (failureToastText);
 * `text` undefined shows the reason alone. toastError is for refusals the page makes itself.
 */
export const toastFailure = (text: string | undefined, err: unknown) => toastError(failureToastText(text, err))

/** A failure the person can act on: the toast carries a button (e.g. reload a changed record). */
export const toastErrorWithAction = (message: string, action: { text: string; onClick: () => void }) =>
  showToast({ message, intent: Intent.DANGER, icon: 'error', timeout: 0, action })
