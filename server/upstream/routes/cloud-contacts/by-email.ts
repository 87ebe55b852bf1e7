import type { Static } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { CALLS } from '../../../../shared/calls/index.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { loggedWrites } from '../../db/records/logged-writes.js'
import { recordRepository } from '../../db/records/repository.js'
import { authorOf } from '../crud/author.js'
import { dbHttpError } from '../crud/db-errors.js'
import { resourceSchemas } from '../crud/schemas.js'
import { bodyErrorFormatter } from '../body-errors.js'
import { declaredRoute } from '../declared.js'

const call = CALLS.cloudContacts.calls.byEmail

/** 'jane.doe+cloud@example.com' → 'Jane Doe': the create form asks only for the address (spec 001 §2). */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0].replace(/\+.*$/, '')
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ')
}

/**
 * POST /cloud_contacts/by_email {"cloud_contact":{"email":"jane.doe@x"}}
 *   → 201 {"data":{id, email, name:"Jane Doe", terminated:false, created_at}}
 *   → 409 'Email "jane.doe@x" already exists'; 422 when the address is not an email.
 * The change log names the creation as the generic create's would (db/records/logged-writes.ts).
 */
export const byEmailRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource, registry },
) => {
  const writes = loggedWrites(recordRepository(resource, registry))
  const route = declaredRoute(call)
  app.route<{ Body: Static<typeof call.body> }>({
    ...route,
    // the answer is the new record, as the model's create answers it
    schema: { ...route.schema, response: { 201: resourceSchemas(resource).record } },
    schemaErrorFormatter: bodyErrorFormatter({ email: 'Email' }),
    handler: async (request, reply) => {
      const email = request.body.cloud_contact.email.trim()
      const values = { email, name: nameFromEmail(email), terminated: false }
      try {
        // the unique constraint decides "already exists": no read-then-write race
        const { data } = await writes.create(app.database.db, authorOf(request), values)
        return reply.code(201).send({ data })
      } catch (err) {
        throw dbHttpError(resource, err, 'write', values) ?? err
      }
    },
  })
}
