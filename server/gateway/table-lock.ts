import type pg from 'pg'

/**
 * Runs `statements` in one transaction of the replicas' shared PostgreSQL under an advisory lock
 * named by `table`: CREATE … IF NOT EXISTS races between replicas starting together, and the lock
 * orders them.
 */
export async function underTableLock(pool: pg.Pool, table: string, statements: readonly pg.QueryConfig[]): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('${table}'))`)
    for (const statement of statements) await client.query(statement)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  } finally {
    client.release()
  }
}
