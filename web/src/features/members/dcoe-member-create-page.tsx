import { Button, H1, Spinner } from '@blueprintjs/core'
import { useMemo, useState } from 'react'
import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import { fieldOf, type FieldDef, type ResourceDef } from '../../../../shared/resources/index.js'
import { ResourceForm, toFormValues, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest, errorText } from '../../lib/api-client.js'
import { createRecord, isResourceKey } from '../../lib/resource-api.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'
import { useLookupOptions } from '../../lib/use-lookup-options.js'
import { usePageTitle } from '../../lib/use-page-title.js'

const OTHER = 'Other'
const FORM_FIELDS = ['name', 'email', 'department', 'other_department', 'business_unit']

/** /auth/create/dcoe_members: Add New Member; the department is a name from the list, or 'Other' and typed. */
export function DcoeMemberCreatePage({ resource }: { resource: ResourceDef }) {
  const { messages } = resource
  usePageTitle(messages.createTitle)
  const [, navigate] = useLocation()
  const { mutate } = useSWRConfig()
  const [busy, setBusy] = useState(false)
  const departments = useLookupOptions({ model: 'departments', labelField: 'name' }, 'name')
  const listHref = paths.auth.resource.getHref('view', resource.key)

  const fields = useMemo(
    () =>
      FORM_FIELDS.map((n) => fieldOf(resource, n))
        .filter((f): f is FieldDef => !!f)
        .map((f): FieldDef => (f.name === 'department' ? { ...f, type: 'select', options: [...departments.options.map((o) => o.value), OTHER] } : f)),
    [resource, departments.options],
  )

  const submit = async (values: FormValues) => {
    const department = values.department === OTHER ? String(values.other_department ?? '') : String(values.department ?? '')
    const member = {
      name: values.name,
      email: values.email,
      department,
      other_department: values.department === OTHER ? values.other_department : null,
      business_unit: values.business_unit || null,
    }
    setBusy(true)
    try {
      await createRecord(resource, member)
    } catch (err) {
      void toastError(`${messages.createFailed} ${errorText(err)}`)
      setBusy(false)
      return
    }
    void toastSuccess(messages.created)
    void mutate(isResourceKey(resource))
    // the member exists now: a failed ticket is its own error, not a failed add
    await apiRequest('POST', paths.api.teamMembershipTickets.getHref(), {
      requesting_principal_user_id: member.email,
      department,
      business_unit: member.business_unit,
    }).catch((err) => toastError(`${MESSAGES.actionFailed} ${errorText(err)}`))
    navigate(listHref)
  }

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <H1 className="page__title">{messages.createTitle}</H1>
      </header>
      {departments.isLoading ? (
        <Spinner aria-label="Loading the departments" />
      ) : (
        <ResourceForm
          fields={fields}
          initialValues={toFormValues(fields)}
          busy={busy}
          onSubmit={(v) => void submit(v)}
          extraActions={<Button icon="arrow-left" variant="minimal" text="Go Back" onClick={() => navigate(listHref)} />}
        />
      )}
    </div>
  )
}
