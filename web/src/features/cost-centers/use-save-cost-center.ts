import { useState } from 'react'
import { useLocation } from 'wouter'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { isNone, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import type { RecordAnswer } from '../../../../shared/schemas/common.js'
import { companies } from '../../../../shared/resources/companies.js'
import { fetcher } from '../../lib/api-client.js'
import type { Row } from '../../lib/resource-api.js'
import { toastError, toastFailure } from '../../lib/toaster.js'
import { pageSubmitFailed, useCreateController, useUpdateController } from '../../lib/write-controllers.js'
import { toCostCenterPayload } from './cost-center-values.js'
import { useKeepDraft } from './draft.js'
import { findContact } from './find-contact.js'

interface Pending {
  values: FormValues
  contactId: number
}

/**
 * Submit → the edit's None checks → the contact must exist (else to the contact form, and back) → confirm
 * modal → POST or PUT → the list (spec 001 §5).
 */
export function useSaveCostCenter(resource: ResourceDef, modelId: string | undefined) {
  const [location, navigate] = useLocation()
  const keepDraft = useKeepDraft()
  const [pending, setPending] = useState<Pending | undefined>()
  const [checking, setChecking] = useState(false)
  const { messages } = resource
  const mode = modelId ? 'update' : 'create'
  const written = {
    failureText: pageSubmitFailed(messages, mode),
    onSuccess: () => navigate(paths.auth.resource.getHref('view', resource.key)),
    onError: () => setPending(undefined),
  }
  const create = useCreateController(resource, written)
  const update = useUpdateController(resource, written)
  const busy = checking || create.isMutating || update.isMutating

  /** spec 001 §5: an edit may not set the department or business unit to None (its own toasts) */
  const precheck = (values: FormValues) => {
    const none = !modelId
      ? undefined
      : isNone(values.departments_id)
        ? MESSAGES.editedDepartmentNone
        : isNone(values.business_units_id)
          ? MESSAGES.editedBusinessUnitNone
          : undefined
    if (none) void toastError(none)
    return !none
  }

  const submit = async (values: FormValues) => {
    const email = String(values.cloud_contact_email ?? '').trim()
    setChecking(true)
    try {
      const contact = await findContact(email)
      if (!contact) {
        void toastError(MESSAGES.contactMissing(email))
        // the contact form starts with the email, and brings the person back to this form as they left it
        keepDraft({ path: location, values })
        return navigate(paths.auth.newContact.getHref(email, location))
      }
      setPending({ values, contactId: contact.id })
    } catch (err) {
      void toastFailure(MESSAGES.apiError, err)
    } finally {
      setChecking(false)
    }
  }

  const confirm = async () => {
    if (!pending) return
    const companyId = String(pending.values.companies_id ?? '')
    const company = companyId
      ? await fetcher<RecordAnswer<Row>>(paths.api.model(companies).record(companyId)).catch(() => undefined)
      : undefined
    const body = toCostCenterPayload(resource, pending.values, pending.contactId, String(company?.data.code ?? ''))
    if (modelId) await update.trigger({ id: modelId, values: body })
    else await create.trigger(body)
  }

  // the server names the contact by its id; the form shows it as the email
  const { cloud_contact_id: contact, ...others } = modelId ? update.fieldErrors : create.fieldErrors
  const fieldErrors = contact ? { ...others, cloud_contact_email: contact } : others

  return {
    busy,
    fieldErrors,
    precheck,
    pending: !!pending,
    submit: (v: FormValues) => void submit(v),
    confirm: () => void confirm(),
    cancel: () => setPending(undefined),
  }
}
