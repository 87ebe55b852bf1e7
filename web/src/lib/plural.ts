/** `1 line`, `2 lines`, `1,234 cost centers`: a count and its noun, in the singular for one. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}
