const rules = new Intl.PluralRules('en-US')

/** A noun's plural by the regular English rule: 'cost center' → 'cost centers', 'company' → 'companies', 'FAQ' → 'FAQs'. */
export function pluralOf(one: string): string {
  return /[^aeiou]y$/.test(one) ? `${one.slice(0, -1)}ies` : `${one}s`
}

/** `1 line`, `2 lines`, `1,234 cost centers`: a count and its noun, in the singular for one. */
export function plural(count: number, one: string, many = pluralOf(one)): string {
  return `${count.toLocaleString('en-US')} ${rules.select(count) === 'one' ? one : many}`
}
