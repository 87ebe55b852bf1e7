/**
 * The embedded IdP's state (interactions, sessions, grants, codes, tokens) in a SQL table
 * (store-database.ts opens its database), as oidc-provider's adapter interface asks. The default
 * in-memory store is an LRU: a flood of anonymous authorization requests pushed real sign-ins out
 * of it, and a restart lost them all. Here every artifact stays until it expires; the table is
 * bounded by expiry (purged as writes go) and by a cap per model, past which the entries nearest
 * their end go first.
 *
 * The table lives in a schema of its own, so the provider API's backups (its current schema only)
 * never carry sign-in sessions when both share a PostgreSQL database.
 */

/** What the store needs of a database: PGlite's and node-postgres's `query` both fit. */
export interface SqlClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>
}

export const IDP_SCHEMA = 'ccoe_idp'
const TABLE = `${IDP_SCHEMA}.artifacts`
/** a write in this many also deletes what has expired */
const PURGE_EVERY = 100

interface Payload {
  grantId?: string
  uid?: string
  userCode?: string
  consumed?: number
  [key: string]: unknown
}

export interface IdpStoreOptions {
  /** live artifacts kept per model; the cap a flood runs into */
  maxPerModel?: number
  now?: () => number
}

/** Creates the table (once per database) and returns the adapter class oidc-provider is given. */
export async function openIdpStore(client: SqlClient, { maxPerModel = 100_000, now = Date.now }: IdpStoreOptions = {}) {
  // one statement under a lock: gateways that start together would race on IF NOT EXISTS
  await client.query(`DO $$ BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('${TABLE}'));
    CREATE SCHEMA IF NOT EXISTS ${IDP_SCHEMA};
    CREATE TABLE IF NOT EXISTS ${TABLE} (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      uid text,
      user_code text,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (model, id));
    CREATE INDEX IF NOT EXISTS artifacts_grant ON ${TABLE} (grant_id) WHERE grant_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS artifacts_uid ON ${TABLE} (model, uid) WHERE uid IS NOT NULL;
    CREATE INDEX IF NOT EXISTS artifacts_expiry ON ${TABLE} (model, expires_at);
  END $$`)
  let writes = 0
  const at = () => new Date(now())

  async function purge(model: string) {
    await client.query(`DELETE FROM ${TABLE} WHERE expires_at <= $1`, [at()])
    await client.query(
      `DELETE FROM ${TABLE} WHERE model = $1 AND id IN (
         SELECT id FROM ${TABLE} WHERE model = $1 ORDER BY expires_at DESC OFFSET $2)`,
      [model, maxPerModel],
    )
  }

  async function one(where: string, params: unknown[]): Promise<Payload | undefined> {
    const { rows } = await client.query<{ payload: Payload | string }>(
      `SELECT payload FROM ${TABLE} WHERE ${where} AND expires_at > $${params.length + 1} LIMIT 1`,
      [...params, at()],
    )
    const payload = rows[0]?.payload
    // node-postgres parses jsonb; PGlite too, but a text answer is read the same way
    return typeof payload === 'string' ? (JSON.parse(payload) as Payload) : payload
  }

  return class IdpStore {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn: number): Promise<void> {
      await client.query(
        `INSERT INTO ${TABLE} (model, id, payload, grant_id, uid, user_code, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
           user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.uid ?? null,
          payload.userCode ?? null,
          new Date(now() + expiresIn * 1000),
        ],
      )
      if (++writes % PURGE_EVERY === 0) await purge(this.model)
    }

    find(id: string) {
      return one('model = $1 AND id = $2', [this.model, id])
    }

    findByUid(uid: string) {
      return one('model = $1 AND uid = $2', [this.model, uid])
    }

    findByUserCode(userCode: string) {
      return one('model = $1 AND user_code = $2', [this.model, userCode])
    }

    async consume(id: string): Promise<void> {
      await client.query(
        `UPDATE ${TABLE} SET payload = payload || jsonb_build_object('consumed', $3::bigint) WHERE model = $1 AND id = $2`,
        [this.model, id, Math.floor(now() / 1000)],
      )
    }

    async destroy(id: string): Promise<void> {
      await client.query(`DELETE FROM ${TABLE} WHERE model = $1 AND id = $2`, [this.model, id])
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await client.query(`DELETE FROM ${TABLE} WHERE grant_id = $1`, [grantId])
    }
  }
}

export type IdpStoreClass = Awaited<ReturnType<typeof openIdpStore>>
