import { useLocation } from 'wouter'
import { MESSAGES } from '../../../../shared/messages.js'
import { paths } from '../../config/paths.js'
import type { ApiError } from '../../lib/api-client.js'
import type { FormValues } from '../../lib/form-values.js'
import type { RefusedSave } from '../../resources/extensions.js'
import { useKeepDraft, useKeptDraft } from './draft.js'
import { CONTACT_EMAIL_FIELD } from './cost-center-values.js'

/**
 * spec 001 §5: a save whose owner is no cloud contact (the upstream's 422 on cloud_contact_email)
 * says so (the page's toast) and opens the contact form with the email, keeping the cost center
 * form as the person left it; back from there, the form starts from what they typed.
 */
export function useUnknownOwner(): RefusedSave {
  const [location, navigate] = useLocation()
  const keepDraft = useKeepDraft()
  const keptValues = useKeptDraft(location)
  const answer = (err: ApiError, values: FormValues) => {
    if (err.status !== 422 || !err.info?.fields?.[CONTACT_EMAIL_FIELD.name]) return undefined
    const email = String(values[CONTACT_EMAIL_FIELD.name] ?? '').trim()
    keepDraft({ path: location, values })
    navigate(paths.auth.newContact.getHref(email, location))
    return MESSAGES.contactMissing(email)
  }
  return { keptValues, answer }
}
