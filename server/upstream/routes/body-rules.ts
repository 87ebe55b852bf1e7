import type { FastifyRequest } from 'fastify'
import type { ResourceDef } from '../../../shared/resources/index.js'
import { hasRecordRules, recordErrors } from '../../../shared/rules/record-rules.js'
import type { recordRepository } from '../db/records/repository.js'
import type { Executor } from '../db/records/rows.js'
import { HttpError } from '../http-error.js'

/**
 * The rules across fields the generic create and update apply after the schema: the same functions
 * the web's forms check with (shared/rules/record-rules.ts), so a direct call is refused as the form
 * is, with a 400 naming each field. An update is judged as the record will be: its stored values
 * under the body's (an expiry moved alone before the stored activation is refused too).
 */
export function bodyRuleCheck(resource: ResourceDef, records: ReturnType<typeof recordRepository>, db: () => Executor) {
  if (!hasRecordRules(resource.key)) return undefined
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown>
    const id = (request.params as { id?: number } | undefined)?.id
    const stored = id === undefined ? undefined : (await records.getVersioned(db(), id))?.data
    const fields = recordErrors(resource.key, { ...stored, ...body }, id, Object.keys(body))
    const messages = Object.values(fields)
    if (messages.length > 0) throw new HttpError(400, messages.join('; '), fields)
  }
}
