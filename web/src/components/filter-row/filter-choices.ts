import type { FilterDef } from '../../../../shared/resources/index.js'

export interface Choice {
  value: string
  label: string
}

/** the select's "no filter" choice; a registry option 'All' means the same */
export const ALL = 'All'

// a flag's values read as the list shows them (cells say yes/no)
const FLAG_LABELS: Readonly<Record<string, string>> = { true: 'Yes', false: 'No' }

/**
 * The choices of a select filter, all declared by its registry entry: another model's names
 * (`lookup`, loaded by the caller) followed by the filter's own `options`. Nothing is guessed: a
 * filter that declares neither has no choices.
 */
export function filterChoices(filter: FilterDef, lookupLabels: readonly string[] = []): Choice[] {
  return [...new Set([...lookupLabels, ...(filter.options ?? [])])]
    .filter((o) => o !== ALL)
    .map((o) => ({ value: o, label: filter.optionLabels?.[o] ?? FLAG_LABELS[o] ?? o }))
}

/** a filter the row shows as a search box (the rest are selects) */
export const isTextFilter = (filter: FilterDef) =>
  (filter.kind === 'text' || filter.input !== undefined) && !filter.options && !filter.lookup

/**
 * A search box's default placeholder: 'Search' and its label's words in lower case, but for the
 * names the label spells with more than a first capital ('GL Account' reads 'Search GL account',
 * 'GitHub Username' 'Search GitHub username').
 */
export function searchPlaceholder(label: string): string {
  const words = label.split(' ').map((word) => (/^[A-Z]?[^A-Z]*$/.test(word) ? word.toLowerCase() : word))
  return `Search ${words.join(' ')}`
}
