import { createHash, createPrivateKey, randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import { addresses, ConfigError, decimal, DOMAIN, GROUP, integer, list, name, readEnv, text, url, VISIBLE } from './config-kinds.js'
import type { RoleGroups } from '../shared/access.js'
import { ROLES } from '../shared/roles.js'
import { DEFAULT_ANOMALY_FACTOR, DEFAULT_ANOMALY_FLOOR, type AnomalyRule } from '../shared/rules/spend-anomaly.js'
import { isEmailAddress } from '../shared/rules/email-address.js'

export { ConfigError }

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
  /** empty when a configured IdP knows the portal by its key alone (private_key_jwt) */
  oidcClientSecret: string
  /** how the portal authenticates at the token and introspection endpoints; unset: the first usable one discovery lists */
  oidcTokenAuthMethod?: TokenAuthMethod
  /** the PEM private key of private_key_jwt (OIDC_CLIENT_KEY, or read from OIDC_CLIENT_KEY_FILE) */
  oidcClientKey?: string
  /** what the sign-in asks the IdP for: some IdPs release groups only under a scope of their own */
  oidcScopes: string
  /** the `aud` a bearer token must name to be accepted on /api (the embedded IdP issues it by default) */
  oidcApiAudience: string
  /** the client ids whose access tokens /api accepts as bearer tokens (scripts; never the portal's own) */
  oidcScriptClients: readonly string[]
  /**
   * each script client's registered contact (OpenID client metadata `contacts`): the script's own
   * address, where a report it names none goes (OIDC_SCRIPT_CONTACTS)
   */
  oidcScriptContacts: Readonly<Record<string, string>>
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
  /** the audit chain's lines between two signed digests (issue 43 item 2) */
  auditDigestEvery: number
  /** days the gateway's database keeps audit lines (GATEWAY_DATABASE_URL's table): older ones are deleted */
  auditRetentionDays: number
  /** when a cost center's month is a spend anomaly (issue 42 item 2): ANOMALY_FACTOR, ANOMALY_FLOOR */
  anomalyRule: AnomalyRule
  /** the audit lines' field names: ours, or Elastic Common Schema's (issue 43 item 4) */
  auditFormat: AuditFormat
  idleTimeoutMs: number
  absoluteTimeoutMs: number
  /** how often a signed-in person is re-checked at the IdP (refresh token, else userinfo) */
  sessionRefreshMs: number
  upstreamTimeoutMs: number
  /** keep-alive connections the gateway keeps to the upstream */
  upstreamConnections: number
  bodyLimitBytes: number
  /** uploads the gateway reads and forwards at once; the next is answered 503 with Retry-After */
  uploadsInFlight: number
  /** open connections one client address may hold (TRUST_PROXY's addresses excepted); past it a new one is closed */
  connectionsPerAddress: number
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

/** The client authentications the portal can do at an IdP's token endpoint, in the order it prefers none. */
export const TOKEN_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'private_key_jwt'] as const
export type TokenAuthMethod = (typeof TOKEN_AUTH_METHODS)[number]
/** How audit lines name their fields: README's "Audit log" names, or Elastic Common Schema's (gateway/audit-ecs.ts). */
export const AUDIT_FORMATS = ['json', 'ecs'] as const
export type AuditFormat = (typeof AUDIT_FORMATS)[number]

/** The default `OIDC_API_AUDIENCE`: the audience the embedded IdP puts in its access tokens. */
export const DEFAULT_API_AUDIENCE = 'ccoe-portal-api'
/** the embedded IdP's client-credentials clients for scripts (server/idp/clients.ts) */
export const DEFAULT_SCRIPT_CLIENTS = ['ccoe-scripts', 'ccoe-automation']
/** their registered contacts, in the demo's report domains (the embedded IdP registers the same as `contacts`) */
export const DEFAULT_SCRIPT_CONTACTS = ['ccoe-scripts=ccoe-scripts@ccoe.example', 'ccoe-automation=ccoe-automation@ccoe.example']

/** The embedded IdP's groups (server/idp/users.ts), the defaults of ROLE_<ROLE>_GROUPS. */
export const DEFAULT_ROLE_GROUPS = {
  viewer: ['ccoe-viewers'],
  auditor: ['ccoe-auditors'],
  editor: ['ccoe-editors'],
  admin: ['ccoe-admins'],
} as const
/** The demo's report domains: those of the embedded IdP's users, and the example addresses of the README. */
export const DEFAULT_REPORT_DOMAINS = ['ccoe.example', 'example.com']

