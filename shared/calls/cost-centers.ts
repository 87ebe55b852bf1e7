import { Type } from '@sinclair/typebox'
import { OwnerDigestAnswerSchema, OwnerDigestBodySchema } from '../schemas/owner-digest.js'
import { OwnerMailsAnswerSchema, ReportAnswerSchema } from './answers.js'
import type { CallDomain } from './types.js'

export const costCenterCalls = {
  model: 'cost_centers',
  calls: {
    // spec 001 §7, and the Home card 'Cost Center Inventory'
    sendReport: {
      method: 'POST',
      role: 'editor',
      scope: 'reports',
      recipient: { at: ['cost_center', 'send_to'] },
      path: 'cost_centers/send_report',
      summary: 'Email the whole cost center inventory (CSV) to send_to',
      body: Type.Object(
        {
          cost_center: Type.Object(
            {
              // the spec's payload carries email: true (send by email); nothing else is offered
              email: Type.Optional(Type.Boolean()),
              send_to: Type.String({ format: 'email', maxLength: 254 }),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      answer: ReportAnswerSchema,
    },
    // spec 000 §7: listed without a payload
    expiredReport: {
      method: 'POST',
      role: 'admin',
      scope: 'reports',
      path: 'cost_centers/send_expired_cost_centers_report',
      summary: 'Email each owner the cloud accounts charged to an expired cost center',
      body: 'none',
      answer: OwnerMailsAnswerSchema,
    },
    // issue 42 item 5: a report trigger a scheduler calls once a month
    ownerDigest: {
      method: 'POST',
      role: 'editor',
      scope: 'reports',
      recipient: { at: ['cost_center', 'owner'], owners: { others: 'admin' } },
      path: 'cost_centers/send_owner_digest',
      summary: "Email each cost center owner the month's digest of their cost centers (spend, anomalies, budgets, unchargeable resources)",
      description:
        "One email per cost center owner (the cost center's cloud contact), to the owner's own address: the spend of the month " +
        'of each cost center they own, per currency, beside the month before (amounts of different currencies are never added ' +
        "together); the month's spend anomalies with what grew most; each budget against the month's spend and the thresholds " +
        'it crossed; and the resources charged to their cost centers that cannot be charged today (expired, not approved, ' +
        'terminated owner). A section with nothing for the owner is left out. `month` (yyyy-MM) defaults to the last complete month; `owner` names one owner, and without it every owner ' +
        "is mailed. An admin, or a script with the `reports` scope, may send any owner's digest or all of them; an editor names " +
        "their own address as `owner` (another's, or none: 403 naming `owner`). A named owner outside the allowed recipient " +
        'domains is a 422 naming `owner`; of all owners, those outside them are skipped. The answer says how many emails went, ' +
        'to whom (`recipients`), and each owner skipped with the reason: outside the allowed domains, a terminated contact, ' +
        'nothing to report for the month (none of the sections has anything for them), or, for a named owner, owning no cost center. ' +
        '`allowed_domains` is set by the gateway (REPORT_RECIPIENT_DOMAINS), whatever the body says. Send `{"cost_center":{}}` ' +
        'for every owner and the last complete month.',
      body: OwnerDigestBodySchema,
      answer: OwnerDigestAnswerSchema,
    },
  },
} as const satisfies CallDomain
