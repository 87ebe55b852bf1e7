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

/**
 * The one rule of every failure toast: `<the spec's text> <the server's reason>`, or the reason alone
 * when there is no text, or when the reason is the spec's duplicate text ('Please try again.
 * Duplicate identifier found…' read as two errors). A text that the spec cuts off mid-sentence (the
 * SAP upload's) ends in '…', so the reason does not run on from it.
 */
export function failureToastText(text: string | undefined, err: unknown): string {
  if (!text || isDuplicate(err)) return errorText(err)
  // 'Error message: ' (spec 001 §8, network upload) already ends where the reason goes
  const lead = text.trimEnd()
  return /[.!?:…]$/.test(lead) ? `${lead} ${errorText(err)}` : `${lead}… ${errorText(err)}`
}
