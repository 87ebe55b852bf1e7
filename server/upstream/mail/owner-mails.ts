import { sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { rows, type Executor } from '../db/records/rows.js'

/** One cloud parent as an owner's email lists it. */
export interface OwnedAccount {
  owner: string
  identifier: string
  name: string | null
  provider_type: string
  cost_center: string | null
}

/** The cloud parents matching `where` (SQL on cloud_parents AS p) that have an owner, by owner. */
export async function accountsByOwner(db: Executor, where: SQL): Promise<Map<string, OwnedAccount[]>> {
  const found = await rows<OwnedAccount>(
    db,
    sql`SELECT lower(p.cloud_contact_email) AS owner, p.identifier, p.name, p.provider_type, p.cost_center
        FROM cloud_parents p
        WHERE p.cloud_contact_email IS NOT NULL AND p.cloud_contact_email <> '' AND (${where})
        ORDER BY lower(p.cloud_contact_email), p.identifier`,
  )
  const byOwner = new Map<string, OwnedAccount[]>()
  for (const account of found) byOwner.set(account.owner, [...(byOwner.get(account.owner) ?? []), account])
  return byOwner
}

/** `- 123456789012 (Prod, AwsCloudParent, cost center X)`: one line per account in a plain-text email. */
export function accountLine(a: OwnedAccount): string {
  const details = [a.name, a.provider_type, a.cost_center && `cost center ${a.cost_center}`].filter(Boolean).join(', ')
  return `- ${a.identifier} (${details})`
}

/** Sends one email per owner, after the answer; returns how many were queued. */
export function mailEachOwner(
  app: FastifyInstance,
  byOwner: Map<string, OwnedAccount[]>,
  what: string,
  compose: (accounts: OwnedAccount[]) => { subject: string; text: string },
): number {
  for (const [to, accounts] of byOwner) app.mail.sendLater({ to, ...compose(accounts) }, what)
  return byOwner.size
}
