import type { FastifySchemaValidationError } from 'fastify/types/schema.js'
import type { FieldDef, ResourceDef } from '../../../../shared/resources/index.js'
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

/** a refusal that says the value is missing: absent, empty after trimming, or null */
const isMissing = (error: FastifySchemaValidationError) =>
  error.keyword === 'required' || error.keyword === 'minLength' || (error.keyword === 'type' && (error as { data?: unknown }).data === null)

/** a JSON list of texts: [] when it is empty, 'blank' when an item is empty, undefined when it is no such list */
function listShape(text: unknown): 'empty' | 'blank' | undefined {
  try {
    const value: unknown = typeof text === 'string' ? JSON.parse(text) : undefined
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return undefined
    return value.length === 0 ? 'empty' : value.some((v: string) => v.trim() === '') ? 'blank' : undefined
  } catch {
    return undefined
  }
}

/** The spec's own text for a field's refusal (the registry's `texts`, spec 000 §5), if it has one. */
function specText(field: FieldDef | undefined, error: FastifySchemaValidationError): string | undefined {
  if (!field?.texts) return undefined
  if (isMissing(error)) return field.texts.required
  if (field.type !== 'list' || error.keyword !== 'pattern') return undefined
  const shape = listShape((error as { data?: unknown }).data)
  return shape === 'empty' ? field.texts.required : shape === 'blank' ? field.texts.itemRequired : undefined
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
    // body fields go by their label (or the spec's own text); query and path parameters by their own name
    const field = dataVar === 'body' ? resource.fields.find((f) => f.name === name) : undefined
    fields[name] ??= specText(field, error) ?? describe(error, field?.label ?? name)
  }
  return new HttpError(400, Object.values(fields).join('; '), fields)
}
