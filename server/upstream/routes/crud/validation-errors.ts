import type { FastifySchemaValidationError } from 'fastify/types/schema.js'
import type { ResourceDef } from '../../../../shared/resources/index.js'
import { HttpError } from '../../http-error.js'

/**
 * Ajv's errors in the people's words: the message names the field by its registry label
 * ("Name is required"), and `fields` maps each API field name to its message for the form.
 */

const FORMATS: Record<string, string> = {
  email: 'an email address',
  date: 'a date (yyyy-MM-dd)',
  'date-time': 'a date and time (ISO 8601)',
}

const TYPES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
}

export function describe(error: FastifySchemaValidationError, label: string): string {
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return `${label} is required`
    case 'additionalProperties':
      return `Unknown field "${params.additionalProperty}"`
    case 'minLength':
      return `${label} is required`
    case 'maxLength':
      return `${label} must be at most ${params.limit} characters`
    case 'minimum':
      return `${label} must be at least ${params.limit}`
    case 'maximum':
      return `${label} must be at most ${params.limit}`
    case 'enum':
      return `${label} must be one of ${(params.allowedValues as unknown[]).filter((v) => v !== null).join(', ')}`
    case 'minItems':
      return `${label} needs at least ${params.limit} item${params.limit === 1 ? '' : 's'}`
    case 'pattern': {
      // a pattern says what it wants in its schema's description (errors are verbose: they carry it)
      const wanted = (error as { parentSchema?: { description?: string } }).parentSchema?.description
      return `${label} ${wanted ?? 'is not valid'}`
    }
    case 'format':
      return `${label} must be ${FORMATS[String(params.format)] ?? `in ${params.format} format`}`
    case 'type': {
      // a required value sent as null (the body validator is verbose, so errors carry their data)
      if ((error as { data?: unknown }).data === null) return `${label} is required`
      const types = String(params.type)
        .split(',')
        .filter((t) => t !== 'null')
      return `${label} must be ${types.map((t) => TYPES[t] ?? t).join(' or ')}`
    }
    default:
      return `${label} is invalid`
  }
}

function fieldOfError(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required') return String(params.missingProperty)
  if (error.keyword === 'additionalProperties') return String(params.additionalProperty)
  return error.instancePath.split('/')[1] ?? ''
}

export function validationError(resource: ResourceDef, errors: FastifySchemaValidationError[], dataVar: string): HttpError {
  const fields: Record<string, string> = {}
  for (const error of errors) {
    const name = fieldOfError(error)
    if (name === '') {
      fields[dataVar] ??= `The request ${dataVar} must be ${error.keyword === 'type' ? 'a JSON object' : 'valid'}`
      continue
    }
    // body fields go by their label; query and path parameters by their own name
    const label = dataVar === 'body' ? (resource.fields.find((f) => f.name === name)?.label ?? name) : name
    fields[name] ??= describe(error, label)
  }
  return new HttpError(400, Object.values(fields).join('; '), fields)
}
