import { Button } from '@blueprintjs/core'
import { useState } from 'react'
import { MESSAGES } from '../../../../shared/messages.js'
import { EmailDialog } from '../../components/email-dialog/index.js'
import { declaredRequest } from '../../lib/use-call.js'
import { TerminatedOwnersCsvLink } from './terminated-owners-csv.js'
import { Permitted } from '../../components/permitted/index.js'
import { need } from '../../lib/access.js'

const sendReport = declaredRequest('costCenters', 'sendReport')

/** Beside 'Add New Cost Center': the emailed inventory report and the terminated-owners CSV (spec 001 §2). */
export function CostCenterListActions() {
  const [open, setOpen] = useState(false)
  const send = (email: string) => sendReport({ body: { cost_center: { email: true, send_to: email } } })
  return (
    <>
      <Permitted need={need.call('costCenters', 'sendReport')}>
        <Button icon="envelope" text="Send Inventory Report" onClick={() => setOpen(true)} />
      </Permitted>
      <TerminatedOwnersCsvLink />
      <EmailDialog
        successText={MESSAGES.reportEmailed}
        failureText={MESSAGES.actionFailed}
        isOpen={open}
        title="Send Inventory Report"
        send={send}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
