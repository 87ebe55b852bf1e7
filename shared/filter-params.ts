/**
 * The list dialect's one rule for filter values (spec 001 §7): 'All', a select's first choice, and ''
 * (an empty box) filter nothing. The web leaves them out of every URL and body it sends (lists, CSV,
 * bulk selections) and the upstream skips them where a client sends them anyway.
 */
export function filtersNothing(value: string): boolean {
  return value === '' || value === 'All'
}

/** `by_<field>` → value, without the values that filter nothing, in their order. */
export function filterParams(filters: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => !filtersNothing(value)))
}
