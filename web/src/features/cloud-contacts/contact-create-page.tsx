import { useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { fieldOf, type FieldDef } from '../../../../shared/resources/index.js'
import type { RecordAnswer } from '../../../../shared/schemas/common.js'
import { FormPage } from '../../components/form-page.js'
import { ResourceForm, toFormValues, toPayload } from '../../components/resource-form/index.js'
import { paths, safeAuthPath } from '../../config/paths.js'
import { bodySchemas } from '../../lib/form-validation.js'
import type { Row } from '../../lib/resource-api.js'
import { pageSubmitFailed, useCreateController } from '../../lib/write-controllers.js'
import { useResource } from '../../lib/resource-context.js'
import { declaredRequest } from '../../lib/use-call.js'

const createByEmail = declaredRequest('cloudContacts', 'byEmail')

/**
 * /auth/create/cloud_contacts (spec 001 §2): one email, Confirm; the server fills in the rest. A
 * form that needed the contact (spec 001 §5) sends its email and gets the person back once added.
 */
export function ContactCreatePage() {
  const resource = useResource()
  const [, navigate] = useLocation()
  // sent here by a form that needs the contact (paths.auth.newContact): its email, and the way back
  const query = new URLSearchParams(useSearch())
  const returnTo = query.get('returnTo')
  const fields = useMemo(() => [fieldOf(resource, 'email')].filter((f): f is FieldDef => !!f), [resource])
  const [initial] = useState(() => ({ ...toFormValues(fields), email: query.get('email') ?? '' }))
  const create = useCreateController(resource, {
    failureText: pageSubmitFailed(resource.messages, 'create'),
    // the form's one field, which the model's create schema checked; by_email answers the record as
    // the model's create does (its declaration names no answer)
    request: async (values) => (await createByEmail({ body: { cloud_contact: values as { email: string } } })) as RecordAnswer<Row>,
    onSuccess: () => navigate(returnTo ? safeAuthPath(returnTo) : paths.auth.resource.getHref('view', resource.key)),
  })

  return (
    <FormPage title={resource.messages.createTitle}>
      <ResourceForm
        fields={fields}
        schema={bodySchemas(resource).create}
        initialValues={initial}
        serverErrors={create.fieldErrors}
        busy={create.isMutating}
        submitText="Confirm"
        onSubmit={(v) => void create.trigger(toPayload(fields, v))}
      />
    </FormPage>
  )
}
