import type { FastifySchemaValidationError } from 'fastify/types/schema.js'
import { HttpError } from '../http-error.js'
import { describe } from './crud/validation-errors.js'

/**
 * The schema errors of a special route's wrapped body (`{cost_center:{send_to}}`), in the generic
 * CRUD's words. A malformed request (missing or wrongly typed field) is a 400; a well-formed value
 * the portal cannot use (an address that is not an email) is a 422, as the spec's forms expect.
 */
export function bodyErrorFormatter(labels: Record<string, string>) {
  return (errors: FastifySchemaValidationError[], dataVar: string): HttpError => {
    const fields: Record<string, string> = {}
    for (const error of errors) {
      const params = error.params as Record<string, unknown>
      const name =
        error.keyword === 'required'
          ? String(params.missingProperty)
          : error.keyword === 'additionalProperties'
            ? String(params.additionalProperty)
            : // an item of a list is refused under the list's name ('/regions/1' → regions)
              (error.instancePath
                .split('/')
                .filter((s) => !/^\d+$/.test(s))
                .pop() ?? '')
      if (name === '') fields[dataVar] ??= `The request ${dataVar} must be a JSON object`
      else fields[name] ??= describe(error, labels[name] ?? name)
    }
    const status = errors.every((e) => e.keyword === 'format') ? 422 : 400
    return new HttpError(status, Object.values(fields).join('; '), fields)
  }
}
