import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { isNone, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { errorText } from '../../lib/api-client.js'
import { createRecord, isResourceKey, updateRecord } from '../../lib/resource-api.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'
import { pageSubmitFailed } from '../../lib/use-create-record.js'
import { toCostCenterPayload } from './cost-center-values.js'
import { findContact } from './find-contact.js'

interface Pending {
  values: FormValues
  contactId: number
}

/**
 * Submit → the edit's None checks → the contact must exist (else to the contact form) → confirm
 * modal → POST or PUT → the list (spec 001 §5).
 */
export function useSaveCostCenter(resource: ResourceDef, modelId: string | undefined, companyCode: (id: string) => string) {
  const [, navigate] = useLocation()
  const { mutate } = useSWRConfig()
  const [pending, setPending] = useState<Pending | undefined>()
  const [busy, setBusy] = useState(false)
  const { messages } = resource

  const submit = async (values: FormValues) => {
    if (modelId && isNone(values.departments_id)) return void toastError(MESSAGES.editedDepartmentNone)
    if (modelId && isNone(values.business_units_id)) return void toastError(MESSAGES.editedBusinessUnitNone)
    const email = String(values.cloud_contact_email ?? '').trim()
    setBusy(true)
    try {
      const contact = await findContact(email)
      if (!contact) {
        void toastError(MESSAGES.contactMissing(email))
        return navigate(paths.auth.resource.getHref('create', 'cloud_contacts'))
      }
      setPending({ values, contactId: contact.id })
    } catch {
      void toastError(MESSAGES.apiError)
    } finally {
      setBusy(false)
    }
  }

  const confirm = async () => {
    if (!pending) return
    setBusy(true)
    const body = toCostCenterPayload(resource, pending.values, pending.contactId, companyCode(String(pending.values.companies_id)))
    try {
      if (modelId) await updateRecord(resource, modelId, body)
      else await createRecord(resource, body)
      void toastSuccess(modelId ? messages.updated : messages.created)
      void mutate(isResourceKey(resource))
      navigate(paths.auth.resource.getHref('view', resource.key))
    } catch (err) {
      void toastError(`${pageSubmitFailed(messages, modelId ? 'update' : 'create')} ${errorText(err)}`)
      setBusy(false)
      setPending(undefined)
    }
  }

  return { busy, pending: !!pending, submit: (v: FormValues) => void submit(v), confirm: () => void confirm(), cancel: () => setPending(undefined) }
}
