import { sql } from 'drizzle-orm'
import { rows, type Executor } from '../../db/records/rows.js'
import type { CredentialRefusal, MemberCredentials } from './credential.js'

/**
 * Which of a member's links still works (issue 27 item 6, migration 046): only the latest one issued
 * (its nonce is stored per member, so issuing another voids it) and only until a successful update
 * spends it. The signature and expiry are credential.ts's; this is the database's part.
 */

type LinkState = 'current' | 'spent' | 'voided'

/** What the page shows for each refusal; `invalid` says nothing a stranger could use. */
export const LINK_REFUSALS: Record<CredentialRefusal | Exclude<LinkState, 'current'>, string> = {
  invalid: 'This link is not valid for this member, or it has expired',
  expired: 'This link has expired: ask the CCOE Team for a new one',
  'beyond-max-ttl': 'This link is not valid: no link lasts more than 7 days',
  spent: 'This link has already been used: ask the CCOE Team for a new one',
  voided: 'A newer link was sent for this member: only the latest one works',
}

/** The member's new link replaces any older one; false when there is no such member. */
export async function recordIssuedLink(db: Executor, memberId: number, nonce: string): Promise<boolean> {
  const recorded = await rows(
    db,
    sql`INSERT INTO member_self_service_links (member_id, nonce)
        SELECT id, ${nonce} FROM dcoe_members WHERE id = ${memberId}
        ON CONFLICT (member_id) DO UPDATE SET nonce = EXCLUDED.nonce, issued_at = now(), spent_at = NULL
        RETURNING member_id`,
  )
  return recorded.length === 1
}

/** A member without a stored link never had a genuine one (or is gone): invalid, not voided. */
async function storedLinkState(db: Executor, memberId: number, nonce: string): Promise<LinkState | 'invalid'> {
  const [link] = await rows<{ nonce: string; spent: boolean }>(
    db,
    sql`SELECT nonce, spent_at IS NOT NULL AS spent FROM member_self_service_links WHERE member_id = ${memberId}`,
  )
  if (!link) return 'invalid'
  if (link.nonce !== nonce) return 'voided'
  return link.spent ? 'spent' : 'current'
}

/** The nonce of a link that works now, or the text of its refusal. */
export async function checkLink(
  db: Executor,
  credentials: MemberCredentials,
  memberId: number,
  credential: string | undefined,
): Promise<{ nonce: string } | { refusal: string }> {
  const checked = credentials.check(memberId, credential)
  if (!checked.ok) return { refusal: LINK_REFUSALS[checked.refusal] }
  const state = await storedLinkState(db, memberId, checked.nonce)
  return state === 'current' ? { nonce: checked.nonce } : { refusal: LINK_REFUSALS[state] }
}

/**
 * Spends the link inside the update's transaction: the row lock makes a second, simultaneous update
 * with the same link wait and then find it spent; a refused update rolls the spending back.
 * Undefined when spent; otherwise the refusal's text.
 */
export async function spendLink(tx: Executor, memberId: number, nonce: string): Promise<string | undefined> {
  const spent = await rows(
    tx,
    sql`UPDATE member_self_service_links SET spent_at = now()
        WHERE member_id = ${memberId} AND nonce = ${nonce} AND spent_at IS NULL RETURNING member_id`,
  )
  if (spent.length === 1) return undefined
  const state = await storedLinkState(tx, memberId, nonce)
  return LINK_REFUSALS[state === 'current' ? 'invalid' : state]
}
