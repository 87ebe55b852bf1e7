import { roleAllows } from '../../shared/access.js'
import type { Recipient } from '../../shared/calls/index.js'
import { isEmailAddress, notAnEmailAddress } from '../../shared/rules/email-address.js'
import type { Identity } from './plugins/auth.js'

/** A refused report address: the status and the body the caller gets, the field named. */
export interface RecipientRefusal {
  status: 403 | 422
  body: { error: string; statusCode: 403 | 422; fields?: Record<string, string> }
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase()

/** The address a call's body names for its report, as the upstream reads it: undefined when it names none. */
function namedAddress(recipient: Recipient, body: unknown): unknown {
  const [outer, field] = recipient.at
  return (body as Record<string, Record<string, unknown> | undefined> | undefined)?.[outer]?.[field]
}

/** The object a call's body keeps its fields in (`{"<outer>":{…}}`); undefined when it is none, the upstream's 400. */
function envelopeOf(recipient: Recipient, body: unknown): Record<string, unknown> | undefined {
  const envelope = (body as Record<string, unknown> | undefined)?.[recipient.at[0]]
  return typeof envelope === 'object' && envelope !== null && !Array.isArray(envelope) ? (envelope as Record<string, unknown>) : undefined
}

/**
 * Where a call's report goes, for its audit line: the address its body names (checked by
 * recipientRefusal first), else the caller's own when the call mails that by default.
 */
export function recipientsOf(recipient: Recipient, body: unknown, identity: Identity): string[] {
  // the owners the upstream finds: its answer names them (ownersMailed)
  if (recipient.owners) return []
  const address = namedAddress(recipient, body)
  if (typeof address === 'string') return [address.trim()]
  return recipient.orCaller && identity.address !== undefined ? [identity.address] : []
}

/**
 * The body a report call goes upstream with: one that names no address, of a call that mails the
 * caller's own by default, names a script's own address (its contact). The upstream knows a person's
 * address (`uid`) but a script only by its client id, so the script's address travels in the body,
 * where recipientRefusal then checks it as it checks any named one. Otherwise the body as it is.
 */
export function withCallersAddress(recipient: Recipient, body: unknown, identity: Identity): unknown {
  if (!recipient.orCaller || identity.kind !== 'bearer' || identity.address === undefined) return body
  if (namedAddress(recipient, body) !== undefined) return body
  const [outer, field] = recipient.at
  const envelope = envelopeOf(recipient, body)
  if (!envelope) return body
  return { ...(body as object), [outer]: { ...envelope, [field]: identity.address } }
}

/**
 * The body an owners' report (the digest) goes upstream with: the allowed domains in its envelope,
 * replacing whatever the caller put there. Only the upstream knows the owners, so it skips those
 * outside the domains; the gateway, which holds the domains, tells it which they are.
 */
export function withAllowedDomains(recipient: Recipient, body: unknown, domains: readonly string[]): unknown {
  if (!recipient.owners) return body
  const envelope = envelopeOf(recipient, body)
  if (!envelope) return body
  return { ...(body as object), [recipient.at[0]]: { ...envelope, allowed_domains: domains } }
}

/** Who an owners' report went to, for its audit line: what the upstream's answer names (`data.recipients`). */
export function ownersMailed(answer: unknown): string[] {
  const named = (answer as { data?: { recipients?: unknown } } | undefined)?.data?.recipients
  return Array.isArray(named) ? named.filter((r): r is string => typeof r === 'string') : []
}

/**
 * A person below the role an owners' report names (`owners.others`) sends only their own: the body
 * names their own address as the owner. Null when allowed, else the 403 naming the field.
 */
function othersRefusal(recipient: Recipient, body: unknown, identity: Identity): RecipientRefusal | null {
  const others = recipient.owners?.others
  // a script's scope is the whole permission (the scheduler sends everyone's)
  if (!others || !('role' in identity.grant) || roleAllows(identity.grant.role, others)) return null
  // a body without its envelope is the upstream's 400, and mails no one
  if (!envelopeOf(recipient, body)) return null
  const own = identity.address ?? identity.user
  const address = namedAddress(recipient, body)
  if (typeof address === 'string' && address.trim().toLowerCase() === own.toLowerCase()) return null
  const field = recipient.at[1]
  const error = `Not allowed: only ${/^[aeiou]/.test(others) ? 'an' : 'a'} ${others} sends the digest of other owners or of all; name your own address, ${own}, as ${field}.`
  return { status: 403, body: { error, statusCode: 403, fields: { [field]: error } } }
}

/**
 * A report goes only to addresses of the company's domains, so that nobody mails the inventory (or
 * the database) outside; the database backup only to the admin who asks; one address, never a list.
 * Null when the address is fine or absent (the upstream then says what is missing, or mails the caller's own address).
 */
export function recipientRefusal(
  recipient: Recipient,
  body: unknown,
  identity: Identity,
  domains: readonly string[],
): RecipientRefusal | null {
  const field = recipient.at[1]
  const address = namedAddress(recipient, body)
  const notOwn = othersRefusal(recipient, body, identity)
  if (notOwn) return notOwn
  if (address === undefined) return null
  // one address, as the upstream's validator reads one: a list (`a@x, b@y`) or a display name
  // (`A <a@x>`) would reach more than its domain says
  if (typeof address !== 'string' || !isEmailAddress(address.trim())) {
    const error = notAnEmailAddress(field)
    return { status: 422, body: { error, statusCode: 422, fields: { [field]: error } } }
  }
  if (recipient.ownOnly) {
    if (identity.kind === 'bearer') {
      const error = "The database backup goes only to a signed-in admin's own address, never to a script."
      return { status: 403, body: { error, statusCode: 403 } }
    }
    if (address.trim().toLowerCase() !== identity.user.toLowerCase()) {
      const error = `The database backup goes only to your own address, ${identity.user}.`
      return { status: 422, body: { error, statusCode: 422, fields: { [field]: error } } }
    }
    return null
  }
  if (domains.includes(domainOf(address.trim()))) return null
  const error = `Reports go only to addresses of ${domains.join(', ')}.`
  return { status: 422, body: { error, statusCode: 422, fields: { [field]: error } } }
}
