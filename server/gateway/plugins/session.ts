import { randomUUID } from 'node:crypto'
import secureSession, { type Session } from '@fastify/secure-session'
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { ROLES, type Role } from '../../../shared/access.js'
import { FileRevocations, PostgresRevocations } from '../revocations.js'

/** What the session cookie holds: who, and when. Never a token (TECH-NOTES: ≤ 4 KB, tokens stay here). */
export interface SessionRecord {
  sid: string
  sub: string
  email: string
  name: string
  /** what the IdP's groups made of this person at sign-in; null: none of the portal's groups */
  role: Role | null
  loginAt: number
  lastSeen: number
}

export interface SessionOptions {
  key: Buffer
  /** https public URL: Secure cookies with the __Host- prefix */
  secure: boolean
  idleTimeoutMs: number
  absoluteTimeoutMs: number
  /** the logout cut-off of a single gateway (or replicas sharing the data folder) */
  revocationsFile: string
  /** a PostgreSQL every replica reaches: the cut-off lives there instead of the file */
  revocationsDatabaseUrl?: string
  /** other processes append to the file at the same time (cluster workers): it is not compacted on open */
  revocationsFileShared?: boolean
  /** the gateway's clock: every timeout and cut-off is judged by it (tests move it instead of sleeping) */
  now: () => number
}

export interface Sessions {
  /** a brand-new session (new sid, nothing carried over) for a user who just signed in */
  start(request: FastifyRequest, user: { sub: string; email: string; name: string; role: Role | null }): SessionRecord
  /** the signed-in user, or null when absent, idle too long, too old or logged out */
  current(request: FastifyRequest): Promise<SessionRecord | null>
  /** who the cookie names, if its session is still valid, changing nothing (for refused requests' audit lines) */
  peek(request: FastifyRequest): Promise<SessionRecord | null>
  /** ends the session and revokes its cookie everywhere; returns who it was */
  end(request: FastifyRequest): Promise<SessionRecord | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions
  }
  interface FastifyRequest {
    /** the short-lived sign-in state (PKCE verifier, state, nonce, returnTo), apart from the session */
    loginFlow: Session<LoginFlow>
  }
}

export interface LoginFlow {
  verifier: string
  state: string
  nonce: string
  returnTo: string
}

// secure-session types its data through an interface we cannot extend per session name
const portalSession = (request: FastifyRequest) => request.session as unknown as Session<SessionRecord>

export const LOGIN_FLOW_SECONDS = 10 * 60

export const sessionPlugin = fp<SessionOptions>(
  async (fastify, opts) => {
    const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secure }
    const name = (base: string) => (opts.secure ? `__Host-${base}` : base)
    await fastify.register(secureSession, [
      {
        sessionName: 'session',
        cookieName: name('ccoe_session'),
        key: opts.key,
        // secure-session's own expiry restarts at every write, so it only backs up our checks
        expiry: Math.ceil(opts.absoluteTimeoutMs / 1000),
        cookie,
      },
      { sessionName: 'loginFlow', cookieName: name('ccoe_login'), key: opts.key, expiry: LOGIN_FLOW_SECONDS, cookie },
    ])

    const revocations = opts.revocationsDatabaseUrl
      ? new PostgresRevocations(opts.revocationsDatabaseUrl, opts.now)
      : new FileRevocations(opts.revocationsFile, opts.now, { compactOnOpen: !opts.revocationsFileShared })
    revocations.onReadError = (error) => fastify.log.warn({ err: error }, 'the logout cut-off could not be reread')
    await revocations.open()
    fastify.addHook('onClose', () => revocations.close())
    // refreshing lastSeen rewrites the cookie; doing it at most this often keeps responses lean,
    // at the price of the idle limit striking up to this much early
    const touchEvery = Math.min(60_000, opts.idleTimeoutMs / 4)

    const read = (request: FastifyRequest): SessionRecord | null => {
      const s = portalSession(request)
      const sid = s.get('sid')
      if (typeof sid !== 'string') return null
      const [sub, email, name, role, loginAt, lastSeen] = [
        s.get('sub'),
        s.get('email'),
        s.get('name'),
        s.get('role'),
        s.get('loginAt'),
        s.get('lastSeen'),
      ]
      if (!sub || !email || !name || typeof loginAt !== 'number' || typeof lastSeen !== 'number') return null
      // a cookie from before roles existed names none: its holder signs in again
      if (role !== null && !ROLES.includes(role as Role)) return null
      return { sid, sub, email, name, role: role as Role | null, loginAt, lastSeen }
    }

    const valid = async (user: SessionRecord, now: number) =>
      now - user.loginAt < opts.absoluteTimeoutMs && now - user.lastSeen < opts.idleTimeoutMs && !(await revocations.isRevoked(user.sid))

    const sessions: Sessions = {
      start(request, user) {
        const now = opts.now()
        const fresh: SessionRecord = { sid: randomUUID(), ...user, loginAt: now, lastSeen: now }
        const s = portalSession(request)
        s.regenerate()
        for (const key of Object.keys(fresh) as (keyof SessionRecord)[]) s.set(key, fresh[key])
        fastify.metrics?.sessionCreated()
        return fresh
      },
      async current(request) {
        const user = read(request)
        if (!user) return null
        const now = opts.now()
        if (!(await valid(user, now))) {
          request.session.delete()
          return null
        }
        if (now - user.lastSeen >= touchEvery) portalSession(request).set('lastSeen', now)
        return user
      },
      async peek(request) {
        const user = read(request)
        return user && (await valid(user, opts.now())) ? user : null
      },
      async end(request) {
        const user = read(request)
        if (user) {
          await revocations.revoke(user.sid, user.loginAt + opts.absoluteTimeoutMs)
          fastify.metrics?.sessionRevoked()
        }
        request.session.delete()
        return user
      },
    }
    fastify.decorate('sessions', sessions)
  },
  { name: 'session' },
)
