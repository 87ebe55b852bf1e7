/**
 * Issue 26: what no record can plausibly say. A certification does not expire before it was issued;
 * a cost center, network or project ID does not expire before it is active; a network or project is
 * not its own replacement. Pure, so the web's forms and the upstream's writes refuse the same way
 * (migration 045 keeps the same rules as CHECKs, the referee of concurrent partial writes).
 */
import { fieldOf, type ResourceDef } from '../resources/index.js'

export type RecordValues = Readonly<Record<string, unknown>>

/** One rule across fields: `fields` are those it reads (an update that sets none of them is not judged). */
export interface RecordRule {
  fields: readonly string[]
  /** messages by field, {} when fine; `id` is the record's own on an update */
  check(values: RecordValues, id?: number): Record<string, string>
}

const label = (resource: ResourceDef, name: string) => fieldOf(resource, name)?.label ?? name
const instant = (value: unknown) => (typeof value === 'string' && value !== '' ? Date.parse(value) : NaN)

export const notBefore = (later: string, earlier: string) => `${later} must not be before ${earlier}`
export const notItsOwn = (noun: string) => `A ${noun} cannot replace itself`

/** `to` (a date or an instant) is not before `from`; either may be empty. The message goes under `to`. */
export function inOrder(resource: ResourceDef, from: string, to: string): RecordRule {
  return {
    fields: [from, to],
    check(values) {
      const [start, end] = [instant(values[from]), instant(values[to])]
      return end < start ? { [to]: notBefore(label(resource, to), label(resource, from)) } : {}
    },
  }
}

/** An update's `field` (a lookup of the same model) does not name the record itself. */
export function notSelf(resource: ResourceDef, field: string, noun: string): RecordRule {
  return {
    fields: [field],
    check(values, id) {
      const value = values[field]
      return id !== undefined && value !== null && value !== '' && Number(value) === id ? { [field]: notItsOwn(noun) } : {}
    },
  }
}

/** One field's own rule beyond its schema: `problem` says what is wrong after the field's label, undefined when nothing is. */
export function fieldRule(resource: ResourceDef, field: string, problem: (value: unknown) => string | undefined): RecordRule {
  return {
    fields: [field],
    check(values) {
      const wrong = problem(values[field])
      return wrong === undefined ? {} : { [field]: `${label(resource, field)} ${wrong}` }
    },
  }
}
