import { Button, Card, FormGroup, H1, InputGroup, Intent } from '@blueprintjs/core'
import { useState, type FormEvent } from 'react'
import { useSWRConfig } from 'swr'
import { useLocation } from 'wouter'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest, errorText } from '../../lib/api-client.js'
import { isResourceKey } from '../../lib/resource-api.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'
import { usePageTitle } from '../../lib/use-page-title.js'

/** /auth/create/cloud_contacts (spec 001 §2): one email, Confirm; the server fills in the rest. */
export function ContactCreatePage({ resource }: { resource: ResourceDef }) {
  const { messages } = resource
  usePageTitle(messages.createTitle)
  const [, navigate] = useLocation()
  const { mutate } = useSWRConfig()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      await apiRequest('POST', paths.api.cloudContactByEmail.getHref(), { [resource.bodyKey]: { email: email.trim() } })
      void toastSuccess(messages.created)
      void mutate(isResourceKey(resource))
      navigate(paths.auth.resource.getHref('view', resource.key))
    } catch (err) {
      void toastError(`${messages.createFailed} ${errorText(err)}`)
      setBusy(false)
    }
  }

  return (
    <div className="page page--narrow">
      <header className="page__header">
        <H1 className="page__title">{messages.createTitle}</H1>
      </header>
      <Card className="form-card">
        <form onSubmit={(e) => void submit(e)}>
          <FormGroup label="Email" labelFor="contact-email" className="form-group--required">
            <InputGroup id="contact-email" type="email" required value={email} onValueChange={setEmail} disabled={busy} />
          </FormGroup>
          <div className="form-actions">
            <Button type="submit" intent={Intent.PRIMARY} text="Confirm" loading={busy} disabled={!email.trim()} />
          </div>
        </form>
      </Card>
    </div>
  )
}
