import { sql, type SQL } from 'drizzle-orm'
import { RESOURCES, type ResourceDef } from '../../../../shared/resources/index.js'
import { shapeOf } from './columns.js'
import { listReads } from './list-page.js'
import { STALE, versionOf, withVersion, type ExpectedVersions } from './row-versions.js'
import { rows, type ApiRecord, type Executor } from './rows.js'

/** Reads and writes the rows of one registry model (generic CRUD, seeding, special modules); its lists are list-page.ts's. */
export function recordRepository(resource: ResourceDef, registry: readonly ResourceDef[] = RESOURCES) {
  const shape = shapeOf(resource, registry)
  const table = sql.identifier(resource.table)
  const from = sql`${table} AS t${shape.joins}`

  async function get(db: Executor, id: number): Promise<ApiRecord | undefined> {
    const [row] = await rows(db, sql`SELECT ${shape.select} FROM ${from} WHERE t.id = ${id}`)
    return row
  }

  const t = sql.identifier('t')
  const version = (alias: ReturnType<typeof sql.identifier>) => versionOf(alias, shape.sortKeyColumns)
  /** `AND <the row's version is one of expected>`, nothing when any version will do. */
  function versionCheck(expected: ExpectedVersions): SQL {
    if (!expected) return sql``
    if (expected.length === 0) return sql` AND false`
    return sql` AND ${version(table)} IN (${sql.join(
      expected.map((v) => sql`${v}`),
      sql`, `,
    )})`
  }

  /** One record and its version, in one statement. */
  async function getVersioned(db: Executor, id: number) {
    const [row] = await rows(db, sql`SELECT ${shape.select}, ${version(t)} AS "__version" FROM ${from} WHERE t.id = ${id}`)
    return withVersion(row)
  }

  const repo = {
    resource,
    ...listReads(resource, shape),
    get,
    getVersioned,

    /** One record, its row locked until the caller's transaction ends: what a logged write changes from. */
    async getForUpdate(db: Executor, id: number): Promise<ApiRecord | undefined> {
      const [row] = await rows(db, sql`SELECT ${shape.select} FROM ${from} WHERE t.id = ${id} FOR UPDATE OF t`)
      return row
    },

    /** One statement: the INSERT and the joined read of the new row are atomic. */
    async create(db: Executor, values: ApiRecord): Promise<ApiRecord> {
      return (await repo.createVersioned(db, values)).data
    },

    async createVersioned(db: Executor, values: ApiRecord): Promise<{ data: ApiRecord; version: string }> {
      const names = Object.keys(values)
      const insert = names.length
        ? sql`INSERT INTO ${table} (${sql.join(
            names.map((n) => sql.identifier(n)),
            sql`, `,
          )})
              VALUES (${sql.join(
                names.map((n) => sql`${values[n]}`),
                sql`, `,
              )}) RETURNING *`
        : sql`INSERT INTO ${table} DEFAULT VALUES RETURNING *`
      const [row] = await rows(db, sql`WITH t AS (${insert}) SELECT ${shape.select}, ${version(t)} AS "__version" FROM t${shape.joins}`)
      return withVersion(row)!
    },

    async update(db: Executor, id: number, values: ApiRecord): Promise<ApiRecord | undefined> {
      const result = await repo.updateVersioned(db, id, values, undefined)
      return result === STALE ? undefined : result?.data
    },

    /**
     * Writes only when the stored row's version is one of `expected` (checked and written in ONE
     * statement: a concurrent write re-checks the condition on the new row). STALE when the row is
     * there but changed, undefined when there is no such row.
     */
    async updateVersioned(db: Executor, id: number, values: ApiRecord, expected: ExpectedVersions) {
      const names = Object.keys(values)
      if (names.length === 0) {
        const found = await getVersioned(db, id)
        if (found && expected && !expected.includes(found.version)) return STALE
        return found
      }
      const assignments = sql.join(
        names.map((n) => sql`${sql.identifier(n)} = ${values[n]}`),
        sql`, `,
      )
      const [row] = await rows(
        db,
        sql`WITH t AS (UPDATE ${table} SET ${assignments} WHERE id = ${id}${versionCheck(expected)} RETURNING *)
            SELECT ${shape.select}, ${version(t)} AS "__version" FROM t${shape.joins}`,
      )
      if (!row && expected && (await get(db, id))) return STALE
      return withVersion(row)
    },

    async remove(db: Executor, id: number): Promise<boolean> {
      return (await repo.removeVersioned(db, id, undefined)) === true
    },

    /** Like updateVersioned: true when deleted, STALE when changed since, false when not there. */
    async removeVersioned(db: Executor, id: number, expected: ExpectedVersions): Promise<boolean | typeof STALE> {
      const deleted = await rows(db, sql`DELETE FROM ${table} WHERE id = ${id}${versionCheck(expected)} RETURNING id`)
      if (deleted.length > 0) return true
      if (expected && (await get(db, id))) return STALE
      return false
    },

    // ---- many rows at once (bulk actions, routes/crud/bulk-routes.ts): one statement per step, ids as one array parameter

    /** The ids among `ids` that exist, with their versions, each row locked until the transaction ends. */
    async lockVersions(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
      const found = await rows<{ id: number; version: string }>(
        db,
        sql`SELECT t.id::float8 AS id, ${version(t)} AS version FROM ${table} AS t WHERE t.id = ANY(${sql.param([...ids])}::int4[]) FOR UPDATE OF t`,
      )
      return new Map(found.map((r) => [Number(r.id), String(r.version)]))
    },

    /** The rows of `ids` as the API answers them, locked (what a bulk write changes from), in id order. */
    async getManyForUpdate(db: Executor, ids: readonly number[]): Promise<ApiRecord[]> {
      return rows(
        db,
        sql`SELECT ${shape.select} FROM ${from} WHERE t.id = ANY(${sql.param([...ids])}::int4[]) ORDER BY t.id FOR UPDATE OF t`,
      )
    },

    /** Sets `values` on every row of `ids`; answers the rows as they are now, in id order. */
    async updateMany(db: Executor, ids: readonly number[], values: ApiRecord): Promise<ApiRecord[]> {
      const assignments = sql.join(
        Object.keys(values).map((n) => sql`${sql.identifier(n)} = ${values[n]}`),
        sql`, `,
      )
      return rows(
        db,
        sql`WITH t AS (UPDATE ${table} SET ${assignments} WHERE id = ANY(${sql.param([...ids])}::int4[]) RETURNING *)
            SELECT ${shape.select} FROM t${shape.joins} ORDER BY t.id`,
      )
    },

    /** Deletes every row of `ids`; answers how many went. */
    async removeMany(db: Executor, ids: readonly number[]): Promise<number> {
      return (await rows(db, sql`DELETE FROM ${table} WHERE id = ANY(${sql.param([...ids])}::int4[]) RETURNING id`)).length
    },

    async hasRows(db: Executor): Promise<boolean> {
      const [row] = await rows<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM ${table}) AS found`)
      return row.found
    },
  }
  return repo
}

export type RecordRepository = ReturnType<typeof recordRepository>
