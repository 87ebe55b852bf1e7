import { Button, Spinner } from '@blueprintjs/core'
import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { fieldOf, type FieldDef, type ResourceDef } from '../../../../shared/resources/index.js'
import { ResourceForm, toFormValues, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest, errorText } from '../../lib/api-client.js'
import { createRecord } from '../../lib/resource-api.js'
import { MESSAGES } from '../../../../shared/messages.js'
import { FormPage } from '../../components/form-page.js'
import { toastError } from '../../lib/toaster.js'
import { useCreateRecord } from '../../lib/use-create-record.js'
import { useLookupOptions } from '../../lib/use-lookup-options.js'
import { OTHER_DEPARTMENT as OTHER } from '../../../../shared/constants.js'

const FORM_FIELDS = ['name', 'email', 'department', 'other_department', 'business_unit']

/** /auth/create/dcoe_members: Add New Member; the department is a name from the list, or 'Other' and typed. */
export function DcoeMemberCreatePage({ resource }: { resource: ResourceDef }) {
  const { messages } = resource
  const [, navigate] = useLocation()
  const { busy, create } = useCreateRecord(resource)
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
    // once the member exists, the membership ticket (spec 000 §7); its failure is its own, not a failed add
    const fileTicket = () =>
      apiRequest('POST', paths.api.teamMembershipTickets.getHref(), {
        requesting_principal_user_id: member.email,
        department,
        business_unit: member.business_unit,
      }).catch((err) => toastError(`${MESSAGES.actionFailed} ${errorText(err)}`))
    await create(() => createRecord(resource, member), fileTicket)
  }

  return (
    <FormPage title={messages.createTitle}>
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
    </FormPage>
  )
}
