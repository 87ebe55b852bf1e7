import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent, Tooltip } from '@blueprintjs/core'
import { format } from 'date-fns'
import { useState } from 'react'
import type { Static } from '@sinclair/typebox'
import type { CredentialAnswerSchema } from '../../../../shared/schemas/member-self-service.js'
import type { Row } from '../../lib/resource-api.js'
import { toastFailure, toastSuccess } from '../../lib/toaster.js'
import { useDeclaredCall } from '../../lib/use-call.js'
import { Permitted } from '../../components/permitted/index.js'
import { need, useAccess } from '../../lib/access.js'

const issuing = need.call('selfService', 'credential')

type Issued = Static<typeof CredentialAnswerSchema>['data']

/**
 * A member's Self-service link (spec 000 §2, /unauth/update-member): the team issues it here, the
 * upstream signs it for this member alone and for a limited time, and the person sends it to the
 * member, who updates their department and business unit once without an account. A new link voids
 * the member's earlier ones.
 */
export function SelfServiceLinkButton({ row }: { row: Row }) {
  const access = useAccess()
  const [issued, setIssued] = useState<Issued>()
  const name = String(row.name ?? row.email ?? row.id)
  const url = issued && `${window.location.origin}${issued.link}`

  const issue = useDeclaredCall('selfService', 'credential', {
    failureText: 'The link could not be made:',
    onSuccess: (answer) => setIssued(answer.data),
  })
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url!)
      void toastSuccess('Link copied')
    } catch (err) {
      void toastFailure('The link could not be copied: select it and copy it by hand.', err)
    }
  }

  return (
    <>
      {/* a role that may not issue links is told why instead of what the button is */}
      {access.can(issuing) ? (
        <Tooltip content="Self-service link" placement="left">
          <Button
            size="small"
            variant="minimal"
            icon="link"
            aria-label={`Self-service link for ${name}`}
            loading={issue.isMutating}
            onClick={() => void issue.trigger({ params: { id: row.id } })}
          />
        </Tooltip>
      ) : (
        <Permitted need={issuing}>
          <Button size="small" variant="minimal" icon="link" aria-label={`Self-service link for ${name}`} />
        </Permitted>
      )}
      <Dialog isOpen={issued !== undefined} title={`Self-service link for ${name}`} icon="link" onClose={() => setIssued(undefined)}>
        <DialogBody>
          <FormGroup
            label="Link"
            labelFor="self-service-link"
            helperText={issued && `Valid until ${format(new Date(issued.expires_at), 'MMMM d, yyyy HH:mm')}`}
          >
            <InputGroup id="self-service-link" readOnly value={url ?? ''} onFocus={(e) => e.currentTarget.select()} />
          </FormGroup>
          <Callout intent={Intent.PRIMARY} icon="info-sign" compact>
            Whoever has this link can change this member&apos;s department and business unit once, until it expires: send it to the member
            only. It replaces any earlier link for this member.
          </Callout>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Close" onClick={() => setIssued(undefined)} />
              <Button intent={Intent.PRIMARY} icon="duplicate" text="Copy link" onClick={() => void copy()} autoFocus />
            </>
          }
        />
      </Dialog>
    </>
  )
}