const Settings = Type.Object({
  HOST: text('127.0.0.1'),
  PORT: integer(0, 65535, 3000),
  DATA_DIR: text('data'),
  PUBLIC_URL: url('http:', 'https:'),
  UPSTREAM_URL: url('http:', 'https:'),
  UPSTREAM_TOKEN: text(),
  OIDC_ISSUER: url('http:', 'https:'),
  OIDC_CLIENT_ID: text(),
  OIDC_CLIENT_SECRET: text(),
  OIDC_TOKEN_AUTH_METHOD: Type.Optional(
    Type.String({ pattern: `^(${TOKEN_AUTH_METHODS.join('|')})$`, expected: 'client_secret_basic, client_secret_post or private_key_jwt' }),
  ),
  // checked by clientKey(), which never echoes it
  OIDC_CLIENT_KEY: text(),
  OIDC_CLIENT_KEY_FILE: text(),
  OIDC_SCOPES: Type.String({
    pattern: '^([\\x21-\\x7e]+ )*openid( [\\x21-\\x7e]+)*$',
    default: 'openid email profile',
    expected: 'scopes separated by single spaces, openid among them',
  }),
  // a JWT `aud`: one token of visible characters (a URI or a plain name), never blank or spaced
  OIDC_API_AUDIENCE: Type.String({
    pattern: '^[\\x21-\\x7e]{1,512}$',
    default: DEFAULT_API_AUDIENCE,
    expected: 'one audience of visible characters without spaces',
  }),
  OIDC_SCRIPT_CLIENTS: list(VISIBLE, 'client ids', DEFAULT_SCRIPT_CLIENTS),
  // `<client id>=<address>`; the address is checked as one email address by scriptContacts()
  OIDC_SCRIPT_CONTACTS: list('^[^\\s,=]{1,256}=[^\\s,=]{1,254}$', '<client id>=<email address> pairs', DEFAULT_SCRIPT_CONTACTS),
  // a claim's name, or a dot path into nested claims (realm_access.roles)
  ROLES_CLAIM: Type.String({ pattern: VISIBLE, default: 'groups', expected: 'one claim name or dot path without spaces' }),
  ROLE_VIEWER_GROUPS: list(GROUP, 'group names', DEFAULT_ROLE_GROUPS.viewer),
  ROLE_AUDITOR_GROUPS: list(GROUP, 'group names', DEFAULT_ROLE_GROUPS.auditor),
  ROLE_EDITOR_GROUPS: list(GROUP, 'group names', DEFAULT_ROLE_GROUPS.editor),
  ROLE_ADMIN_GROUPS: list(GROUP, 'group names', DEFAULT_ROLE_GROUPS.admin),
  REPORT_RECIPIENT_DOMAINS: list(DOMAIN, 'domain names', DEFAULT_REPORT_DOMAINS),
  // never echoed: it is a secret
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32, message: '{name} must be at least 32 characters' })),
  DATABASE_URL: url('postgres:', 'postgresql:'),
  GATEWAY_DATABASE_URL: url('postgres:', 'postgresql:'),
  SMTP_URL: url('smtp:', 'smtps:'),
  AUDIT_LOG_FILE: text(),
  AUDIT_DIGEST_EVERY: integer(1, 1_000_000, 1000),
  AUDIT_RETENTION_DAYS: integer(1, 36_500, 400),
  AUDIT_FORMAT: Type.String({ pattern: `^(${AUDIT_FORMATS.join('|')})$`, default: 'json', expected: 'json or ecs' }),
  SESSION_IDLE_MINUTES: integer(1, 7 * 24 * 60, 8 * 60),
  SESSION_ABSOLUTE_MINUTES: integer(1, 30 * 24 * 60, 12 * 60),
  SESSION_REFRESH_MINUTES: integer(1, 24 * 60, 5),
  UPSTREAM_TIMEOUT_MS: integer(100, 600_000, 30_000),
  UPSTREAM_CONNECTIONS: integer(1, 4096, 128),
  BODY_LIMIT_BYTES: integer(1024, 1024 * 1024 * 1024, 20 * 1024 * 1024),
  UPLOADS_IN_FLIGHT: integer(1, 1024, 8),
  CONNECTIONS_PER_ADDRESS: integer(1, 100_000, 256),
  METRICS_ALLOW: addresses(['127.0.0.1', '::1']),
  METRICS_TOKEN: text(),
  GATEWAY_WORKERS: integer(1, 64, 1),
  REPLICA_NAME: name(hostname),
  REDIS_URL: url('redis:', 'rediss:'),
  REDIS_KEY_PREFIX: name('ccoe-portal:'),
  TRUST_PROXY: addresses([]),
  // issue 42 item 2 (shared/rules/spend-anomaly.ts): spend at least ANOMALY_FACTOR times the median of
  // the 6 months before, and at least ANOMALY_FLOOR (in the currency's units) above it
  ANOMALY_FACTOR: decimal(1, 1000, DEFAULT_ANOMALY_FACTOR),
  ANOMALY_FLOOR: decimal(0, 1e12, DEFAULT_ANOMALY_FLOOR),
})
type Settings = Static<typeof Settings>

