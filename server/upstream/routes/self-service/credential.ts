import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The member self-service credential (spec 000 §2, §6): an HMAC-SHA256 the upstream issues for one
 * member, valid until a time it names: `<expiry in epoch seconds>.<base64url MAC>`, the MAC over the
 * member id and that expiry. Another member's, a changed expiry, an expired or a forged one fails.
 * The clock is injected so tests can move past the expiry without waiting.
 */
export interface CredentialSettings {
  secret: string
  /** @default Date.now */
  now?: () => number
  /** @default 7 days */
  ttlMs?: number
}

export const DEFAULT_CREDENTIAL_TTL_MS = 7 * 24 * 60 * 60 * 1000
const FORMAT = /^([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/

export function memberCredentials({ secret, now = Date.now, ttlMs = DEFAULT_CREDENTIAL_TTL_MS }: CredentialSettings) {
  const mac = (memberId: number, expires: number) =>
    createHmac('sha256', secret).update(`member-update:${memberId}:${expires}`).digest('base64url')
  return {
    issue(memberId: number): { credential: string; expiresAt: Date } {
      const expires = Math.floor((now() + ttlMs) / 1000)
      return { credential: `${expires}.${mac(memberId, expires)}`, expiresAt: new Date(expires * 1000) }
    },
    verify(memberId: number, credential: string | undefined): boolean {
      const match = FORMAT.exec(credential ?? '')
      if (!match) return false
      const expires = Number(match[1])
      if (expires * 1000 <= now()) return false
      const expected = Buffer.from(mac(memberId, expires))
      const given = Buffer.from(match[2])
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}

export type MemberCredentials = ReturnType<typeof memberCredentials>

/** Without a configured secret, one derived from the upstream's token: links die when it rotates. */
export function derivedSecret(token: string): string {
  return createHmac('sha256', token).update('ccoe member self-service credential').digest('base64url')
}
