import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { MESSAGES } from '../../../../shared/messages.js'
import { dcoeMembers } from '../../../../shared/resources/dcoe-members.js'
import { FormPage, GoBackButton } from '../../components/form-page.js'
import { ResourceForm } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { bodySchemas } from '../../lib/form-validation.js'
import type { Row } from '../../lib/resource-api.js'
import { pageSubmitFailed, useCall, useCreateController } from '../../lib/write-controllers.js'
import {
  DEPARTMENT_CHOICES,
  isMemberFieldDisabled,
  memberFormFields,
  otherDepartmentRule,
  toMemberBody,
  toMemberFormValues,
} from './member-values.js'
import { ResourceProvider, useResource } from '../../lib/resource-context.js'

/**
 * /auth/create/dcoe_members and /auth/create/members (spec 000 §2, 001 §2): Add New Member of the
 * Members Table; the department is a name from the list, or 'Other' and typed.
 */
export function DcoeMemberCreatePage() {
  const resource = useResource()
  const { messages } = resource
  const [, navigate] = useLocation()
  const listHref = paths.auth.resource.getHref('view', resource.key)
  const ticketHref = paths.api.teamMembershipTickets.getHref()
  // once the member exists, the membership ticket (spec 000 §7); its failure is its own, not a failed add
  const fileTicket = useCall(
    ticketHref,
    (member: Row) =>
      apiRequest('POST', ticketHref, {
        requesting_principal_user_id: member.email,
        department: member.department,
        business_unit: member.business_unit ?? null,
      }),
    { failureText: MESSAGES.actionFailed },
  )
  const create = useCreateController(resource, {
    failureText: pageSubmitFailed(messages, 'create'),
    onSuccess: async (saved) => {
      await fileTicket.trigger(saved.data)
      navigate(listHref)
    },
  })
  const fields = useMemo(() => memberFormFields(resource), [resource])

  return (
    <FormPage title={messages.createTitle}>
      <ResourceForm
        fields={fields}
        schema={bodySchemas(resource).create}
        initialValues={toMemberFormValues(fields)}
        serverErrors={create.fieldErrors}
        choices={DEPARTMENT_CHOICES}
        rule={otherDepartmentRule}
        isDisabled={isMemberFieldDisabled}
        busy={create.isMutating}
        onSubmit={(v) => void create.trigger(toMemberBody(fields, v))}
        extraActions={<GoBackButton href={listHref} />}
      />
    </FormPage>
  )
}

/** /auth/create/members: the Members Table's Add New Member (spec 000 §2), whichever model the route names. */
export function MemberCreatePage() {
  return (
    <ResourceProvider resource={dcoeMembers}>
      <DcoeMemberCreatePage />
    </ResourceProvider>
  )
}
