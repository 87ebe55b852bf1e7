/**
 * The development IdP as a process of its own (`node dist/server/main.js idp`): the one issuer of
 * several gateway replicas. A replica without OIDC_ISSUER mounts an IdP of its own under its /idp,
 * with keys and sign-ins of its own, so behind a load balancer a sign-in begun at one replica's IdP
 * could not be finished at another's. This one stands where a corporate IdP would.
 *
 * It reads the gateways' own settings: OIDC_ISSUER is its public address (the path part is its
 * mount, /idp as in a single portal), PUBLIC_URL the portal's (its redirect URIs), OIDC_CLIENT_ID
 * and OIDC_CLIENT_SECRET the portal's client, OIDC_API_AUDIENCE its tokens' audience; it listens on
 * HOST and PORT, keeps its keys in DATA_DIR and its sign-ins in GATEWAY_DATABASE_URL's (or
 * DATABASE_URL's) PostgreSQL, else a PGlite in DATA_DIR/idp. Refused sign-ins and client secrets go
 * to its log (stdout, JSON lines naming REPLICA_NAME).
 */
import { join } from 'node:path'
import Fastify from 'fastify'
import { ConfigError, portalClientOf, type Config } from '../config.js'
import { idpPlugin } from './plugin.js'
import { openIdpDatabase } from './store-database.js'

export interface ServedIdp {
  issuer: string
  /** closes the server, then its database */
  close(): Promise<void>
}

export async function serveIdp(config: Config): Promise<ServedIdp> {
  if (!config.oidcIssuer) {
    throw new ConfigError('the IdP on its own needs OIDC_ISSUER: the address browsers and gateways reach it at')
  }
  const mount = new URL(config.oidcIssuer).pathname.replace(/\/+$/, '')
  const database = await openIdpDatabase({
    databaseUrl: config.gatewayDatabaseUrl ?? config.databaseUrl,
    dataDir: join(config.dataDir, 'idp'),
  })
  // warnings only: the IdP's audit lines are warnings, and a line per request would bury them
  const app = Fastify({
    logger: { level: 'warn', base: { replica: config.replicaName } },
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  })
  try {
    await app.register(idpPlugin, {
      prefix: mount,
      issuer: config.oidcIssuer,
      portalClient: portalClientOf(config),
      keysFile: join(config.dataDir, 'idp-keys.json'),
      apiAudience: config.oidcApiAudience,
      store: { client: database },
    })
    await app.listen({ host: config.host, port: config.port })
  } catch (error) {
    await app.close()
    await database.close()
    throw error
  }
  return {
    issuer: config.oidcIssuer,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
