/**
 * A list of texts as the API carries it: JSON text (spec 000 §7: `terms_to_ignore` and `sfdc_ids`
 * are sent as JSON text). The upstream validates the text with the pattern (a JSON array of one or
 * more strings, none of them blank), so the stored text always parses; the web reads and writes it
 * with the two functions. The pattern has no nested ambiguity: it runs in linear time on any input.
 */

// a JSON string with at least one character that is not white space (escapes count as characters)
const CHAR = String.raw`(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))`
const FIRST = String.raw`(?:[^"\\\s\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))`
const TERM = String.raw`"[ \t]*${FIRST}${CHAR}*"`

/** how a refusal of the pattern reads after the field's label */
export const TEXT_LIST_DESCRIPTION = 'must be a JSON list of texts, none of them empty'

export const TEXT_LIST_PATTERN = String.raw`^\[\s*${TERM}(?:\s*,\s*${TERM})*\s*\]$`

/** The texts of a stored list; [] for anything that is not a JSON array of strings. */
export function parseTextList(text: unknown): string[] {
  if (typeof text !== 'string') return []
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

/** The JSON text of a list, each text trimmed. */
export function stringifyTextList(texts: readonly string[]): string {
  return JSON.stringify(texts.map((t) => t.trim()))
}
