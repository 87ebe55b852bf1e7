/**
 * Issue 26: customers' names and the missing-tags print messages are unique in any case, as
 * emails are ('GAMING CENTRAL' is 'Gaming Central'). The database refuses a second one by a unique
 * index on lower(column) (migration 045); the forms refuse it as a person types with this rule.
 */
const key = (name: string) => name.trim().toLowerCase()

/** Whether `name` is one of `taken` in any letter case. */
export function nameTaken(name: string, taken: readonly string[]): boolean {
  return taken.some((other) => key(other) === key(name))
}
