/**
 * Configuration is environment variables only; each has a safe default, and a bad value stops
 * start-up with one clear line (DESIGN.md "config").
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { ConfigError, loadConfig } from '../../server/config.js'
import { SCRIPT_CLIENTS } from '../../server/idp/clients.js'
import { tempDir } from '../helper.js'

t.test('defaults: embedded everything, secrets generated once and kept', async (t) => {
  const dataDir = tempDir(t)
  const config = loadConfig({ DATA_DIR: dataDir })
  const { host, port, publicUrl, upstreamUrl, oidcIssuer, oidcClientId, oidcApiAudience } = config
  t.strictSame(
    { host, port, publicUrl, upstreamUrl, oidcIssuer, oidcClientId, oidcApiAudience },
    {
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://127.0.0.1:3000',
      upstreamUrl: undefined,
      oidcIssuer: undefined,
      oidcClientId: 'ccoe-portal',
      oidcApiAudience: 'ccoe-portal-api',
    },
  )
  t.equal(config.sessionKey.length, 32, 'a 32-byte session key')
  t.ok(existsSync(join(dataDir, 'session-secret')), 'kept in the data folder')
  const again = loadConfig({ DATA_DIR: dataDir })
  t.same(again.sessionKey, config.sessionKey, 'a restart keeps sessions')
  t.equal(again.upstreamToken, config.upstreamToken, 'and the upstream token')
  t.equal(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) }).sessionKey.length, 32, 'a passphrase becomes a key')
  t.equal(config.gatewayWorkers, 1, 'one gateway process unless GATEWAY_WORKERS says more')
  t.same(
    [config.auditFormat, loadConfig({ DATA_DIR: dataDir, AUDIT_FORMAT: 'ecs' }).auditFormat],
    ['json', 'ecs'],
    'audit lines in our names unless AUDIT_FORMAT=ecs',
  )
  t.strictSame(
    [config.anomalyRule, loadConfig({ DATA_DIR: dataDir, ANOMALY_FACTOR: '2.25', ANOMALY_FLOOR: '0' }).anomalyRule],
    [
      { factor: 1.5, floor: 1000 },
      { factor: 2.25, floor: 0 },
    ],
    'a spend anomaly is 1.5 times the median and 1000 above it unless ANOMALY_FACTOR and ANOMALY_FLOOR say otherwise',
  )
})

t.test('bad values are refused with a message naming the variable', async (t) => {
  const dataDir = tempDir(t)
  const refused = (env: Record<string, string>, message: RegExp) =>
    t.throws(() => loadConfig({ DATA_DIR: dataDir, ...env }), { constructor: ConfigError, message }, JSON.stringify(env))
  refused({ PORT: 'abc' }, /^PORT must be an integer/)
  refused({ PORT: '70000' }, /^PORT must be an integer between 0 and 65535/)
  refused({ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must use postgres:/)
  refused({ GATEWAY_DATABASE_URL: 'mysql://x' }, /^GATEWAY_DATABASE_URL must use postgres:/)
  refused({ UPSTREAM_URL: 'not a url' }, /^UPSTREAM_URL must be a URL/)
  refused({ UPSTREAM_URL: 'https://provider.example' }, /^UPSTREAM_TOKEN is required/)
  refused({ OIDC_ISSUER: 'https://sso.example' }, /^OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required/)
  refused({ SESSION_SECRET: 'short' }, /^SESSION_SECRET must be at least 32 characters/)
  refused({ SMTP_URL: 'http://mail' }, /^SMTP_URL must use smtp:/)
  refused({ METRICS_ALLOW: '10.0.0.0/33' }, /^METRICS_ALLOW: 10\.0\.0\.0\/33 is not an address or CIDR/)
  refused({ METRICS_ALLOW: 'localhost' }, /^METRICS_ALLOW: localhost is not/)
  refused({ UPLOADS_IN_FLIGHT: '0' }, /^UPLOADS_IN_FLIGHT must be an integer between 1 and 1024/)
  refused({ GATEWAY_WORKERS: '0' }, /^GATEWAY_WORKERS must be an integer between 1 and 64, got "0"$/)
  refused({ GATEWAY_WORKERS: '65' }, /^GATEWAY_WORKERS must be an integer between 1 and 64/)
  refused({ AUDIT_FORMAT: 'elastic' }, /^AUDIT_FORMAT must be json or ecs, got "elastic"$/)
  refused({ ANOMALY_FACTOR: 'high' }, /^ANOMALY_FACTOR must be a number between 1 and 1000, got "high"$/)
  refused({ ANOMALY_FACTOR: '0.5' }, /^ANOMALY_FACTOR must be a number between 1 and 1000, got "0.5"$/)
  refused({ ANOMALY_FLOOR: '-1' }, /^ANOMALY_FLOOR must be a number between 0 and 1000000000000, got "-1"$/)
  refused({ GATEWAY_WORKERS: '2' }, /^GATEWAY_WORKERS above 1 needs OIDC_ISSUER: the embedded IdP keeps sign-ins in one process$/)
  const sso = { OIDC_ISSUER: 'https://sso.example', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret' }
  refused(
    { ...sso, OIDC_TOKEN_AUTH_METHOD: 'client_secret_jwt' },
    /^OIDC_TOKEN_AUTH_METHOD must be client_secret_basic, client_secret_post or private_key_jwt, got "client_secret_jwt"$/,
  )
  refused(
    { ...sso, OIDC_SCOPES: 'email profile' },
    /^OIDC_SCOPES must be scopes separated by single spaces, openid among them, got "email profile"$/,
  )
  refused(
    { ...sso, OIDC_TOKEN_AUTH_METHOD: 'private_key_jwt' },
    /^OIDC_TOKEN_AUTH_METHOD private_key_jwt needs OIDC_CLIENT_KEY or OIDC_CLIENT_KEY_FILE$/,
  )
  refused({ ...sso, OIDC_CLIENT_KEY: 'not a key' }, /^OIDC_CLIENT_KEY must be a PEM private key$/)
  refused({ ...sso, OIDC_CLIENT_KEY_FILE: join(dataDir, 'missing.pem') }, /^OIDC_CLIENT_KEY_FILE cannot be read: ENOENT/)
  t.equal(
    loadConfig({ DATA_DIR: dataDir, ...sso, OIDC_ISSUER: 'https://sso.example/' }).oidcIssuer,
    'https://sso.example/',
    'the issuer as written',
  )
  t.equal(loadConfig({ DATA_DIR: dataDir, ...sso, GATEWAY_WORKERS: '2' }).gatewayWorkers, 2, 'more workers with a corporate IdP')
  t.same(loadConfig({ DATA_DIR: dataDir, METRICS_ALLOW: ' 10.1.0.0/16, ::1 ' }).metricsAllow, ['10.1.0.0/16', '::1'])
})

t.test('npm start with a bad value prints one line and exits 1', async (t) => {
  // what npm start runs, built by npm run build (npm test builds before tap)
  const main = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url))
  if (!existsSync(main)) throw new Error('dist/server/main.js is missing: run npm run build first')
  const run = promisify(execFile)
  const failed = await run(process.execPath, [main], {
    env: { ...process.env, PORT: 'nope', DATA_DIR: tempDir(t) },
  }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  )
  t.ok(failed, 'it does not start')
  t.equal(failed?.code, 1)
  const lines = (failed?.stderr ?? '').split('\n').filter((l) => l && !l.includes('WARNING'))
  t.same(lines, ['ccoe-portal: configuration error: PORT must be an integer between 0 and 65535, got "nope"'])
})

t.test('roles from groups and report domains: defaults, overrides, refusals', async (t) => {
  const dataDir = tempDir(t)
  const config = loadConfig({ DATA_DIR: dataDir })
  t.strictSame(config.roles, {
    claim: 'groups',
    groups: { viewer: ['ccoe-viewers'], auditor: ['ccoe-auditors'], editor: ['ccoe-editors'], admin: ['ccoe-admins'] },
  })
  t.strictSame(config.reportDomains, ['ccoe.example', 'example.com'])
  t.strictSame(config.oidcScriptClients, ['ccoe-scripts', 'ccoe-automation'])
  t.strictSame(
    config.oidcScriptContacts,
    Object.fromEntries(SCRIPT_CLIENTS.map((client) => [client.clientId, client.contacts[0]])),
    "the script clients' contacts: those the embedded IdP registers, in the report domains",
  )
  const set = loadConfig({
    DATA_DIR: dataDir,
    ROLES_CLAIM: 'roles',
    ROLE_ADMIN_GROUPS: 'cloud-admins, platform',
    ROLE_EDITOR_GROUPS: '',
    ROLE_VIEWER_GROUPS: 'everyone',
    ROLE_AUDITOR_GROUPS: 'internal-audit,risk',
    REPORT_RECIPIENT_DOMAINS: 'Corp.Example, eu.corp.example',
  })
  t.strictSame(set.roles, {
    claim: 'roles',
    groups: { viewer: ['everyone'], auditor: ['internal-audit', 'risk'], editor: [], admin: ['cloud-admins', 'platform'] },
  })
  t.strictSame(set.reportDomains, ['corp.example', 'eu.corp.example'])
  const refused = (env: Record<string, string>, message: string) =>
    t.throws(() => loadConfig({ DATA_DIR: dataDir, ...env }), { constructor: ConfigError, message }, JSON.stringify(env))
  refused({ ROLE_ADMIN_GROUPS: 'ops', ROLE_VIEWER_GROUPS: 'staff,ops' }, 'ROLE_*_GROUPS: the group "ops" is given more than one role')
  refused({ ROLE_AUDITOR_GROUPS: 'risk,ccoe-editors' }, 'ROLE_*_GROUPS: the group "ccoe-editors" is given more than one role')
  refused({ ROLE_AUDITOR_GROUPS: 'internal audit' }, 'ROLE_AUDITOR_GROUPS must be group names separated by commas, got "internal audit"')
  refused(
    { ROLE_ADMIN_GROUPS: '', ROLE_EDITOR_GROUPS: '', ROLE_AUDITOR_GROUPS: '', ROLE_VIEWER_GROUPS: ' , ' },
    'ROLE_*_GROUPS: no group gives any role, so nobody could use the portal',
  )
  refused({ ROLES_CLAIM: 'my groups' }, 'ROLES_CLAIM must be one claim name or dot path without spaces, got "my groups"')
  t.strictSame(loadConfig({ DATA_DIR: dataDir, OIDC_SCRIPT_CONTACTS: 'reporting-bot=finops@corp.example' }).oidcScriptContacts, {
    'reporting-bot': 'finops@corp.example',
  })
  t.strictSame(loadConfig({ DATA_DIR: dataDir, OIDC_SCRIPT_CONTACTS: '' }).oidcScriptContacts, {}, 'none')
  refused(
    { OIDC_SCRIPT_CONTACTS: 'reporting-bot' },
    'OIDC_SCRIPT_CONTACTS must be <client id>=<email address> pairs separated by commas, got "reporting-bot"',
  )
  refused({ OIDC_SCRIPT_CONTACTS: 'reporting-bot=finops' }, 'OIDC_SCRIPT_CONTACTS: "finops" is not an email address')
  refused(
    { REPORT_RECIPIENT_DOMAINS: 'corp.example, @evil' },
    'REPORT_RECIPIENT_DOMAINS must be domain names separated by commas, got "@evil"',
  )
})
