/**
 * Every string inside a parsed JSON value trimmed, in place. The upstream trims each request body
 * before it validates it against shared/schemas/resource-body.ts; a form that trims its values the
 * same way before validating sees what the server will see (a name of only spaces is missing).
 */
export function trimStrings(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item === 'string') value[i] = item.trim()
      else trimStrings(item)
    })
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    for (const [key, item] of Object.entries(record)) {
      if (typeof item === 'string') record[key] = item.trim()
      else trimStrings(item)
    }
  }
}
