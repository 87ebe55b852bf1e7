import { Button, Card, Classes, Elevation, H3 } from '@blueprintjs/core'
import { useState } from 'react'
import { MESSAGES } from '../../../../shared/messages.js'
import { ConfirmDialog } from '../../components/confirm-dialog/index.js'
import { EmailDialog } from '../../components/email-dialog/index.js'
import { paths } from '../../config/paths.js'
import { apiRequest } from '../../lib/api-client.js'
import { toastError, toastSuccess } from '../../lib/toaster.js'

/**
 * One report card of spec 000 §2 "Quick Utilities": the address modal (prefilled with the signed-in
 * address) posts `body(email)` to `href()`. Adding a report is one entry of QUICK_UTILITIES.
 */
export interface ReportCard {
  kind?: 'report'
  key: string
  title: string
  description: string
  href: () => string
  body: (email: string) => unknown
}

/** A card that emails many owners at once: 'Are you sure?', then POST {} to `href()`. */
export interface ConfirmedCard {
  kind: 'confirmed'
  key: string
  title: string
  description: string
  href: () => string
}

export type UtilityCard = ReportCard | ConfirmedCard

/**
 * The cards whose upstream call exists. Still to come (issue 9 item 1), each one entry here once its
 * route is in: AWS zipped bill (POST cloud_bills/send_zipped_aws_bill), database backup
 * (POST db_dump/dump_db) and GitHub Copilot billing (POST github/send_copilot_xlsx_email).
 */
export const QUICK_UTILITIES: readonly UtilityCard[] = [
  {
    key: 'cost-center-inventory',
    title: 'Cost Center Inventory',
    description: 'Email the cost center inventory as a CSV attachment.',
    href: () => paths.api.costCenterSendReport.getHref(),
    body: (email) => ({ cost_center: { email: true, send_to: email } }),
  },
  {
    key: 'terminated-cloud-contacts',
    title: 'Terminated Cloud Contacts',
    description: 'Email the terminated cloud contacts and the cloud parents they own as a CSV attachment.',
    href: () => paths.api.terminatedContactsReport.getHref(),
    body: (email) => ({ cloud_contact: { to_address: email } }),
  },
  {
    kind: 'confirmed',
    key: 'expired-cost-centers',
    title: 'Expired Cost Centers',
    description: 'Email each owner of cloud parents whose cost center has expired the list of those accounts.',
    href: () => paths.api.expiredCostCentersReport.getHref(),
  },
  {
    kind: 'confirmed',
    key: 'terminated-cloud-accounts',
    title: 'Terminated Cloud Accounts',
    description: 'Email each owner of terminated cloud parents an action-required list of those accounts.',
    href: () => paths.api.terminatedAccountsEmails.getHref(),
  },
]

function ConfirmedUtility({ card }: { card: ConfirmedCard }) {
  const [open, setOpen] = useState(false)
  const [sending, setSending] = useState(false)
  const send = async () => {
    setSending(true)
    try {
      await apiRequest('POST', card.href(), {})
      setOpen(false)
      void toastSuccess(MESSAGES.reportEmailed)
    } catch {
      void toastError(MESSAGES.actionFailed)
    } finally {
      setSending(false)
    }
  }
  return (
    <Card elevation={Elevation.ONE} className="utility-card" role="region" aria-label={card.title}>
      <H3 className={Classes.HEADING}>{card.title}</H3>
      <p>{card.description}</p>
      <div className="utility-card__actions">
        <Button icon="envelope" text="Send Emails" onClick={() => setOpen(true)} />
      </div>
      <ConfirmDialog
        isOpen={open}
        question={MESSAGES.areYouSure}
        loading={sending}
        onConfirm={() => void send()}
        onCancel={() => setOpen(false)}
      >
        {card.description}
      </ConfirmDialog>
    </Card>
  )
}

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
      {QUICK_UTILITIES.map((card) =>
        card.kind === 'confirmed' ? <ConfirmedUtility key={card.key} card={card} /> : <ReportUtility key={card.key} card={card} />,
      )}
    </div>
  )
}
