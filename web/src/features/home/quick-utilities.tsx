import { Button, Card, Classes, Elevation, H3 } from '@blueprintjs/core'
import { useState } from 'react'
import { MESSAGES } from '../../../../shared/messages.js'
import { EmailDialog } from '../../components/email-dialog/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'

/**
 * One report card of spec 000 §2 "Quick Utilities": the address modal (prefilled with the signed-in
 * address) posts `body(email)` to `href()`. Adding a report is one entry of QUICK_UTILITIES.
 */
export interface ReportCard {
  key: string
  title: string
  description: string
  href: () => string
  body: (email: string) => unknown
}

/**
 * The cards whose upstream call exists. Still to come (issue 9 item 1), each one entry here once its
 * route is in: AWS zipped bill (POST cloud_bills/send_zipped_aws_bill), database backup
 * (POST db_dump/dump_db), terminated cloud contacts (POST cloud_contacts/
 * send_email_report_of_terminated_cloud_parent_owners), GitHub Copilot billing (POST
 * github/send_copilot_xlsx_email), and the two confirmed cards.
 */
export const QUICK_UTILITIES: readonly ReportCard[] = [
  {
    key: 'cost-center-inventory',
    title: 'Cost Center Inventory',
    description: 'Email the cost center inventory as a CSV attachment.',
    href: () => paths.api.costCenterSendReport.getHref(),
    body: (email) => ({ cost_center: { email: true, send_to: email } }),
  },
]

function ReportUtility({ card }: { card: ReportCard }) {
  const [open, setOpen] = useState(false)
  const send = async (email: string) => {
    try {
      await apiRequest('POST', card.href(), card.body(email))
      setOpen(false)
      void toastSuccess(MESSAGES.reportEmailed)
    } catch {
      void toastError(MESSAGES.actionFailed)
    }
  }
  return (
    <Card elevation={Elevation.ONE} className="utility-card" role="region" aria-label={card.title}>
      <H3 className={Classes.HEADING}>{card.title}</H3>
      <p>{card.description}</p>
      <div className="utility-card__actions">
        <Button icon="envelope" text="Send Report" onClick={() => setOpen(true)} />
      </div>
      <EmailDialog isOpen={open} title={card.title} onSend={send} onClose={() => setOpen(false)} />
    </Card>
  )
}

export function QuickUtilities() {
  return (
    <div className="card-grid">
      {QUICK_UTILITIES.map((card) => (
        <ReportUtility key={card.key} card={card} />
      ))}
    </div>
  )
}
