import { Button } from '@blueprintjs/core'
import { useState } from 'react'
import { MESSAGES } from '../../../../shared/messages.js'
import { EmailDialog } from '../../components/email-dialog/index.js'
import { declaredRequest } from '../../lib/use-call.js'
import { Permitted } from '../../components/permitted/index.js'
import { need } from '../../lib/access.js'

const exportAll = declaredRequest('cloudCertifications', 'export')

/** Beside 'Add New Certification': the Export Certificates modal, whose CSV the upstream emails (spec 001 §2, §7, §8). */
export function CertificationExportButton() {
  const [open, setOpen] = useState(false)
  const send = (email: string) => exportAll({ body: { cloud_certification: { email } } })
  return (
    <>
      <Permitted need={need.call('cloudCertifications', 'export')}>
        <Button icon="export" text="Export Certificates" onClick={() => setOpen(true)} />
      </Permitted>
      <EmailDialog
        successText={MESSAGES.reportEmailed}
        failureText={MESSAGES.actionFailed}
        isOpen={open}
        title="Export Certificates"
        send={send}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
