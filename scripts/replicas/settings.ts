/**
 * The settings every gateway replica is given alike, beside its own PORT and REPLICA_NAME: one portal
 * address, one session key, one upstream, one IdP, one PostgreSQL for the logout cut-off, one Redis
 * for the rate limits, and the load balancer to believe. `npm run replicas` sets each of them, and
 * test/gateway/replicas.test.ts holds deploy/replicas/compose.yml and kubernetes.yml to the same list.
 */
export const SHARED_SETTINGS = [
  'PUBLIC_URL',
  'SESSION_SECRET',
  'UPSTREAM_URL',
  'UPSTREAM_TOKEN',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'GATEWAY_DATABASE_URL',
  'REDIS_URL',
  'TRUST_PROXY',
] as const

export type SharedSettings = Record<(typeof SHARED_SETTINGS)[number], string>
