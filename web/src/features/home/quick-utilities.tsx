import { Button, Card, Classes, Elevation, H3 } from '@blueprintjs/core'
import { useState } from 'react'
import { MESSAGES } from '../../../../shared/messages.js'
import { ConfirmDialog } from '../../components/confirm-dialog/index.js'
import { EmailDialog } from '../../components/email-dialog/index.js'
import { Permitted } from '../../components/permitted/index.js'
import { callHref } from '../../config/paths.js'
import { need, type CallName } from '../../lib/access.js'
import { apiRequest } from '../../lib/api-client.js'
import { useCall } from '../../lib/use-call.js'
import '../../components/statistics/statistics.css'

/**
 * One report card of spec 000 §2 "Quick Utilities": the address modal (prefilled with the signed-in
 * address) posts `body(email)` to the declared `call`, which names the role its button needs. Adding a report is one entry of QUICK_UTILITIES.
 */
export interface ReportCard {
  kind?: 'report'
  key: string
  title: string
  description: string
  /** the declared call it makes: the role it needs, for the button */
  call: CallName
  body: (email: string) => unknown
}

/** A card that emails many owners at once: 'Are you sure?', then POST {} to `call`. */
export interface ConfirmedCard {
  kind: 'confirmed'
  key: string
  title: string
  description: string
  call: CallName
}

export type UtilityCard = ReportCard | ConfirmedCard

/** The cards of spec 000 §2, in its order: five reports, then the two that email every affected owner. */
export const QUICK_UTILITIES: readonly UtilityCard[] = [
  {
    key: 'aws-zipped-bill',
    title: 'AWS Zipped Bill',
    description: 'Email every AWS cloud bill as a zipped CSV attachment.',
    call: 'cloudBills.zippedAwsBill',
    body: (email) => ({ cloud_bill: { email: false, send_to: email } }),
  },
  {
    key: 'cost-center-inventory',
    title: 'Cost Center Inventory',
    description: 'Email the cost center inventory as a CSV attachment.',
    call: 'costCenters.sendReport',
    body: (email) => ({ cost_center: { email: true, send_to: email } }),
  },
  {
    key: 'database-backup',
    title: 'Database Backup',
    description: 'Email a restorable backup of the portal database (a gzip-compressed SQL script).',
    call: 'dbDump.dump',
    body: (email) => ({ db_dump: { send_to: email } }),
  },
  {
    key: 'terminated-cloud-contacts',
    title: 'Terminated Cloud Contacts',
    description: 'Email the terminated cloud contacts and the cloud parents they own as a CSV attachment.',
    call: 'cloudContacts.terminatedReport',
    body: (email) => ({ cloud_contact: { to_address: email } }),
  },
  {
    key: 'github-enterprise-billing',
    title: 'GitHub Enterprise Billing',
    description: 'Email the GitHub Copilot seats and their cost centers as an .xlsx workbook.',
    call: 'github.copilotWorkbook',
    body: (email) => ({ github: { to_email: email } }),
  },
  {
    kind: 'confirmed',
    key: 'expired-cost-centers',
    title: 'Expired Cost Centers',
    description: 'Email each owner of cloud parents whose cost center has expired the list of those accounts.',
    call: 'costCenters.expiredReport',
  },
  {
    kind: 'confirmed',
    key: 'terminated-cloud-accounts',
    title: 'Terminated Cloud Accounts',
    description: 'Email each owner of terminated cloud parents an action-required list of those accounts.',
    call: 'cloudParents.terminatedAccounts',
  },
]

function ConfirmedUtility({ card }: { card: ConfirmedCard }) {
  const [open, setOpen] = useState(false)
  const href = callHref(card.call)
  const send = useCall(href, () => apiRequest('POST', href, {}), {
    successText: MESSAGES.reportEmailed,
    failureText: MESSAGES.actionFailed,
    onSuccess: () => setOpen(false),
  })
  return (
    <Card elevation={Elevation.ONE} className="utility-card" role="region" aria-label={card.title}>
      <H3 className={Classes.HEADING}>{card.title}</H3>
      <p>{card.description}</p>
      <div className="utility-card__actions">
        <Permitted need={need.call(card.call)}>
          <Button icon="envelope" text="Send Emails" onClick={() => setOpen(true)} />
        </Permitted>
      </div>
      <ConfirmDialog
        isOpen={open}
        question={MESSAGES.areYouSure}
        loading={send.isMutating}
        onConfirm={() => void send.trigger(undefined)}
        onCancel={() => setOpen(false)}
      >
        {card.description}
      </ConfirmDialog>
    </Card>
  )
}

function ReportUtility({ card }: { card: ReportCard }) {
  const [open, setOpen] = useState(false)
  const send = (email: string) => apiRequest('POST', callHref(card.call), card.body(email))
  return (
    <Card elevation={Elevation.ONE} className="utility-card" role="region" aria-label={card.title}>
      <H3 className={Classes.HEADING}>{card.title}</H3>
      <p>{card.description}</p>
      <div className="utility-card__actions">
        <Permitted need={need.call(card.call)}>
          <Button icon="envelope" text="Send Report" onClick={() => setOpen(true)} />
        </Permitted>
      </div>
      <EmailDialog
        successText={MESSAGES.reportEmailed}
        failureText={MESSAGES.actionFailed}
        isOpen={open}
        title={card.title}
        send={send}
        onClose={() => setOpen(false)}
      />
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
