import { isIP } from 'node:net'
import { createHash, randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ROLES, type RoleGroups } from '../shared/access.js'

/** A bad configuration value: main prints `message` as one line and exits. */
export class ConfigError extends Error {}

export interface Config {
  host: string
  port: number
  /** where the browser reaches us; redirect URIs and the embedded issuer are built from it */
  publicUrl: string
  dataDir: string
  /** unset: start the embedded upstream */
  upstreamUrl?: string
  upstreamToken: string
  /** unset: mount the embedded IdP under /idp */
  oidcIssuer?: string
  oidcClientId: string
  oidcClientSecret: string
  /** the `aud` a bearer token must name to be accepted on /api (the embedded IdP issues it by default) */
  oidcApiAudience: string
  /** the client ids whose access tokens /api accepts as bearer tokens (scripts; never the portal's own) */
  oidcScriptClients: readonly string[]
  /** who may do what: the IdP claim with a person's groups, and the groups of each role */
  roles: RoleGroups
  /** report emails go only to addresses of these domains */
  reportDomains: readonly string[]
  /** 32-byte key of the session cookie */
  sessionKey: Buffer
  databaseUrl?: string
  /** a PostgreSQL the gateway replicas share: the logout cut-off lives there (unset: a file in dataDir) */
  gatewayDatabaseUrl?: string
  smtpUrl?: string
  auditLogFile?: string
  idleTimeoutMs: number
  absoluteTimeoutMs: number
  upstreamTimeoutMs: number
  /** keep-alive connections the gateway keeps to the upstream */
  upstreamConnections: number
  bodyLimitBytes: number
  /** uploads the gateway reads and forwards at once; the next is answered 503 with Retry-After */
  uploadsInFlight: number
  /** addresses and CIDRs that may read /metrics without a token */
  metricsAllow: string[]
  /** a bearer token that may read /metrics from anywhere */
  metricsToken?: string
  /** gateway processes sharing the port (node:cluster); 1: one process does everything */
  gatewayWorkers: number
  // Several gateways, one portal (README "Running more than one gateway")
  /** this gateway's name on each of its audit lines: which replica wrote it (default the hostname: a pod's name) */
  replicaName: string
  /** a Redis the replicas share: their rate limits count together there (unset: each process counts its own) */
  redisUrl?: string
  /** the start of every key this portal writes to Redis, so portals sharing one Redis count apart */
  redisKeyPrefix: string
  /** the load balancers' addresses and CIDRs: only from them is X-Forwarded-For believed (rate limits key on the client) */
  trustProxy: string[]
}

type Env = Record<string, string | undefined>

