/** The texts and field errors of a write's outcome (pure: the controllers show them). */
import type { ResourceMessages } from '../../../shared/resources/index.js'
import { ApiError, errorText } from './api-client.js'

/** field name → the upstream's message for it */
export type FieldErrors = Record<string, string>

/**
 * The failure text of an add or edit page (spec 001 §8 'Page submit'), before the server's reason;
 * the inline table keeps the model's createFailed / updateFailed.
 */
export function pageSubmitFailed(messages: ResourceMessages, mode: 'create' | 'update'): string {
  return messages.submitFailed ?? (mode === 'create' ? messages.createFailed : messages.updateFailed)
}

/** The upstream's per-field messages of a failure, or {} (network failures, errors without `fields`). */
export function fieldErrorsOf(err: unknown): FieldErrors {
  return err instanceof ApiError && err.info?.fields ? { ...err.info.fields } : {}
}

/**
 * `<text> <server reason>`, or the server's reason alone when there is no text. A text that the spec
 * cuts off mid-sentence (the SAP upload's) ends in '…', so the reason does not run on from it.
 */
export function failureToastText(text: string | undefined, err: unknown): string {
  if (!text) return errorText(err)
  // 'Error message: ' (spec 001 §8, network upload) already ends where the reason goes
  const lead = text.trimEnd()
  return /[.!?:…]$/.test(lead) ? `${lead} ${errorText(err)}` : `${lead}… ${errorText(err)}`
}
