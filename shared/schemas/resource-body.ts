import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox'
import { DEFAULT_MAX_LENGTH } from '../resources/define-resource.js'
import type { FieldDef, ResourceDef } from '../resources/index.js'
import { TEXT_LIST_DESCRIPTION, TEXT_LIST_PATTERN } from './text-list.js'

/**
 * The write schemas of one registry model, built from its FieldDefs. The one validation of a
 * record: the upstream validates request bodies with these objects, the web validates its forms
 * with the same ones, so a rule (required, maxLength, type) is written once.
 */

export const INT4_MAX = 2_147_483_647

/**
 * The registry's maxLength. defineResource gives every text field one; a model declared without it
 * (a test's synthetic one) still gets the same default, so no body stores megabytes.
 */
export function maxLengthOf(field: FieldDef): number | undefined {
  return (
    field.maxLength ?? (field.type in DEFAULT_MAX_LENGTH ? DEFAULT_MAX_LENGTH[field.type as keyof typeof DEFAULT_MAX_LENGTH] : undefined)
  )
}

function writeSchema(field: FieldDef, required: boolean): TSchema {
  // strings arrive trimmed (the upstream trims bodies before validating), so minLength 1 refuses spaces
  const text = (extra: object = {}) =>
    Type.String({ maxLength: maxLengthOf(field) ?? DEFAULT_MAX_LENGTH.text, ...(required && { minLength: 1 }), ...extra })
  switch (field.type) {
    case 'text':
      // a list kept as one text: the upstream joins a JSON array sent for it before validating (the docs say so)
      return field.joinedList ? text({ description: `texts joined by '${field.joinedList}', or a JSON array of them` }) : text()
    case 'richtext':
      return text()
    case 'email':
      return text({ format: 'email' })
    case 'list':
      return text({ pattern: TEXT_LIST_PATTERN, description: TEXT_LIST_DESCRIPTION })
    case 'date':
      return Type.String({ format: 'date' })
    case 'datetime':
      // the upstream reads a day alone as its start, UTC, before it validates (spec 001 §3: networks' and projects' dates)
      return Type.String({ format: 'date-time', description: 'an ISO 8601 date and time, or a day (yyyy-MM-dd): its start, UTC' })
    case 'select':
      return Type.Unsafe<string>({ type: 'string', enum: [...(field.options ?? [])] })
    case 'number':
      return Type.Number(field.range ? { minimum: field.range.min, maximum: field.range.max } : {})
    case 'boolean':
      return Type.Boolean()
    case 'lookup':
      return Type.Integer({
        minimum: 1,
        maximum: INT4_MAX,
        // resolved to the id by the upstream before it validates
        ...(field.lookup?.byLabel && { description: `the id, or the ${field.lookup.labelField} of the ${field.lookup.model} row` }),
      })
    case 'json':
      // the upstream writes these itself (record-changes.ts declares them read-only): any object
      return Type.Object({}, { additionalProperties: true })
  }
}

/** An optional field may be cleared: null is accepted besides its type. */
const orNull = (schema: TSchema): TSchema => Type.Union([schema, Type.Null()])

function bodySchema(resource: Pick<ResourceDef, 'fields'>, forCreate: boolean): TObject {
  const properties: TProperties = {}
  for (const field of resource.fields) {
    if (field.readOnly) continue
    const schema = field.required ? writeSchema(field, true) : orNull(writeSchema(field, false))
    // TypeBox lists every non-Optional property as required: required fields on create only
    properties[field.name] = forCreate && field.required ? schema : Type.Optional(schema)
  }
  return Type.Object(properties, { additionalProperties: false })
}

/** `create` requires the required fields; `update` takes any subset. Only the fields count (an inline row's own). */
export function resourceBodySchemas(resource: Pick<ResourceDef, 'fields'>): { create: TObject; update: TObject } {
  return { create: bodySchema(resource, true), update: bodySchema(resource, false) }
}
