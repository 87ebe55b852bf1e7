/** The texts and field errors of a write's outcome (pure: the controllers show them). */
import { RESOURCES, type ResourceMessages } from '../../../shared/resources/index.js'
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

/** the registry's duplicate texts (spec 001 §5, spec 000 §5) */
const DUPLICATE_TEXTS = [...new Set(RESOURCES.flatMap((r) => r.messages.duplicate ?? []))]

/** `text` is `template` with some value in place of its `{value}` */
function fills(template: string, text: string): boolean {
  const [before, after = ''] = template.split('{value}')
  return template.includes('{value}') ? text.startsWith(before) && text.endsWith(after) : text === template
}

/** a 409 whose reason is the spec's own duplicate text: a whole message, not a reason for another */
const isDuplicate = (err: unknown) => err instanceof ApiError && err.status === 409 && DUPLICATE_TEXTS.some((d) => fills(d, err.message))

/** what the line under the spec's text starts with */
export const REASON_LEAD = 'Reason: '

/**
 * The one rule of every failure toast: the spec's text verbatim and alone, and the server's reason on
 * its own line beneath it ('Reason: smtp down'); the reason alone when there is no text, or when the
 * reason is the spec's duplicate text ('Please try again. Duplicate identifier found…' read as two
 * errors). A text that ends in ': ' (spec 001 §8, the network upload's 'Error message: ') is followed
 * by the server's error on the same line, as the spec writes it. The lines are one string: the toast
 * and the upload dialog show its line break (`white-space: pre-line`, class failure-text).
 */
export function failureToastText(text: string | undefined, err: unknown): string {
  if (!text || isDuplicate(err)) return errorText(err)
  if (text.endsWith(': ')) return `${text}${errorText(err)}`
  return `${text}\n${REASON_LEAD}${errorText(err)}`
}
