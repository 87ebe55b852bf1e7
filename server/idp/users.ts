import { createHash, timingSafeEqual } from 'node:crypto'

/** A person of the embedded IdP. `sub` is stable; email and name are what the portal shows. */
export interface DemoUser {
  sub: string
  email: string
  name: string
  password: string
  /** the `email_verified` claim; the gateway refuses a sign-in whose address is not verified @default true */
  emailVerified?: boolean
  /** the `groups` claim: the gateway's ROLE_<ROLE>_GROUPS make a role of it (server/config.ts) */
  groups: readonly string[]
  /** switched off at the IdP: it refuses the account's sign-ins and refresh tokens @default false */
  disabled?: boolean
}

/** The development accounts; production signs in through the corporate IdP instead. */
export const DEMO_USERS: readonly DemoUser[] = [
  { sub: 'alice', email: 'alice@ccoe.example', name: 'Alice Admin', password: 'alice', groups: ['ccoe-admins'] },
  { sub: 'bob', email: 'bob@ccoe.example', name: 'Bob Builder', password: 'bob', groups: ['ccoe-editors'] },
  { sub: 'vera', email: 'vera@ccoe.example', name: 'Vera Viewer', password: 'vera', groups: ['ccoe-viewers'] },
  // reads what Vera reads, and the gateway's audit trail
  { sub: 'audrey', email: 'audrey@ccoe.example', name: 'Audrey Auditor', password: 'audrey', groups: ['ccoe-auditors'] },
  // someone of the company outside the CCoE's groups: signed in, but without access to the portal
  { sub: 'olga', email: 'olga@ccoe.example', name: 'Olga Outsider', password: 'olga', groups: ['finance'] },
  // an account whose address the IdP has not verified: the portal refuses its sign-in
  { sub: 'nora', email: 'nora@ccoe.example', name: 'Nora Unverified', password: 'nora', emailVerified: false, groups: ['ccoe-viewers'] },
]

/** The enabled account of this `sub` among `users`. */
export function findUserBySub(sub: string, users: readonly DemoUser[] = DEMO_USERS): DemoUser | undefined {
  return users.find((u) => u.sub === sub && !u.disabled)
}

// hashing both sides first gives equal lengths, so the comparison time says nothing about the password
function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest()
  return timingSafeEqual(digest(a), digest(b))
}

/** The user whose email and password match, else undefined (one answer for both mistakes). */
export function checkCredentials(email: string, password: string, users: readonly DemoUser[] = DEMO_USERS): DemoUser | undefined {
  const user = users.find((u) => u.email === email.trim().toLowerCase())
  const ok = sameSecret(password, user?.password ?? '\u0000no-such-user')
  return user && ok && !user.disabled ? user : undefined
}
