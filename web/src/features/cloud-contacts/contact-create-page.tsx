import { Button, Card, FormGroup, InputGroup, Intent } from '@blueprintjs/core'
import { useState, type FormEvent } from 'react'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { FormPage } from '../../components/form-page.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { useCreateRecord } from '../../lib/use-create-record.js'

/** /auth/create/cloud_contacts (spec 001 §2): one email, Confirm; the server fills in the rest. */
export function ContactCreatePage({ resource }: { resource: ResourceDef }) {
  const [email, setEmail] = useState('')
  const { busy, create } = useCreateRecord(resource)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    await create(() => apiRequest('POST', paths.api.cloudContactByEmail.getHref(), { [resource.bodyKey]: { email: email.trim() } }))
  }

  return (
    <FormPage title={resource.messages.createTitle}>
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
    </FormPage>
  )
}
