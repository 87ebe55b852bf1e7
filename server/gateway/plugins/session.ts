import { randomUUID } from 'node:crypto'
import secureSession, { type Session } from '@fastify/secure-session'
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { ROLES, type Role } from '../../../shared/roles.js'
import { FileRevocations, PostgresRevocations } from '../revocations.js'
import type { Recheck } from '../session-recheck.js'
import { openSessionTokenStore, type SessionTokens } from '../session-tokens.js'

/** What the session cookie holds: who, and when. Never a token (TECH-NOTES: ≤ 4 KB, tokens stay here). */
export interface SessionRecord {
  sid: string
  sub: string
  email: string
  name: string
  /** what the IdP's groups made of this person at sign-in; null: none of the portal's groups */
  role: Role | null
  /** the IdP's session (the ID token's `sid`), which a back-channel logout names; absent if the IdP sends none */
  idpSid?: string
  loginAt: number
  lastSeen: number
  /** when the IdP last confirmed this person (sign-in, then each re-check) */
  checkedAt: number
}

/** Who signed in, as the callback read them from the IdP. */
export interface SignedInPerson {
  sub: string
  email: string
  name: string
  role: Role | null
  idpSid?: string
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
  /** the folder of each session's sealed tokens (session-tokens.ts), unless revocationsDatabaseUrl holds them */
  tokensFolder: string
  /** the most a person goes without being re-checked at the IdP (SESSION_REFRESH_MINUTES) */
  refreshMs: number
  /** asks the IdP about the person again (session-recheck.ts); the session follows its answer */
  recheck: (sub: string, tokens: SessionTokens) => Promise<Recheck>
}

