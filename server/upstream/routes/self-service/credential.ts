import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The member self-service credential (spec 000 §2, §6): an HMAC-SHA256 the upstream issues for one
 * member, valid until a time it names: `<expiry in epoch seconds>.<nonce>.<base64url MAC>`, the MAC
 * over the member id, that expiry and the nonce. Another member's, a changed expiry or nonce, an
 * expired or a forged one fails here; whether it is the member's latest link and still unspent is
 * the database's to say (links.ts), by its nonce.
 * The clock is injected so tests can move past the expiry without waiting.
 */
export interface CredentialSettings {
  secret: string
  /** @default Date.now */
  now?: () => number
  /** @default MAX_CREDENTIAL_TTL_MS */
  ttlMs?: number
}

/** Issue 27 item 6: no link lasts longer, whatever its signed expiry says. */
export const MAX_CREDENTIAL_TTL_MS = 7 * 24 * 60 * 60 * 1000
const FORMAT = /^([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/

/** Why a credential is refused before the database is asked. */
export type CredentialRefusal = 'invalid' | 'expired' | 'beyond-max-ttl'

export type CheckedCredential = { ok: true; nonce: string } | { ok: false; refusal: CredentialRefusal }

export function memberCredentials({ secret, now = Date.now, ttlMs = MAX_CREDENTIAL_TTL_MS }: CredentialSettings) {
  if (ttlMs > MAX_CREDENTIAL_TTL_MS) throw new Error('A member self-service link lasts at most 7 days')
  const mac = (memberId: number, expires: number, nonce: string) =>
    createHmac('sha256', secret).update(`member-update:${memberId}:${expires}:${nonce}`).digest('base64url')
  return {
    issue(memberId: number): { credential: string; nonce: string; expiresAt: Date } {
      const expires = Math.floor((now() + ttlMs) / 1000)
      const nonce = randomBytes(16).toString('base64url')
      return { credential: `${expires}.${nonce}.${mac(memberId, expires, nonce)}`, nonce, expiresAt: new Date(expires * 1000) }
    },
    /** the signature first: only the holder of a genuine link learns that it expired or claims too much */
    check(memberId: number, credential: string | undefined): CheckedCredential {
      const match = FORMAT.exec(credential ?? '')
      if (!match) return { ok: false, refusal: 'invalid' }
      const [, expiresText, nonce, given] = match
      const expires = Number(expiresText)
      const expected = Buffer.from(mac(memberId, expires, nonce))
      if (!timingSafeEqual(expected, Buffer.from(given))) return { ok: false, refusal: 'invalid' }
      const at = now()
      if (expires * 1000 <= at) return { ok: false, refusal: 'expired' }
      // a leaked or misconfigured secret could sign any expiry: the cap holds whatever was signed
      if (expires * 1000 > at + MAX_CREDENTIAL_TTL_MS) return { ok: false, refusal: 'beyond-max-ttl' }
      return { ok: true, nonce }
    },
  }
}

export type MemberCredentials = ReturnType<typeof memberCredentials>

/** Without a configured secret, one derived from the upstream's token: links die when it rotates. */
export function derivedSecret(token: string): string {
  return createHmac('sha256', token).update('ccoe member self-service credential').digest('base64url')
}
