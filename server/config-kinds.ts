/**
 * The kinds of setting the configuration is made of (a bounded integer, a URL of some protocols, a
 * comma-separated list, …), each saying in `expected` what a good value is, and the reading of the
 * environment against a schema of them: a bad value is one line naming the variable.
 */
import { isIP } from 'node:net'
import { FormatRegistry, Kind, Type, TypeRegistry, type Static, type TObject, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/** A bad configuration value: main prints `message` as one line and exits. */
export class ConfigError extends Error {}

// What TypeBox cannot say in JSON Schema; its registries are shared, so these names are the settings' own.
if (!FormatRegistry.Has('config-address')) FormatRegistry.Set('config-address', isAddressOrCidr)
if (!TypeRegistry.Has('ConfigUrl')) {
  TypeRegistry.Set<{ protocols: string[] }>(
    'ConfigUrl',
    (schema, value) => typeof value === 'string' && URL.canParse(value) && schema.protocols.includes(new URL(value).protocol),
  )
}

/** An IPv4 or IPv6 address, optionally with a prefix length: '10.0.0.0/8', '::1'. */
function isAddressOrCidr(text: string): boolean {
  const [address, bits, extra] = text.split('/')
  const family = isIP(address)
  return family !== 0 && extra === undefined && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32)))
}

// Each setting's schema says what a good value is in `expected`, the middle of its one-line refusal
// "NAME must be <expected>, got "<value>""; a list's refusal names its first bad entry.
export const integer = (minimum: number, maximum: number, fallback: number) =>
  Type.Integer({ minimum, maximum, default: fallback, expected: `an integer between ${minimum} and ${maximum}` })
/** a URL of one of `protocols`; its refusal says which protocol it got */
export const url = (...protocols: string[]) => Type.Optional(Type.Unsafe<string>({ [Kind]: 'ConfigUrl', protocols, expected: 'a URL' }))
/** comma-separated entries, blanks dropped; set but empty is an empty list */
export const list = (entry: string, expected: string, fallback: readonly string[]) =>
  Type.Array(Type.String({ pattern: entry }), { default: fallback, expected: `${expected} separated by commas` })
export const addresses = (fallback: string[]) =>
  Type.Array(Type.String({ format: 'config-address' }), { default: fallback, message: '{name}: {value} is not an address or CIDR' })
/** a name for logs and keys, as hostnames, pod names and Redis prefixes are written */
export const name = (fallback: string | (() => string)) =>
  Type.String({
    pattern: '^[\\w.:-]{1,253}$',
    default: fallback,
    expected: '1 to 253 letters, digits, dots, colons, dashes or underscores',
  })
/** a decimal number (a factor, an amount) */
export const decimal = (minimum: number, maximum: number, fallback: number) =>
  Type.Number({ minimum, maximum, default: fallback, expected: `a number between ${minimum} and ${maximum}` })
export const text = (fallback?: string) => (fallback === undefined ? Type.Optional(Type.String()) : Type.String({ default: fallback }))
export const VISIBLE = '^[\\x21-\\x7e]{1,256}$'
export const GROUP = '^[^\\s,]{1,256}$'
export const DOMAIN = '^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}$'

/** Every setting the portal reads, by its variable's name: what a good value is, and its default. */
/** The environment read against a settings schema: the first bad value throws its one-line ConfigError. */
export function readEnv<S extends TObject>(settings: S, env: Record<string, string | undefined>): Static<S> {
  const values: Record<string, unknown> = {}
  for (const [variable, schema] of Object.entries(settings.properties) as [string, TSchema][]) {
    const raw = env[variable]
    // unset, or set to nothing (`X=` in an env file): the default; a list set to nothing is empty
    if (raw === undefined || (raw === '' && schema.type !== 'array')) continue
    values[variable] =
      schema.type === 'array'
        ? raw
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean)
        : schema.type === 'integer' || schema.type === 'number'
          ? Number(raw)
          : raw
    const error = Value.Errors(schema, values[variable]).First()
    if (error) throw new ConfigError(refusal(variable, schema, error.path === '' ? raw : String(error.value)))
  }
  return Value.Default(settings, values) as Static<S>
}

function refusal(variable: string, schema: TSchema, value: string): string {
  if (schema.message) return String(schema.message).replace('{name}', variable).replace('{value}', value)
  if (schema.protocols && URL.canParse(value)) {
    return `${variable} must use ${schema.protocols.join(' or ')}, got "${new URL(value).protocol}"`
  }
  return `${variable} must be ${schema.expected}, got "${value}"`
}