/** The environment read against `Settings`: the first bad value throws its one-line ConfigError. */
const readSettings = (env: Env): Settings => readEnv(Settings, env)

function roleGroups(settings: Settings): RoleGroups {
  const groups = {
    viewer: settings.ROLE_VIEWER_GROUPS,
    auditor: settings.ROLE_AUDITOR_GROUPS,
    editor: settings.ROLE_EDITOR_GROUPS,
    admin: settings.ROLE_ADMIN_GROUPS,
  }
  // one group, one role: a group listed twice would leave which one it gives to the reader's guess
  for (const role of ROLES) {
    const twice = groups[role].find((group) => ROLES.some((other) => other !== role && groups[other].includes(group)))
    if (twice) throw new ConfigError(`ROLE_*_GROUPS: the group "${twice}" is given more than one role`)
  }
  if (ROLES.every((role) => groups[role].length === 0))
    throw new ConfigError('ROLE_*_GROUPS: no group gives any role, so nobody could use the portal')
  return { claim: settings.ROLES_CLAIM, groups }
}

/** OIDC_SCRIPT_CONTACTS as client id → address; an address that is no email address stops start-up. */
function scriptContacts(settings: Settings): Record<string, string> {
  const contacts: Record<string, string> = {}
  for (const entry of settings.OIDC_SCRIPT_CONTACTS) {
    const [client, address] = entry.split('=')
    if (!isEmailAddress(address)) throw new ConfigError(`OIDC_SCRIPT_CONTACTS: "${address}" is not an email address`)
    contacts[client] = address
  }
  return contacts
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

/**
 * The PEM of private_key_jwt, from OIDC_CLIENT_KEY or the file OIDC_CLIENT_KEY_FILE names (one of
 * them); checked here so a bad key stops start-up rather than the first sign-in. An env file often
 * holds a PEM on one line with `\\n` for its line breaks.
 */
function clientKey(settings: Settings): string | undefined {
  if (settings.OIDC_CLIENT_KEY && settings.OIDC_CLIENT_KEY_FILE)
    throw new ConfigError('set OIDC_CLIENT_KEY or OIDC_CLIENT_KEY_FILE, not both')
  let pem = settings.OIDC_CLIENT_KEY?.replace(/\\n/g, '\n')
  const name = settings.OIDC_CLIENT_KEY_FILE ? 'OIDC_CLIENT_KEY_FILE' : 'OIDC_CLIENT_KEY'
  if (settings.OIDC_CLIENT_KEY_FILE) {
    try {
      pem = readFileSync(settings.OIDC_CLIENT_KEY_FILE, 'utf8')
    } catch (error) {
      throw new ConfigError(`OIDC_CLIENT_KEY_FILE cannot be read: ${(error as Error).message}`)
    }
  }
  if (pem === undefined) return undefined
  try {
    createPrivateKey(pem)
  } catch {
    throw new ConfigError(`${name} must be a PEM private key`)
  }
  return pem
}

/** A URL setting as the code joins paths to it: without trailing slashes. */
const withoutTrailingSlash = (value: string | undefined) => value?.replace(/\/+$/, '')

export function loadConfig(env: Env = process.env): Config {
  const settings = readSettings(env)
  const { HOST: host, PORT: port, UPSTREAM_TOKEN, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = settings
  const dataDir = resolve(settings.DATA_DIR)
  if (settings.UPSTREAM_URL && !UPSTREAM_TOKEN) {
    throw new ConfigError('UPSTREAM_TOKEN is required when UPSTREAM_URL is set')
  }
  const oidcClientKey = clientKey(settings)
  const method = settings.OIDC_TOKEN_AUTH_METHOD as TokenAuthMethod | undefined
  if (method === 'private_key_jwt' && !oidcClientKey) {
    throw new ConfigError('OIDC_TOKEN_AUTH_METHOD private_key_jwt needs OIDC_CLIENT_KEY or OIDC_CLIENT_KEY_FILE')
  }
  // a portal known to its IdP by its key alone has no secret
  const keyOnly = method === 'private_key_jwt' || (method === undefined && oidcClientKey !== undefined)
  if (OIDC_ISSUER && (!OIDC_CLIENT_ID || (!OIDC_CLIENT_SECRET && !keyOnly))) {
    throw new ConfigError('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER is set')
  }
  // a sign-in begun on one worker's IdP would be finished by another's, which never saw it
  if (settings.GATEWAY_WORKERS > 1 && !OIDC_ISSUER) {
    throw new ConfigError('GATEWAY_WORKERS above 1 needs OIDC_ISSUER: the embedded IdP keeps sign-ins in one process')
  }
  return {
    host,
    port,
    publicUrl: withoutTrailingSlash(settings.PUBLIC_URL) ?? `http://${host}:${port}`,
    dataDir,
    upstreamUrl: withoutTrailingSlash(settings.UPSTREAM_URL),
    upstreamToken: UPSTREAM_TOKEN ?? keptSecret(dataDir, 'upstream-token', 32).toString('base64url'),
    // as written: an issuer is compared exactly (OpenID Connect Discovery §4.3), a trailing slash included
    oidcIssuer: OIDC_ISSUER,
    oidcClientId: OIDC_CLIENT_ID ?? 'ccoe-portal',
    oidcClientSecret: OIDC_CLIENT_SECRET ?? (OIDC_ISSUER ? '' : keptSecret(dataDir, 'oidc-client-secret', 32).toString('base64url')),
    oidcTokenAuthMethod: method,
    oidcClientKey,
    oidcScopes: settings.OIDC_SCOPES,
    oidcApiAudience: settings.OIDC_API_AUDIENCE,
    oidcScriptClients: settings.OIDC_SCRIPT_CLIENTS,
    oidcScriptContacts: scriptContacts(settings),
    roles: roleGroups(settings),
    reportDomains: settings.REPORT_RECIPIENT_DOMAINS.map((domain) => domain.toLowerCase()),
    // any long passphrase becomes the 32-byte key secure-session needs
    sessionKey: settings.SESSION_SECRET
      ? createHash('sha256').update(settings.SESSION_SECRET).digest()
      : keptSecret(dataDir, 'session-secret', 32),
    databaseUrl: withoutTrailingSlash(settings.DATABASE_URL),
    gatewayDatabaseUrl: withoutTrailingSlash(settings.GATEWAY_DATABASE_URL),
    smtpUrl: withoutTrailingSlash(settings.SMTP_URL),
    auditLogFile: settings.AUDIT_LOG_FILE,
    auditDigestEvery: settings.AUDIT_DIGEST_EVERY,
    auditRetentionDays: settings.AUDIT_RETENTION_DAYS,
    auditFormat: settings.AUDIT_FORMAT as AuditFormat,
    anomalyRule: { factor: settings.ANOMALY_FACTOR, floor: settings.ANOMALY_FLOOR },
    idleTimeoutMs: settings.SESSION_IDLE_MINUTES * 60_000,
    absoluteTimeoutMs: settings.SESSION_ABSOLUTE_MINUTES * 60_000,
    sessionRefreshMs: settings.SESSION_REFRESH_MINUTES * 60_000,
    upstreamTimeoutMs: settings.UPSTREAM_TIMEOUT_MS,
    upstreamConnections: settings.UPSTREAM_CONNECTIONS,
    bodyLimitBytes: settings.BODY_LIMIT_BYTES,
    uploadsInFlight: settings.UPLOADS_IN_FLIGHT,
    connectionsPerAddress: settings.CONNECTIONS_PER_ADDRESS,
    metricsAllow: settings.METRICS_ALLOW,
    metricsToken: settings.METRICS_TOKEN,
    gatewayWorkers: settings.GATEWAY_WORKERS,
    // Several gateways, one portal
    replicaName: settings.REPLICA_NAME,
    redisUrl: withoutTrailingSlash(settings.REDIS_URL),
    redisKeyPrefix: settings.REDIS_KEY_PREFIX,
    trustProxy: settings.TRUST_PROXY,
  }
}

/** The portal as a client of the IdP: where the IdP sends people back after signing in and out. */
export function portalClientOf(config: Config) {
  return {
    clientId: config.oidcClientId,
    clientSecret: config.oidcClientSecret,
    redirectUris: [`${config.publicUrl}/oidc/callback`],
    postLogoutRedirectUris: [`${config.publicUrl}/unauth/home`],
    backchannelLogoutUri: `${config.publicUrl}/oidc/backchannel-logout`,
  }
}
