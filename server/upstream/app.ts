import { HttpError } from './http-error.js'
import Fastify, { type FastifyInstance } from 'fastify'
import { RESOURCES, type ResourceDef } from '../../shared/resources/index.js'
import { DEFAULT_ANOMALY_RULE, type AnomalyRule } from '../../shared/rules/spend-anomaly.js'
import type { Database } from './db/client.js'
import type { MailSettings } from './mail/mailer.js'
import { bearerAuth } from './plugins/bearer-auth.js'
import { databasePlugin } from './plugins/database.js'
import { errorHandler } from './plugins/error-handler.js'
import { mailPlugin } from './plugins/mail.js'
import { validation } from './plugins/validation.js'
import './routes/crud/author.js'
import './routes/cloud-bills/spend-anomalies.js'
import { crudRoutes } from './routes/crud/index.js'
import { healthRoutes } from './routes/health.js'
import { specialRoutes } from './routes/special.js'
import { spendWindowPlugin } from './routes/cloud-bills/spend-window.js'
import { derivedSecret, memberCredentials, type CredentialSettings } from './routes/self-service/credential.js'

export interface UpstreamOptions {
  /** the fixed bearer token the gateway sends */
  token: string
  /** opened (and later closed) by the caller */
  database: Database
  logger?: boolean | object
  /** the models served; tests add synthetic ones. Default: every model of the registry */
  resources?: readonly ResourceDef[]
  /**
   * Reports are real emails: SMTP when smtpUrl is set, else .eml files in outboxDir. Unset (benches,
   * tests that send nothing): the calls that email answer 503 instead of writing somewhere unexpected.
   */
  mail?: MailSettings
  /** the member self-service credentials: secret (default: derived from the token), clock, lifetime */
  memberCredentials?: Partial<CredentialSettings>
  /** when a write happens, as its change-log entry says (tests fix it) @default the system clock */
  clock?: () => Date
  /** when a cost center's month is a spend anomaly (ANOMALY_FACTOR, ANOMALY_FLOOR) @default DEFAULT_ANOMALY_RULE */
  anomalyRule?: AnomalyRule
}

const MAX_JSON_DEPTH = 32

/** Whether objects and arrays nest deeper than `max`: a walk with its own stack, so any depth is safe. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [item, depth] = stack.pop()!
    if (item === null || typeof item !== 'object') continue
    if (depth >= max) return true
    for (const child of Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
  }
  return false
}

/** The embedded provider API, ready but not listening: the caller listens and closes. */
export async function buildUpstream(opts: UpstreamOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: (opts.logger ?? false) as boolean,
    // the gateway's request id, so its audit line and our log line meet
    requestIdHeader: 'x-request-id',
    // uploads arrive as base64 JSON: the gateway's 20 MiB file limit grows by 4/3
    bodyLimit: 32 * 1024 * 1024,
    // spec 000 §7 names some collections with a trailing slash (/customers/): the same route
    routerOptions: { ignoreTrailingSlash: true },
  })
  // an empty JSON body (a DELETE from many HTTP clients) is no body, not a 400; the rest keeps
  // Fastify's own parser with its prototype-poisoning protection
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text === '') return done(null, undefined)
    parseJson(request, text, (error, value) => {
      if (error) return done(error)
      // no API body nests deeper than a few levels; thousands would overflow the recursive walks
      // that follow (trimming, validation) into a 500
      if (nestsDeeperThan(value, MAX_JSON_DEPTH))
        return done(new HttpError(400, `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`))
      done(null, value)
    })
  })
  // plugins first (database, errors, auth), then routes: the order of fastify/demo
  await app.register(databasePlugin, { database: opts.database })
  await app.register(errorHandler)
  await app.register(validation)
  await app.register(mailPlugin, { settings: opts.mail })
  await app.register(bearerAuth, { token: opts.token })
  app.decorate('memberCredentials', memberCredentials({ secret: derivedSecret(opts.token), ...opts.memberCredentials }))
  app.decorate('clock', opts.clock ?? (() => new Date()))
  await app.register(spendWindowPlugin)
  app.decorate('anomalyRule', opts.anomalyRule ?? DEFAULT_ANOMALY_RULE)
  await app.register(healthRoutes)
  const resources = opts.resources ?? RESOURCES
  await app.register(crudRoutes, { resources })
  // the calls of shared/calls: reports, uploads, the directory, requests, the self-service, …
  await app.register(specialRoutes, { resources })
  return app
}
