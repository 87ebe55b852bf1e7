import { Type, type Static } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { recordRepository } from '../../db/records/repository.js'
import { dbHttpError } from '../crud/db-errors.js'
import { resourceSchemas } from '../crud/schemas.js'
import { bodyErrorFormatter } from '../body-errors.js'

const ByEmailSchema = Type.Object(
  {
    cloud_contact: Type.Object({ email: Type.String({ format: 'email', maxLength: 254 }) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
)

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
 */
export const byEmailRoute: FastifyPluginAsync<{ resource: ResourceDef; registry: readonly ResourceDef[] }> = async (
  app,
  { resource, registry },
) => {
  const records = recordRepository(resource, registry)
  app.post<{ Body: Static<typeof ByEmailSchema> }>(
    `/${resource.path}/by_email`,
    {
      schema: { body: ByEmailSchema, response: { 201: resourceSchemas(resource).record } },
      schemaErrorFormatter: bodyErrorFormatter({ email: 'Email' }),
    },
    async (request, reply) => {
      const email = request.body.cloud_contact.email.trim()
      const values = { email, name: nameFromEmail(email), terminated: false }
      try {
        // the unique constraint decides "already exists": no read-then-write race
        const data = await records.create(app.database.db, values)
        return reply.code(201).send({ data })
      } catch (err) {
        throw dbHttpError(resource, err, 'write', values) ?? err
      }
    },
  )
}
