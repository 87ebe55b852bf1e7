import { useMemo, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { members } from '../../../../shared/resources/members.js'
import { FormPage, GoBackButton, RecordState } from '../../components/form-page.js'
import { ResourceForm, type FormValues } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { ApiError } from '../../lib/api-client.js'
import { bodySchemas } from '../../lib/form-validation.js'
import { useResourceRecord } from '../../lib/resource-api.js'
import { useResource } from '../../lib/resource-context.js'
import { useUpdateController } from '../../lib/write-controllers.js'
import {
  DEPARTMENT_CHOICES,
  isMemberFieldDisabled,
  memberFormFields,
  otherDepartmentRule,
  toMemberBody,
  toMemberFormValues,
} from './member-values.js'

/**
 * /auth/edit/dcoe_members/<id> (spec 000 §4: the member list's edit mode; issue 39 item 3): the
 * Add New Member form prefilled, team and lists included; Submit asks before saving, as every edit
 * form does. Its texts are a member's, not the blacklist toggle's (the model's own update texts).
 */
export function DcoeMemberEditPage({ modelId, notFound }: { modelId?: string; notFound: ReactNode }) {
  const resource = useResource()
  const { messages } = resource
  const [, navigate] = useLocation()
  const record = useResourceRecord(resource, modelId)
  const fields = useMemo(() => memberFormFields(resource), [resource])
  const [pending, setPending] = useState<FormValues | undefined>()
  const listHref = paths.auth.resource.getHref('view', resource.key)
  const goBack = <GoBackButton href={listHref} />
  const update = useUpdateController(resource, {
    successText: members.messages.updated,
    failureText: members.messages.updateFailed,
    onSuccess: () => navigate(listHref),
    onError: () => setPending(undefined),
  })

  if (record.error instanceof ApiError && record.error.status === 404) return notFound

  return (
    <FormPage
      title={messages.editTitle}
      confirm={{
        question: messages.editConfirm,
        isOpen: pending !== undefined,
        loading: update.isMutating,
        onConfirm: () => pending && modelId && void update.trigger({ id: modelId, values: toMemberBody(fields, pending) }),
        onCancel: () => setPending(undefined),
      }}
    >
      <RecordState record={record} goBack={goBack}>
        {(data) => (
          <ResourceForm
            key={modelId}
            fields={fields}
            schema={bodySchemas(resource).update}
            initialValues={toMemberFormValues(fields, data.data)}
            serverErrors={update.fieldErrors}
            choices={DEPARTMENT_CHOICES}
            rule={otherDepartmentRule}
            isDisabled={isMemberFieldDisabled}
            busy={update.isMutating}
            onSubmit={setPending}
            extraActions={goBack}
          />
        )}
      </RecordState>
    </FormPage>
  )
}
