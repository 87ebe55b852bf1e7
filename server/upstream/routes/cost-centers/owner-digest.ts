import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import { MESSAGES } from '../../../../shared/messages.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import type { OwnerDigestAnswer, OwnerDigestBody, SkippedOwner } from '../../../../shared/schemas/owner-digest.js'
import { rows } from '../../db/records/rows.js'
import { digestMail, digestsOf } from '../../mail/owner-digest/digest.js'
import { lastCompleteMonth } from '../../mail/owner-digest/months.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

/** Why an owner got no digest, as the answer says it. */
export const SKIPPED = {
  outside: 'outside the allowed recipient domains',
  terminated: 'the contact is terminated',
  nothing: (month: string) => `nothing to report for ${month}`,
  noCostCenter: 'owns no cost center',
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1)

/**
 * POST /cost_centers/send_owner_digest {"cost_center":{"month":"2026-10","owner":"a@b","allowed_domains":[…]}}
 *   → 200 {"data":{"message","month","sent","recipients":[…],"skipped":[{"owner","reason"}]}}
 * One digest email per cost center owner (cost_centers.cloud_contact_id → cloud_contacts.email), or
 * the named one's, of `month` (default: the last complete month by the upstream's clock), to the
 * owner's own address; only to the allowed domains, which the gateway sends (recipients.ts). Who may
 * name whom is the gateway's rule: here every owner in scope is mailed, or skipped with the reason.
 */
export const ownerDigestRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (app) => {
  app.route<{ Body: OwnerDigestBody }>({
    ...declaredRoute(CALLS.costCenters.calls.ownerDigest),
    schemaErrorFormatter: bodyErrorFormatter({ month: 'Month', owner: 'Owner', allowed_domains: 'Allowed domains' }),
    handler: async (request): Promise<OwnerDigestAnswer> => {
      const { month = lastCompleteMonth(app.clock()), owner: named, allowed_domains: domains = [] } = request.body.cost_center
      const allowed = new Set(domains.map((d) => d.toLowerCase()))
      const owner = named?.toLowerCase()
      const [owners, digests] = await Promise.all([
        rows<{ owner: string; terminated: boolean }>(
          app.database.db,
          sql`SELECT lower(c.email) AS owner, coalesce(c.terminated, false) AS terminated FROM cloud_contacts c
              WHERE EXISTS (SELECT 1 FROM cost_centers cc WHERE cc.cloud_contact_id = c.id)
              ${owner === undefined ? sql`` : sql`AND lower(c.email) = ${owner}`}
              ORDER BY lower(c.email)`,
        ),
        digestsOf(app.database.db, { month, owner, now: app.clock(), anomalyRule: app.anomalyRule }),
      ])
      const recipients: string[] = []
      const skipped: SkippedOwner[] = owner !== undefined && owners.length === 0 ? [{ owner, reason: SKIPPED.noCostCenter }] : []
      for (const { owner: to, terminated } of owners) {
        const sections = digests.get(to)
        const reason = terminated
          ? SKIPPED.terminated
          : !allowed.has(domainOf(to))
            ? SKIPPED.outside
            : sections === undefined
              ? SKIPPED.nothing(month)
              : undefined
        if (reason !== undefined) skipped.push({ owner: to, reason })
        else recipients.push(to)
      }
      // after every check: a refusal (no mail configured: 503) leaves nothing half sent
      for (const to of recipients) app.mail.sendLater(digestMail(to, month, digests.get(to)!), 'owner digest')
      return { data: { message: MESSAGES.reportEmailed, month, sent: recipients.length, recipients, skipped } }
    },
  })
}
