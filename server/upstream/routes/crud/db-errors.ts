import type { ResourceDef } from '../../../../shared/resources/index.js'
import { HttpError } from '../../http-error.js'

/**
 * The database is the referee for what only it can decide without a race: unique values, existing
 * lookups, rows still in use. Its errors (same SQLSTATE and fields on PGlite and node-postgres;
 * drizzle wraps them in `cause`) become the API's 4xx answers; anything else stays a 500.
 */

interface PgError {
  code: string
  detail?: string
  table?: string
  column?: string
  constraint?: string
}

function pgErrorOf(err: unknown): PgError | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgError
    e = e.cause as typeof e
  }
  return undefined
}

/** 'business_unit' → 'Business unit': the model's name in messages. */
export function modelName(resource: ResourceDef): string {
  const words = resource.bodyKey.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** `Key (name)=(Gaming) already exists.` → ['name', 'Gaming'] */
function keyOf(detail: string | undefined): [string, string] | undefined {
  const match = /^Key \(([^)]+)\)=\((.*)\)/.exec(detail ?? '')
  return match ? [match[1], match[2]] : undefined
}

export function dbHttpError(
  resource: ResourceDef,
  err: unknown,
  operation: 'write' | 'delete',
  values: Record<string, unknown> = {},
): HttpError | undefined {
  const pg = pgErrorOf(err)
  if (!pg) return undefined
  const key = keyOf(pg.detail)
  const fieldName =
    resource.fields.find((f) => ['key', 'check', 'fkey'].some((s) => pg.constraint === `${resource.table}_${f.name}_${s}`))?.name ??
    key?.[0] ??
    pg.column
  const field = resource.fields.find((f) => f.name === fieldName)
  const label = field?.label ?? fieldName ?? 'A value'
  const value = fieldName !== undefined && values[fieldName] !== undefined ? values[fieldName] : key?.[1]
  const fields = (message: string) => (field ? { [field.name]: message } : undefined)

  switch (pg.code) {
    case '23505': {
      // a model may name its own text (spec 001 §5: cost centers' duplicate identifier); `fields`
      // lets a form show it under the field that clashed
      const message = resource.messages?.duplicate?.replace('{value}', String(value)) ?? `${label} "${value}" already exists`
      return new HttpError(409, message, fields(message))
    }
    case '23503': {
      if (operation === 'delete') {
        const user = (pg.table ?? 'other records').replace(/_/g, ' ')
        return new HttpError(409, `This ${modelName(resource).toLowerCase()} is still used by ${user} and cannot be deleted`)
      }
      const message = `${label} ${value ?? ''} does not exist`.replace(/\s+/g, ' ')
      return new HttpError(422, message, fields(message))
    }
    case '23502': {
      const message = `${label} is required`
      return new HttpError(422, message, fields(message))
    }
    case '23514':
    case '22001': {
      const message = `${field ? label : 'A value'} is not valid`
      return new HttpError(422, message, fields(message))
    }
    case '22P02': // invalid text representation
    case '22003': // numeric value out of range
    case '22007': // invalid datetime format
    case '22008': // datetime field overflow
    case '22021': // a NUL or a byte PostgreSQL's UTF-8 refuses
      return new HttpError(400, 'A value has the wrong format')
    default:
      return undefined
  }
}
