import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { fieldOf, type FieldDef } from '../../../../shared/resources/index.js'
import type { RecordAnswer } from '../../../../shared/schemas/common.js'
import { FormPage } from '../../components/form-page.js'
import { ResourceForm, toFormValues, toPayload } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { bodySchemas } from '../../lib/form-validation.js'
import type { Row } from '../../lib/resource-api.js'
import { pageSubmitFailed, useCreateController } from '../../lib/write-controllers.js'
import { useResource } from '../../lib/resource-context.js'

/** /auth/create/cloud_contacts (spec 001 §2): one email, Confirm; the server fills in the rest. */
export function ContactCreatePage() {
  const resource = useResource()
  const [, navigate] = useLocation()
  const fields = useMemo(() => [fieldOf(resource, 'email')].filter((f): f is FieldDef => !!f), [resource])
  const create = useCreateController(resource, {
    failureText: pageSubmitFailed(resource.messages, 'create'),
    request: (values) => apiRequest<RecordAnswer<Row>>('POST', paths.api.cloudContacts.byEmail.getHref(), { [resource.bodyKey]: values }),
    onSuccess: () => navigate(paths.auth.resource.getHref('view', resource.key)),
  })

  return (
    <FormPage title={resource.messages.createTitle}>
      <ResourceForm
        fields={fields}
        schema={bodySchemas(resource).create}
        initialValues={toFormValues(fields)}
        serverErrors={create.fieldErrors}
        busy={create.isMutating}
        submitText="Confirm"
        onSubmit={(v) => void create.trigger(toPayload(fields, v))}
      />
    </FormPage>
  )
}