/** 'a, b/24' → ['a', 'b/24']; each an IPv4 or IPv6 address, optionally with a prefix length */
function addressList(text: string, name = 'METRICS_ALLOW'): string[] {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address)
    const max = family === 6 ? 128 : 32
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max)))
      throw new ConfigError(`${name}: ${entry} is not an address or CIDR`)
  }
  return entries
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`)
  }
  return value
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`)
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`)
  }
  return raw.replace(/\/+$/, '')
}

/** The default `OIDC_API_AUDIENCE`: the audience the embedded IdP puts in its access tokens. */
export const DEFAULT_API_AUDIENCE = 'ccoe-portal-api'
/** the embedded IdP's client-credentials clients for scripts (server/idp/clients.ts) */
export const DEFAULT_SCRIPT_CLIENTS = ['ccoe-scripts', 'ccoe-automation']

/** The embedded IdP's groups (server/idp/users.ts), the defaults of ROLE_<ROLE>_GROUPS. */
export const DEFAULT_ROLE_GROUPS = { viewer: ['ccoe-viewers'], editor: ['ccoe-editors'], admin: ['ccoe-admins'] } as const
/** The demo's report domains: those of the embedded IdP's users, and the example addresses of the README. */
export const DEFAULT_REPORT_DOMAINS = ['ccoe.example', 'example.com']

/** A comma-separated list of names without spaces (groups, domains), validated by `valid`. */
function names(env: Env, name: string, fallback: readonly string[], what: string, valid: RegExp): readonly string[] {
  const raw = env[name]
  if (raw === undefined) return fallback
  const list = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const bad = list.find((entry) => !valid.test(entry))
  if (bad !== undefined) throw new ConfigError(`${name} must be ${what} separated by commas, got "${bad}"`)
  return list
}

function roleGroups(env: Env): RoleGroups {
  const claim = env.ROLES_CLAIM || 'groups'
  if (!/^[\x21-\x7e]{1,256}$/.test(claim)) throw new ConfigError(`ROLES_CLAIM must be one claim name without spaces, got "${claim}"`)
  const groups = Object.fromEntries(
    ROLES.map((role) => [
      role,
      names(env, `ROLE_${role.toUpperCase()}_GROUPS`, DEFAULT_ROLE_GROUPS[role], 'group names', /^[^\s,]{1,256}$/),
    ]),
  ) as RoleGroups['groups']
  // one group, one role: a group listed twice would leave which one it gives to the reader's guess
  for (const role of ROLES) {
    const twice = groups[role].find((group) => ROLES.some((other) => other !== role && groups[other].includes(group)))
    if (twice) throw new ConfigError(`ROLE_*_GROUPS: the group "${twice}" is given more than one role`)
  }
  if (ROLES.every((role) => groups[role].length === 0))
    throw new ConfigError('ROLE_*_GROUPS: no group gives any role, so nobody could use the portal')
  return { claim, groups }
}

/** A JWT `aud` value: one token of visible characters (a URI or a plain name), never blank or spaced. */
function audience(env: Env, name: string, fallback: string): string {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^[\x21-\x7e]{1,512}$/.test(raw)) {
    throw new ConfigError(`${name} must be one audience of visible characters without spaces, got "${raw}"`)
  }
  return raw
}

/** A name for logs and keys: letters, digits and `. _ - :`, as hostnames, pod names and Redis prefixes are written. */
function name(env: Env, variable: string, fallback: string): string {
  const raw = env[variable]
  if (raw === undefined || raw === '') return fallback
  if (!/^[\w.:-]{1,253}$/.test(raw)) {
    throw new ConfigError(`${variable} must be 1 to 253 letters, digits, dots, colons, dashes or underscores, got "${raw}"`)
  }
  return raw
}

/** A comma-separated list of OAuth client ids. */
function clientIds(env: Env, name: string, fallback: readonly string[]): readonly string[] {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const ids = raw.split(',').map((id) => id.trim())
  if (ids.some((id) => !/^[\x21-\x7e]{1,256}$/.test(id) || id.includes(','))) {
    throw new ConfigError(`${name} must be client ids separated by commas, got "${raw}"`)
  }
  return ids
}

/** A secret from the environment, else one generated once and kept in the data folder. */
function keptSecret(dataDir: string, file: string, bytes: number): Buffer {
  const path = join(dataDir, file)
  if (existsSync(path)) return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(bytes)
  writeFileSync(path, secret.toString('base64'), { mode: 0o600 })
  return secret
}

function sessionKey(env: Env, dataDir: string): Buffer {
  const raw = env.SESSION_SECRET
  if (raw === undefined || raw === '') return keptSecret(dataDir, 'session-secret', 32)
  if (raw.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters')
  // any long passphrase becomes the 32-byte key secure-session needs
  return createHash('sha256').update(raw).digest()
}

export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST || '127.0.0.1'
  const port = integer(env, 'PORT', 3000, 0, 65535)
  const dataDir = resolve(env.DATA_DIR || 'data')
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${host}:${port}`
  const upstreamUrl = url(env, 'UPSTREAM_URL', ['http:', 'https:'])
  const oidcIssuer = url(env, 'OIDC_ISSUER', ['http:', 'https:'])
  if (upstreamUrl && !env.UPSTREAM_TOKEN) {
    throw new ConfigError('UPSTREAM_TOKEN is required when UPSTREAM_URL is set')
  }
  if (oidcIssuer && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
    throw new ConfigError('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER is set')
  }
  const gatewayWorkers = integer(env, 'GATEWAY_WORKERS', 1, 1, 64)
  // a sign-in begun on one worker's IdP would be finished by another's, which never saw it
  if (gatewayWorkers > 1 && !oidcIssuer) {
    throw new ConfigError('GATEWAY_WORKERS above 1 needs OIDC_ISSUER: the embedded IdP keeps sign-ins in one process')
  }
  return {
    host,
    port,
    publicUrl,
    dataDir,
    upstreamUrl,
    upstreamToken: env.UPSTREAM_TOKEN || keptSecret(dataDir, 'upstream-token', 32).toString('base64url'),
    oidcIssuer,
    oidcClientId: env.OIDC_CLIENT_ID || 'ccoe-portal',
    oidcClientSecret: env.OIDC_CLIENT_SECRET || keptSecret(dataDir, 'oidc-client-secret', 32).toString('base64url'),
    oidcApiAudience: audience(env, 'OIDC_API_AUDIENCE', DEFAULT_API_AUDIENCE),
    oidcScriptClients: clientIds(env, 'OIDC_SCRIPT_CLIENTS', DEFAULT_SCRIPT_CLIENTS),
    roles: roleGroups(env),
    reportDomains: names(
      env,
      'REPORT_RECIPIENT_DOMAINS',
      DEFAULT_REPORT_DOMAINS,
      'domain names',
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
    ).map((domain) => domain.toLowerCase()),
    sessionKey: sessionKey(env, dataDir),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    gatewayDatabaseUrl: url(env, 'GATEWAY_DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    auditLogFile: env.AUDIT_LOG_FILE || undefined,
    idleTimeoutMs: integer(env, 'SESSION_IDLE_MINUTES', 8 * 60, 1, 7 * 24 * 60) * 60_000,
    absoluteTimeoutMs: integer(env, 'SESSION_ABSOLUTE_MINUTES', 12 * 60, 1, 30 * 24 * 60) * 60_000,
    upstreamTimeoutMs: integer(env, 'UPSTREAM_TIMEOUT_MS', 30_000, 100, 600_000),
    upstreamConnections: integer(env, 'UPSTREAM_CONNECTIONS', 128, 1, 4096),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    uploadsInFlight: integer(env, 'UPLOADS_IN_FLIGHT', 8, 1, 1024),
    metricsAllow: addressList(env.METRICS_ALLOW ?? '127.0.0.1,::1'),
    metricsToken: env.METRICS_TOKEN || undefined,
    gatewayWorkers,
    // Several gateways, one portal
    replicaName: name(env, 'REPLICA_NAME', hostname()),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: name(env, 'REDIS_KEY_PREFIX', 'ccoe-portal:'),
    trustProxy: addressList(env.TRUST_PROXY ?? '', 'TRUST_PROXY'),
  }
}

/** The portal as a client of the IdP: where the IdP sends people back after signing in and out. */
export function portalClientOf(config: Config) {
  return {
    clientId: config.oidcClientId,
    clientSecret: config.oidcClientSecret,
    redirectUris: [`${config.publicUrl}/oidc/callback`],
    postLogoutRedirectUris: [`${config.publicUrl}/unauth/home`],
  }
}
