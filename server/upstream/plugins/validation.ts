import AjvCompiler from '@fastify/ajv-compiler'
import type { Ajv, ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js'
import fp from 'fastify-plugin'
import { isCalendarDay } from '../../../shared/rules/calendar-day.js'
import { isEmailAddress } from '../../../shared/rules/email-address.js'
import { trimStrings } from '../../../shared/schemas/trim.js'

/**
 * How requests are validated, decided once for every route. Query strings and path parameters are
 * text by nature, so they keep Fastify's coercion ('2' is page 2). A JSON body carries its own
 * types: coercing it stored `"name": 123` as "123" and `"companies_id": true` as 1, so a body is
 * never coerced and a wrong type is a 400 naming the field. Every string of a body is trimmed
 * first, so a required text of only spaces is missing, and nothing is stored with stray spaces.
 */

// Fastify's own compiler (Ajv with its defaults and formats). Its types say it takes a schema and may
// answer an async validator; it takes the route (reading its schema), and no schema here is $async
type Compile = (route: FastifyRouteSchemaDef<unknown>) => ValidateFunction
const buildCompiler = AjvCompiler()
// unknown fields are an error, not silently dropped; report every bad field at once; errors carry
// the value they refuse (verbose), so a null where a required value belongs reads 'is required'
const common = { removeAdditional: false, allErrors: true, verbose: true } as const
// a `date` is a day PostgreSQL stores: ajv-formats' own lets the year 0000 through, a 500 in SQL;
// an `email` is the one rule the web's forms, the gateway and the mail check too
const onCreate = (ajv: Ajv) => ajv.addFormat('date', isCalendarDay).addFormat('email', isEmailAddress)
const bodyCompiler = buildCompiler({}, { customOptions: { ...common, coerceTypes: false }, onCreate }) as Compile
const textCompiler = buildCompiler({}, { customOptions: { ...common, coerceTypes: 'array' }, onCreate }) as Compile

const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  if (route.httpPart !== 'body') return textCompiler(route)
  const validate = bodyCompiler(route)
  const trimmedThenValidated = (data: unknown) => {
    trimStrings(data)
    const valid = validate(data)
    trimmedThenValidated.errors = validate.errors
    return valid
  }
  trimmedThenValidated.errors = validate.errors
  return trimmedThenValidated
}

export const validation = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler)
  },
  { name: 'validation' },
)
