/**
 * A real third-party OpenID provider for a test: Debian's glewlwyd (`apt-get install glewlwyd`), run
 * as its own process on a free 127.0.0.1 port with a temp config and a temp SQLite database made
 * from the package's own install SQL, then set up as a new team's admin would, through glewlwyd's
 * admin REST API signed in as the packaged default admin: an OpenID Connect plugin instance signing
 * with an RSA key made here, the portal's confidential client, a client-credentials client for
 * scripts, their scopes, and a person with a groups claim. Everything ends with the test.
 */
import { spawn } from 'node:child_process'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { cpSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { freePort, tempDir, type Teardown } from '../helper.js'

export const GLEWLWYD = '/usr/bin/glewlwyd'

/** the part of node:sqlite (built into Node 24) used here: the project's @types/node 20 does not describe it */
interface NodeSqlite {
  DatabaseSync: new (path: string) => { exec(sql: string): void; close(): void }
}

/** `skip` for a test that needs glewlwyd: false when it is installed, else why the test cannot run */
export const GLEWLWYD_MISSING = existsSync(GLEWLWYD)
  ? false
  : `${GLEWLWYD} is missing: install Debian's glewlwyd (apt-get install glewlwyd), as .ci/run does`

/** the package's SQL that makes a new SQLite database (dbconfig-common's copy, else the documentation's) */
function installSql(): string {
  const dbconfig = '/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3'
  if (existsSync(dbconfig)) return readFileSync(dbconfig, 'utf8')
  return gunzipSync(readFileSync('/usr/share/doc/glewlwyd/database/init.sqlite3.sql.gz')).toString('utf8')
}

const WEBAPP = '/usr/share/glewlwyd/webapp'
/** the web app's settings; Debian 2.7.5 installs this path as a folder that holds config.json */
const WEBAPP_CONFIG = '/etc/glewlwyd/config-2.7.json'

/**
 * glewlwyd's web app (its login, grant and admin pages), copied with its config.json beside it: the
 * package's `webapp/config.json` is a link to /etc/glewlwyd/config-2.7.json, which Debian's 2.7.5
 * installs as a folder, so glewlwyd cannot serve it; and glewlwyd's file server answers 404 for a
 * symbolic link, so the files are copied, not linked.
 */
function webappFolder(dir: string): string {
  const webapp = join(dir, 'webapp')
  cpSync(WEBAPP, webapp, { recursive: true, dereference: true, filter: (source) => source !== join(WEBAPP, 'config.json') })
  const config = statSync(WEBAPP_CONFIG).isDirectory() ? join(WEBAPP_CONFIG, 'config.json') : WEBAPP_CONFIG
  writeFileSync(join(webapp, 'config.json'), readFileSync(config))
  return webapp
}

const MIME_TYPES: [string, string][] = [
  ['.html', 'text/html'],
  ['.css', 'text/css'],
  ['.js', 'application/javascript'],
  ['.json', 'application/json'],
  ['.png', 'image/png'],
  ['.jpg', 'image/jpeg'],
  ['.svg', 'image/svg+xml'],
  ['.ico', 'image/x-icon'],
  ['.ttf', 'font/ttf'],
  ['.woff', 'font/woff'],
  ['.woff2', 'font/woff2'],
  ['.eot', 'application/vnd.ms-fontobject'],
  ['.map', 'application/octet-stream'],
]

/** glewlwyd.conf (libconfig) as the package's, but on 127.0.0.1:port, logging to the console, in `dir` */
function configFile(port: number, dir: string, database: string, webapp: string): string {
  const mime = MIME_TYPES.map(([extension, type]) => `  { extension = "${extension}"\n    mime_type = "${type}" }`).join(',\n')
  return `port=${port}
bind_address="127.0.0.1"
external_url="http://127.0.0.1:${port}"
login_url="login.html"
static_files_path="${webapp}/"
static_files_mime_types = (
${mime}
)
api_prefix="api"
allow_origin="*"
log_mode="console"
log_level="INFO"
cookie_secure=0
cookie_same_site="empty"
session_expiration=2419200
session_key="GLEWLWYD2_SESSION_ID"
admin_session_authentication="cookie"
profile_session_authentication="cookie"
allow_multiple_user_per_session=true
login_api_enabled=true
add_x_frame_option_header_deny=true
admin_scope="g_admin"
profile_scope="g_profile"
user_module_path="/usr/lib/glewlwyd/user"
client_module_path="/usr/lib/glewlwyd/client"
user_auth_scheme_module_path="/usr/lib/glewlwyd/scheme"
plugin_module_path="/usr/lib/glewlwyd/plugin"
hash_algorithm="SHA512"
database = {
  type = "sqlite3"
  path = "${database}"
}
`
}

/** A secret as `openssl rand -base64 32` makes one, with each of `+ / =` in it (RFC 6749's form-encoding changes them). */
export function base64Secret(): string {
  for (;;) {
    const secret = randomBytes(32).toString('base64')
    if (secret.includes('+') && secret.includes('/')) return secret
  }
}

/** the client authentication methods glewlwyd's discovery offers, both allowed for each client */
const TOKEN_AUTH_METHODS = ['client_secret_basic', 'client_secret_post']

export interface GlewlwydOptions {
  /** where the portal's gateway listens: its redirect and post-logout URIs are registered under it */
  gatewayUrl: string
  /** the `aud` of the scripts' access tokens: the API as an RFC 8707 resource indicator */
  apiAudience: string
  /** the issuer ends in `/` (as glewlwyd's documentation writes issuers) */
  issuerTrailingSlash?: boolean
  /** the plugin instance's name: the issuer and every endpoint live under /api/<name> */
  pluginName?: string
  /** the scripts client's secret; a base64 one (with `+ / =`) by default */
  scriptClientSecret?: string
}

export interface Glewlwyd {
  /** http://127.0.0.1:<port> */
  url: string
  /** the issuer, exactly as the discovery document says */
  issuer: string
  discovery: Record<string, unknown>
  portalClient: { clientId: string; clientSecret: string }
  scriptClient: { clientId: string; clientSecret: string }
  person: { username: string; password: string; email: string; name: string; groups: string[] }
  /** a script's access token from the token endpoint (client credentials, secret in the POST body) */
  clientCredentialsToken(scope: string): Promise<string>
  /** everything glewlwyd printed */
  output(): string
}

/** glewlwyd's admin API as the packaged default admin (`admin` / `password`), through its session cookie. */
async function adminSession(url: string) {
  const signIn = await fetch(`${url}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'password' }),
  })
  await signIn.arrayBuffer()
  if (signIn.status !== 200) throw new Error(`glewlwyd's default admin could not sign in: ${signIn.status}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (res.status !== 200) throw new Error(`glewlwyd admin ${method} ${path} → ${res.status} ${text}`)
    return text ? JSON.parse(text) : undefined
  }
}

export async function startGlewlwyd(t: Teardown, opts: GlewlwydOptions): Promise<Glewlwyd> {
  const dir = tempDir(t, 'ccoe-glewlwyd-')
  const database = join(dir, 'glewlwyd.db')
  const { DatabaseSync } = (await import('node:sqlite' as string)) as NodeSqlite
  const db = new DatabaseSync(database)
  db.exec(installSql())
  db.close()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const conf = join(dir, 'glewlwyd.conf')
  writeFileSync(conf, configFile(port, dir, database, webappFolder(dir)))

  const child = spawn(GLEWLWYD, ['--config-file', conf], { stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = once(child, 'exit')
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  t.teardown(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    await exited
  })
  let gone = false
  void exited.then(() => (gone = true))

  // glewlwyd logs "Glewlwyd started" before its HTTP server listens: ask it until it answers
  const deadline = Date.now() + 15_000
  for (;;) {
    if (gone) throw new Error(`glewlwyd exited before it answered: ${output}`)
    if (Date.now() > deadline) throw new Error(`glewlwyd did not answer on ${url} within 15 s: ${output}`)
    const answer = await fetch(`${url}/config`).catch(() => null)
    if (answer) {
      await answer.arrayBuffer()
      if (answer.status === 200) break
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }

  const admin = await adminSession(url)
  const pluginName = opts.pluginName ?? 'oidc'
  const pluginUrl = `${url}/api/${pluginName}`
  const issuer = opts.issuerTrailingSlash ? `${pluginUrl}/` : pluginUrl

  // the person's groups are a user property of glewlwyd's database backend, which keeps only the
  // properties its data format names (admin page: Parameters, User backend, Data format)
  const userModule = (await admin('GET', '/mod/user/database')) as { parameters: { 'data-format': Record<string, unknown> } }
  userModule.parameters['data-format'].groups = {
    multiple: true,
    read: true,
    write: true,
    'profile-read': true,
    'profile-write': false,
  }
  await admin('PUT', '/mod/user/database', userModule)
  // a running instance keeps its old settings until it is reset
  await admin('PUT', '/mod/user/database/reset')

  // openid and the admin's scopes come with the package; the portal asks for email and profile too,
  // and scripts for the API's scopes
  for (const [name, description] of [
    ['email', 'Your email address'],
    ['profile', 'Your name and groups'],
    ['read', 'Read the CCoE Portal API'],
    ['reports', 'Send the CCoE Portal reports'],
  ]) {
    await admin('POST', '/scope/', { name, display_name: name, description, password_required: true, password_max_age: 0, scheme: {} })
  }

  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  await admin('POST', '/mod/plugin/', {
    module: 'oidc',
    name: pluginName,
    display_name: 'OpenID Connect',
    parameters: {
      iss: issuer,
      'jwt-type': 'rsa',
      'jwt-key-size': '256',
      key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      cert: publicKey.export({ type: 'spki', format: 'pem' }),
      'access-token-duration': 3600,
      'refresh-token-duration': 1209600,
      'code-duration': 600,
      'refresh-token-rolling': true,
      // client credentials is OAuth 2.0, not OpenID Connect: glewlwyd allows it only with this
      'allow-non-oidc': true,
      'auth-type-code-enabled': true,
      'auth-type-token-enabled': false,
      'auth-type-id-token-enabled': true,
      'auth-type-none-enabled': false,
      'auth-type-password-enabled': false,
      'auth-type-client-enabled': true,
      'auth-type-device-enabled': false,
      'auth-type-refresh-enabled': true,
      'allowed-scope': ['openid', 'email', 'profile', 'read', 'reports'],
      // OpenID Connect Core §5.4: the email scope releases email, profile releases name (glewlwyd's
      // default releases neither unless the request's `claims` names them)
      'name-claim': 'on-demand',
      'name-claim-scope': ['profile'],
      'email-claim': 'on-demand',
      'email-claim-scope': ['email'],
      // the person's groups, in every ID token and userinfo answer
      claims: [{ name: 'groups', 'user-property': 'groups', type: 'string', mandatory: true, 'on-demand': false, scope: [] }],
      'pkce-allowed': true,
      'pkce-method-plain-allowed': false,
      // RFC 8707: a script names the API it calls (`resource`), which becomes its token's `aud`;
      // without it glewlwyd puts the scope list in `aud`
      'resource-allowed': true,
      'resource-scope': { read: [opts.apiAudience], reports: [opts.apiAudience] },
      'resource-scope-and-client-property': false,
    },
  })

  const portalClient = { clientId: 'ccoe-portal', clientSecret: base64Secret() }
  await admin('POST', '/client/', {
    client_id: portalClient.clientId,
    name: 'CCoE Portal',
    description: 'The CCoE Portal gateway',
    enabled: true,
    confidential: true,
    client_secret: portalClient.clientSecret,
    scope: [],
    redirect_uri: [`${opts.gatewayUrl}/oidc/callback`],
    post_logout_redirect_uri: `${opts.gatewayUrl}/unauth/home`,
    authorization_type: ['code', 'refresh_token'],
    // glewlwyd refuses a confidential client at its token endpoint unless this names the method
    token_endpoint_auth_method: TOKEN_AUTH_METHODS,
  })
  const scriptClient = { clientId: 'ccoe-scripts', clientSecret: opts.scriptClientSecret ?? base64Secret() }
  await admin('POST', '/client/', {
    client_id: scriptClient.clientId,
    name: 'CCoE scripts',
    description: 'Scripts that call the CCoE Portal API',
    enabled: true,
    confidential: true,
    client_secret: scriptClient.clientSecret,
    scope: ['read', 'reports'],
    redirect_uri: [],
    authorization_type: ['client_credentials'],
    token_endpoint_auth_method: TOKEN_AUTH_METHODS,
  })

  const person = {
    username: 'alice',
    password: base64Secret(),
    email: 'alice@ccoe.example',
    name: 'Alice Admin',
    groups: ['ccoe-admins', 'cloud-users'],
  }
  await admin('POST', '/user/', {
    username: person.username,
    password: person.password,
    name: person.name,
    email: person.email,
    enabled: true,
    scope: ['openid', 'email', 'profile'],
    groups: person.groups,
  })

  const discoveryAnswer = await fetch(`${pluginUrl}/.well-known/openid-configuration`)
  if (discoveryAnswer.status !== 200)
    throw new Error(`glewlwyd's discovery answered ${discoveryAnswer.status}: ${await discoveryAnswer.text()}`)
  const discovery = (await discoveryAnswer.json()) as Record<string, unknown>

  return {
    url,
    issuer: String(discovery.issuer),
    discovery,
    portalClient,
    scriptClient,
    person,
    async clientCredentialsToken(scope) {
      const res = await fetch(String(discovery.token_endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: scriptClient.clientId,
          client_secret: scriptClient.clientSecret,
          scope,
          resource: opts.apiAudience,
        }),
      })
      const text = await res.text()
      if (res.status !== 200) throw new Error(`glewlwyd's token endpoint answered ${res.status}: ${text}`)
      return String((JSON.parse(text) as { access_token: unknown }).access_token)
    },
    output: () => output,
  }
}
