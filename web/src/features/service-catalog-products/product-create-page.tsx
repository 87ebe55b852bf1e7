import { useMemo } from 'react'
import { useLocation } from 'wouter'
import { writableFields } from '../../../../shared/resources/index.js'
import { FormPage, GoBackButton } from '../../components/form-page.js'
import { ResourceForm, toFormValues, toPayload } from '../../components/resource-form/index.js'
import { paths } from '../../config/paths.js'
import { bodySchemas } from '../../lib/form-validation.js'
import { pageSubmitFailed, useCreateController } from '../../lib/write-controllers.js'
import './service-catalog-products.css'
import { useResource } from '../../lib/resource-context.js'

/**
 * /auth/create/service_catalog_products: name, product id and description, as the generic add form,
 * with the shorter editor of spec 001 §9 (300 px, set on the form's CSS variable).
 */
export function ProductCreatePage() {
  const resource = useResource()
  const { messages } = resource
  const [, navigate] = useLocation()
  const fields = useMemo(() => writableFields(resource), [resource])
  const listHref = paths.auth.resource.getHref('view', resource.key)
  const create = useCreateController(resource, { failureText: pageSubmitFailed(messages, 'create'), onSuccess: () => navigate(listHref) })

  return (
    <FormPage title={messages.createTitle}>
      <div className="product-form">
        <ResourceForm
          fields={fields}
          schema={bodySchemas(resource).create}
          serverErrors={create.fieldErrors}
          initialValues={toFormValues(fields)}
          busy={create.isMutating}
          onSubmit={(values) => void create.trigger(toPayload(fields, values))}
          extraActions={<GoBackButton href={listHref} />}
        />
      </div>
    </FormPage>
  )
}