export interface Sessions {
  /** a brand-new session (new sid, nothing carried over) for a user who just signed in, with their tokens kept server-side */
  start(request: FastifyRequest, user: SignedInPerson, tokens: SessionTokens): Promise<SessionRecord>
  /**
   * the signed-in user, or null when absent, idle too long, too old, logged out, or refused by the
   * IdP at a re-check (then request.sessionEndedByIdp says so)
   */
  current(request: FastifyRequest): Promise<SessionRecord | null>
  /** who the cookie names, if its session is still valid, changing nothing (for refused requests' audit lines) */
  peek(request: FastifyRequest): Promise<SessionRecord | null>
  /** ends the session and revokes its cookie everywhere; returns who it was, and the ID token for the IdP's logout */
  end(request: FastifyRequest): Promise<{ user: SessionRecord | null; idToken?: string }>
  /** a back-channel logout: ends, on every replica, the sessions of that IdP session, or every earlier one of that person */
  endAtIdp(logout: { idpSid?: string; sub?: string }): Promise<void>
  /** a key in the shared cut-off store, for other once-only things (a logout token's jti); false when it was there already */
  remember(key: string, until: number): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions
  }
  interface FastifyRequest {
    /** set when this request's session was just ended because the IdP refused the person */
    sessionEndedByIdp?: boolean
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
/** sessions whose last question to the IdP is remembered (the oldest forgotten first) */
const ASKED_KEPT = 10_000

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
      const [sub, email, name, role, idpSid, loginAt, lastSeen, checkedAt] = [
        s.get('sub'),
        s.get('email'),
        s.get('name'),
        s.get('role'),
        s.get('idpSid'),
        s.get('loginAt'),
        s.get('lastSeen'),
        s.get('checkedAt'),
      ]
      if (!sub || !email || !name || typeof loginAt !== 'number' || typeof lastSeen !== 'number') return null
      // a cookie from before roles existed names none: its holder signs in again
      if (role !== null && !ROLES.includes(role as Role)) return null
      const idp = typeof idpSid === 'string' ? { idpSid } : {}
      // a cookie from before re-checks counts as checked at sign-in: the first request re-checks it
      const checked = typeof checkedAt === 'number' ? checkedAt : loginAt
      return { sid, sub, email, name, role: role as Role | null, ...idp, loginAt, lastSeen, checkedAt: checked }
    }

    // A back-channel logout names the IdP's session or the person, not our sid: it is kept in the same
    // cut-off store under keys of their own. A person's entry lasts as long as a session begun just
    // before it could, so the logout's time is its end less the absolute timeout.
    const idpSessionKey = (idpSid: string) => `idp-sid:${idpSid}`
    const personKey = (sub: string) => `sub:${sub}`
    const endedAtIdp = async (user: SessionRecord) => {
      if (user.idpSid && (await revocations.isRevoked(idpSessionKey(user.idpSid)))) return true
      const until = await revocations.until(personKey(user.sub))
      return until !== undefined && user.loginAt <= until - opts.absoluteTimeoutMs
    }

    /** why the session is over, for its audit line; null while it is valid */
    const endOf = async (user: SessionRecord, now: number): Promise<string | null> => {
      if (now - user.loginAt >= opts.absoluteTimeoutMs) return 'too old'
      if (now - user.lastSeen >= opts.idleTimeoutMs) return 'idle'
      if (await revocations.isRevoked(user.sid)) return 'signed out'
      if (await endedAtIdp(user)) return 'back-channel logout'
      return null
    }
    const valid = async (user: SessionRecord, now: number) => (await endOf(user, now)) === null

    const tokens = openSessionTokenStore({
      sessionKey: opts.key,
      now: opts.now,
      folder: opts.tokensFolder,
      databaseUrl: opts.revocationsDatabaseUrl,
    })
    await tokens.open()
    fastify.addHook('onClose', () => tokens.close())

    /** revokes the session everywhere and drops its tokens */
    const revoke = async (user: SessionRecord) => {
      await revocations.revoke(user.sid, user.loginAt + opts.absoluteTimeoutMs)
      await tokens.delete(user.sid)
      fastify.metrics?.sessionRevoked()
    }

    // One question to the IdP per session and interval, its answer shared: a page's parallel requests
    // (and those whose cookie has not caught up yet) would each spend the same refresh token, which an
    // IdP that rotates them takes as a replay and answers by ending the grant. Per process: replicas
    // each ask once.
    const asked = new Map<string, { at: number; answer: Promise<Recheck> }>()
    const askIdp = (user: SessionRecord, now: number): Promise<Recheck> => {
      const last = asked.get(user.sid)
      if (last && now - last.at < opts.refreshMs) return last.answer
      const answer = tokens.get(user.sid).then((kept) => opts.recheck(user.sub, kept ?? {}))
      asked.delete(user.sid)
      asked.set(user.sid, { at: now, answer })
      if (asked.size > ASKED_KEPT) asked.delete(asked.keys().next().value!)
      return answer
    }

    /** the IdP's word on the person, at most once per refreshMs; false when it refused them */
    const followIdp = async (request: FastifyRequest, user: SessionRecord, now: number): Promise<boolean> => {
      if (now - user.checkedAt < opts.refreshMs) return true
      const s = portalSession(request)
      const answer = await askIdp(user, now)
      if (answer.outcome === 'ended') {
        // the request's refusal is audited where it is answered (request.sessionEndedByIdp)
        request.log.warn({ reason: answer.reason }, 'the IdP refused a signed-in person: session ended')
        return false
      }
      if (answer.outcome === 'unknown') {
        // the IdP's silence ends nobody's session; it is asked again after another refreshMs
        request.log.warn({ reason: answer.reason }, 'a signed-in person could not be re-checked at the IdP')
      } else {
        const { email, name, role } = answer.person
        Object.assign(user, { email, name, role })
        s.set('email', email)
        s.set('name', name)
        s.set('role', role)
        await tokens.set(user.sid, answer.tokens, user.loginAt + opts.absoluteTimeoutMs)
      }
      user.checkedAt = now
      s.set('checkedAt', now)
      return true
    }

    const sessions: Sessions = {
      async start(request, user, signInTokens) {
        const now = opts.now()
        const fresh: SessionRecord = { sid: randomUUID(), ...user, loginAt: now, lastSeen: now, checkedAt: now }
        await tokens.set(fresh.sid, signInTokens, now + opts.absoluteTimeoutMs)
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
        const ended = await endOf(user, now)
        if (ended) {
          request.session.delete()
          fastify.auditSessionEnd(request, user.email, ended)
          return null
        }
        if (!(await followIdp(request, user, now))) {
          await revoke(user)
          request.session.delete()
          request.sessionEndedByIdp = true
          fastify.auditSessionEnd(request, user.email, 'refused by the IdP')
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
        const idToken = user ? (await tokens.get(user.sid))?.idToken : undefined
        if (user) await revoke(user)
        request.session.delete()
        return { user, idToken }
      },
      async endAtIdp({ idpSid, sub }) {
        const until = opts.now() + opts.absoluteTimeoutMs
        if (idpSid) await revocations.revoke(idpSessionKey(idpSid), until)
        else if (sub) await revocations.revoke(personKey(sub), until)
      },
      async remember(key, until) {
        if (await revocations.isRevoked(key)) return false
        await revocations.revoke(key, until)
        return true
      },
    }
    fastify.decorate('sessions', sessions)
  },
  { name: 'session', dependencies: ['audit'] },
)
