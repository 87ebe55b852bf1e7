/**
 * The browser half of "one validation": a form's values become the write's body (toPayload) and are
 * checked against the very TypeBox object the upstream validates that body with
 * (shared/schemas/resource-body.ts). Only the messages are the web's: the spec's 'Please Input
 * {title}!' for an empty required field, a short sentence naming the field for the rest.
 */
import { FormatRegistry, Kind, Type, TypeRegistry, type TObject, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { MESSAGES } from '../../../shared/messages.js'
import type { Resolver, ResolverResult } from 'react-hook-form'
import type { FieldDef, ResourceDef } from '../../../shared/resources/index.js'
import { resourceBodySchemas } from '../../../shared/schemas/resource-body.js'
import { isBlank, toPayload, type FormValues } from './form-values.js'

/** field name → message */
export type FormErrors = Record<string, string>

type JsonSchema = TSchema & {
  type?: string | string[]
  enum?: unknown[]
  maxLength?: number
  minLength?: number
  format?: string
}

// The formats the upstream's validator knows (ajv-formats), as TypeBox needs them registered by hand.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const isDay = (v: string) => {
  const m = DAY.exec(v)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i
if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', (v) => EMAIL.test(v))
if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', isDay)
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => INSTANT.test(v) && !Number.isNaN(Date.parse(v)))

/**
 * The registry's nullable fields and selects are `Type.Unsafe` JSON schema ({type: [t, 'null'], enum}),
 * which TypeBox checks only through a registered kind: check the null and the choices here, and the
 * rest with TypeBox's own type of that name.
 */
function checkUnsafe(schema: JsonSchema, value: unknown): boolean {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (value === null) return types.includes('null') && (!schema.enum || schema.enum.includes(null))
  if (schema.enum && !schema.enum.includes(value)) return false
  const { type: _type, enum: _enum, [Kind]: _kind, ...rest } = schema
  switch (types.find((t) => t !== 'null')) {
    case 'string':
      return Value.Check(Type.String(rest), value)
    case 'number':
      return Value.Check(Type.Number(rest), value)
    case 'integer':
      return Value.Check(Type.Integer(rest), value)
    case 'boolean':
      return typeof value === 'boolean'
    default:
      return true
  }
}
if (!TypeRegistry.Has('Unsafe')) TypeRegistry.Set<JsonSchema>('Unsafe', checkUnsafe)

/**
 * The registry's `orNull` spreads a TypeBox schema into Type.Unsafe, which keeps the original Kind
 * symbol ('String' for a nullable text): TypeBox would then refuse null. JSON-schema validators
 * (the upstream's ajv) read only `type`, so give such properties the Unsafe kind they describe.
 */
const checkable = new WeakMap<TObject, TObject>()
function forTypeBox(schema: TObject): TObject {
  let fixed = checkable.get(schema)
  if (!fixed) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, p]) => [name, Array.isArray((p as JsonSchema).type) ? { ...p, [Kind]: 'Unsafe' } : p]),
    )
    fixed = { ...schema, properties } as TObject
    checkable.set(schema, fixed)
  }
  return fixed
}

function messageFor(field: FieldDef, schema: JsonSchema | undefined, value: unknown): string {
  if (typeof value === 'string' && schema) {
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      return `${field.label} must be at most ${schema.maxLength} characters`
    if (schema.format === 'email') return `${field.label} must be an email address`
    if (schema.format === 'date' || schema.format === 'date-time') return `${field.label} must be a date`
  }
  if (schema?.enum) return `${field.label} must be one of ${schema.enum.filter((c) => c !== null).join(', ')}`
  if (field.type === 'number' || field.type === 'lookup') return `${field.label} must be a number`
  return `${field.label} is not valid`
}

/**
 * The form's errors, by field: a required field left empty says 'Please Input {title}!' (spec 001
 * §5; fields outside the schema too, such as a typed email the form resolves to an id); any other
 * refusal of `schema` under one of `fields` names that field. Refusals of properties the form does
 * not show are the server's to report.
 */
export function validateForm(schema: TObject, fields: readonly FieldDef[], values: FormValues): FormErrors {
  const errors: FormErrors = {}
  for (const f of fields) {
    if (f.required && f.type !== 'boolean' && isBlank(f, values[f.name] ?? null)) errors[f.name] = MESSAGES.pleaseInput(f.label)
  }
  const body = toPayload(
    fields.filter((f) => f.name in schema.properties),
    values,
  )
  for (const error of Value.Errors(forTypeBox(schema), body)) {
    const name = error.path.split('/')[1] ?? ''
    const field = fields.find((f) => f.name === name)
    if (!field || errors[name]) continue
    errors[name] = messageFor(field, schema.properties[name] as JsonSchema, body[name])
  }
  return errors
}

const schemasOf = new WeakMap<object, { create: TObject; update: TObject }>()
/** The model's write schemas, built once per model (the same objects the upstream builds). */
export function bodySchemas(resource: ResourceDef): { create: TObject; update: TObject } {
  let schemas = schemasOf.get(resource)
  if (!schemas) {
    schemas = resourceBodySchemas(resource)
    schemasOf.set(resource, schemas)
  }
  return schemas
}

/** A model's rule across fields that a JSON schema cannot say ('If Other, Department' when Other). */
export type FormRule = (values: FormValues) => FormErrors

/** Errors by field in react-hook-form's resolver shape: the values when there are none. */
export function resolverResult<V extends Record<string, unknown>>(values: V, errors: FormErrors): ResolverResult<V> {
  const names = Object.keys(errors)
  if (names.length === 0) return { values, errors: {} }
  const fieldErrors = Object.fromEntries(names.map((n) => [n, { type: 'validate', message: errors[n] }]))
  return { values: {}, errors: fieldErrors as ResolverResult<V>['errors'] }
}

/** react-hook-form's resolver for a form of `fields`, checked against `schema`, then `rule`. */
export function typeboxResolver(schema: TObject, fields: readonly FieldDef[], rule?: FormRule): Resolver<FormValues> {
  return async (values) => resolverResult(values, { ...rule?.(values), ...validateForm(schema, fields, values) })
}
