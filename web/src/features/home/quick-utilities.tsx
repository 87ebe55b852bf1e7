import { Button, Card, Classes, Elevation, H3 } from '@blueprintjs/core'
import { useState } from 'react'
import { MESSAGES } from '../../../../shared/messages.js'
import { ConfirmDialog } from '../../components/confirm-dialog/index.js'
import { EmailDialog } from '../../components/email-dialog/index.js'
import { Permitted } from '../../components/permitted/index.js'
import type { CallDomainName, CallInput, CallNameOf } from '../../../../shared/calls/index.js'
import { need, type Need } from '../../lib/access.js'
import { declaredRequest, useCall } from '../../lib/use-call.js'
import '../../components/statistics/statistics.css'

interface CardText {
  key: string
  title: string
  description: string
}

/**
 * One report card of spec 000 §2 "Quick Utilities": the address modal (prefilled with the signed-in
 * address) sends a declared call, which names the role its button needs. Adding a report is one entry of QUICK_UTILITIES.
 */
export interface ReportCard extends CardText {
  kind?: 'report'
  /** the role its button needs, from the call's declaration */
  need: Need
  send: (email: string) => Promise<unknown>
}

/** A card that emails many owners at once: 'Are you sure?', then its call, which takes no body. */
export interface ConfirmedCard extends CardText {
  kind: 'confirmed'
  need: Need
  send: () => Promise<unknown>
}

export type UtilityCard = ReportCard | ConfirmedCard

/** A report card of the declared call `domain.name`, sent with `input(email)` (its body typed by the declaration). */
function reportCard<D extends CallDomainName, N extends CallNameOf<D>>(
  domain: D,
  name: N,
  input: (email: string) => CallInput<D, N>,
  text: CardText,
): ReportCard {
  const request = declaredRequest(domain, name)
  return { ...text, need: need.call(domain, name), send: (email) => request(input(email)) }
}

/** A confirmed card of the declared call `domain.name`, sent with `input` (those of spec 000 §7 send `{}`). */
function confirmedCard<D extends CallDomainName, N extends CallNameOf<D>>(
  domain: D,
  name: N,
  input: CallInput<D, N>,
  text: CardText,
): ConfirmedCard {
  const request = declaredRequest(domain, name)
  return { ...text, kind: 'confirmed', need: need.call(domain, name), send: () => request(input) }
}

/** The cards of spec 000 §2, in its order: five reports, then the two that email every affected owner. */
export const QUICK_UTILITIES: readonly UtilityCard[] = [
  reportCard('cloudBills', 'zippedAwsBill', (email) => ({ body: { cloud_bill: { email: false, send_to: email } } }), {
    key: 'aws-zipped-bill',
    title: 'AWS Zipped Bill',
    description: 'Email every AWS cloud bill as a zipped CSV attachment.',
  }),
  reportCard('costCenters', 'sendReport', (email) => ({ body: { cost_center: { email: true, send_to: email } } }), {
    key: 'cost-center-inventory',
    title: 'Cost Center Inventory',
    description: 'Email the cost center inventory as a CSV attachment.',
  }),
  reportCard('dbDump', 'dump', (email) => ({ body: { db_dump: { send_to: email } } }), {
    key: 'database-backup',
    title: 'Database Backup',
    description: 'Email a restorable backup of the portal database (a gzip-compressed SQL script).',
  }),
  reportCard('cloudContacts', 'terminatedReport', (email) => ({ body: { cloud_contact: { to_address: email } } }), {
    key: 'terminated-cloud-contacts',
    title: 'Terminated Cloud Contacts',
    description: 'Email the terminated cloud contacts and the cloud parents they own as a CSV attachment.',
  }),
  reportCard('github', 'copilotWorkbook', (email) => ({ body: { github: { to_email: email } } }), {
    key: 'github-enterprise-billing',
    title: 'GitHub Enterprise Billing',
    description: 'Email the GitHub Copilot seats and their cost centers as an .xlsx workbook.',
  }),
  confirmedCard(
    'costCenters',
    'expiredReport',
    { body: {} },
    {
      key: 'expired-cost-centers',
      title: 'Expired Cost Centers',
      description: 'Email each owner of cloud parents whose cost center has expired the list of those accounts.',
    },
  ),
  confirmedCard(
    'cloudParents',
    'terminatedAccounts',
    { body: {} },
    {
      key: 'terminated-cloud-accounts',
      title: 'Terminated Cloud Accounts',
      description: 'Email each owner of terminated cloud parents an action-required list of those accounts.',
    },
  ),
]

function ConfirmedUtility({ card }: { card: ConfirmedCard }) {
  const [open, setOpen] = useState(false)
  const send = useCall(card.key, card.send, {
    successText: MESSAGES.reportEmailed,
    failureText: MESSAGES.actionFailed,
    onSuccess: () => setOpen(false),
  })
  return (
    <Card elevation={Elevation.ONE} className="utility-card" role="region" aria-label={card.title}>
      <H3 className={Classes.HEADING}>{card.title}</H3>
      <p>{card.description}</p>
      <div className="utility-card__actions">
        <Permitted need={card.need}>
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
  return (
    <Card elevation={Elevation.ONE} className="utility-card" role="region" aria-label={card.title}>
      <H3 className={Classes.HEADING}>{card.title}</H3>
      <p>{card.description}</p>
      <div className="utility-card__actions">
        <Permitted need={card.need}>
          <Button icon="envelope" text="Send Report" onClick={() => setOpen(true)} />
        </Permitted>
      </div>
      <EmailDialog
        successText={MESSAGES.reportEmailed}
        failureText={MESSAGES.actionFailed}
        isOpen={open}
        title={card.title}
        send={card.send}
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
