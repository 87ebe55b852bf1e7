/**
 * The browser half of "one validation": a form's values become the write's body (toPayload) and are
 * checked against the very TypeBox object the upstream validates that body with
 * (shared/schemas/resource-body.ts). Only the messages are the web's: the spec's 'Please Input
 * {title}!' for an empty required field, a short sentence naming the field for the rest.
 */
import { FormatRegistry, TypeRegistry, type TObject, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { MESSAGES } from '../../../shared/messages.js'
import { isEmailAddress } from '../../../shared/rules/email-address.js'
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
  anyOf?: JsonSchema[]
}

/** An optional field's schema is `Type.Union([T, Type.Null()])`: its rules (maxLength, format, enum) are T's. */
const valueSchema = (schema: JsonSchema | undefined) => schema?.anyOf?.find((s) => s.type !== 'null') ?? schema

// The formats the upstream's validator knows, as TypeBox needs them registered by hand; an email is
// the one rule of shared/rules (the upstream's validator, the gateway and the mail check the same).
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const isDay = (v: string) => {
  const m = DAY.exec(v)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i
if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', isEmailAddress)
if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', isDay)
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => INSTANT.test(v) && !Number.isNaN(Date.parse(v)))

/**
 * A choice among texts (a select, an AWS OU) is `Type.Unsafe({type: 'string', enum})`, so the upstream's
 * ajv reports 'must be one of …'; TypeBox checks such a schema only through a registered kind.
 */
function checkChoice(schema: JsonSchema, value: unknown): boolean {
  return typeof value === schema.type && (!schema.enum || schema.enum.includes(value))
}
if (!TypeRegistry.Has('Unsafe')) TypeRegistry.Set<JsonSchema>('Unsafe', checkChoice)

/** The message of one refusal, naming the field by its label. */
function messageFor(label: string, schema: JsonSchema | undefined, value: unknown): string {
  if (typeof value === 'string' && schema) {
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `${label} must be at most ${schema.maxLength} characters`
    if (schema.format === 'email') return `${label} must be an email address`
    if (schema.format === 'date' || schema.format === 'date-time') return `${label} must be a date`
  }
  // a pattern says what it wants in its description, as the upstream's message does
  if (schema?.description) return `${label} ${schema.description}`
  if (schema?.enum) return `${label} must be one of ${schema.enum.filter((c) => c !== null).join(', ')}`
  if (schema?.type === 'number' || schema?.type === 'integer') return `${label} must be a number`
  return `${label} is not valid`
}

const isEmpty = (v: unknown) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0)

/**
 * The refusals of `body` by `schema`, one per field the form shows (`labels`: name → label); the
 * refusals of properties the form does not show are the server's to report. `emptyText`: what a
 * field left empty says when the schema refuses it (a call form's '{label} is required').
 */
export function schemaErrors(
  schema: TObject,
  body: Record<string, unknown>,
  labels: Record<string, string>,
  emptyText?: (label: string) => string,
): FormErrors {
  const errors: FormErrors = {}
  for (const error of Value.Errors(schema, body)) {
    const name = error.path.split('/')[1] ?? ''
    const label = labels[name]
    if (label === undefined || errors[name]) continue
    errors[name] =
      emptyText && isEmpty(error.value) ? emptyText(label) : messageFor(label, valueSchema(error.schema as JsonSchema), error.value)
  }
  return errors
}

/**
 * The form's errors, by field: a required field left empty says 'Please Input {title}!' (spec 001
 * §5; fields outside the schema too, such as a typed email the form resolves to an id); any other
 * refusal of `schema` under one of `fields` names that field.
 */
export function validateForm(schema: TObject, fields: readonly FieldDef[], values: FormValues): FormErrors {
  const blank: FormErrors = {}
  for (const f of fields) {
    if (f.required && f.type !== 'boolean' && isBlank(f, values[f.name] ?? null)) blank[f.name] = MESSAGES.pleaseInput(f.label)
  }
  const shown = fields.filter((f) => f.name in schema.properties)
  const labels = Object.fromEntries(shown.map((f) => [f.name, f.label]))
  return { ...schemaErrors(schema, toPayload(shown, values), labels), ...blank }
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

/** The one resolver of every form: `check` gives the values' errors by field (a schema's, a rule's). */
export function formResolver<V extends Record<string, unknown>>(check: (values: V) => FormErrors): Resolver<V> {
  return async (values) => resolverResult(values, check(values))
}

/** What a field of a call form left empty says when the schema refuses it (the upstream's words). */
export const isRequired = (label: string) => `${label} is required`

/** A form whose values become a body other than a registry model's (a special call's). */
export interface SchemaCheck<V> {
  /** the very TypeBox object the upstream validates the body with */
  schema: TObject
  toBody: (values: V) => Record<string, unknown>
  /** field name → label: the fields the form shows */
  labels: Record<string, string>
  /** a check the schema cannot say (the users' addresses), by field */
  rule?: (values: V) => FormErrors
}

/** A call form's check: the form's rule, then the schema's refusals of the body the values make. */
export function schemaResolver<V extends Record<string, unknown> = Record<string, string>>({
  schema,
  toBody,
  labels,
  rule,
}: SchemaCheck<V>): Resolver<V> {
  return formResolver((values) => ({ ...rule?.(values), ...schemaErrors(schema, toBody(values), labels, isRequired) }))
}

/** A registry form's check: the model's rule, then the schema of its write and its required fields. */
export function typeboxResolver(schema: TObject, fields: readonly FieldDef[], rule?: FormRule): Resolver<FormValues> {
  return formResolver((values) => ({ ...rule?.(values), ...validateForm(schema, fields, values) }))
}
