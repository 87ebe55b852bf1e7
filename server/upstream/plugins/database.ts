import fp from 'fastify-plugin'
import type { Database } from '../db/client.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** the upstream's database; the caller that opened it also closes it */
    database: Database
  }
}

export const databasePlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database)
  },
  { name: 'database' },
)
