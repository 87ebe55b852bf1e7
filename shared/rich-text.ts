/**
 * The one allowlist of rich text (FieldDef type 'richtext'): the upstream's sanitize-html cleans
 * every write with it (server/upstream/rich-text), the web's DOM walker cleans what a page renders
 * with it (web/src/components/rich-text/safe-html.ts), and the editor writes nothing outside it.
 * An element outside the list is dropped with its text kept (a `<span>` around words leaves the
 * words), except the elements below, dropped whole; every attribute but a link's `href` is dropped,
 * and an `href` stays only with the http, https and mailto schemes, so `onerror=`, `style=` and
 * `javascript:` never survive.
 */
export const RICH_TEXT_TAGS = ['p', 'div', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre']

/** The attributes an element keeps, by element: a link's `href` alone (through safeHref). */
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = { a: ['href'] }

/** Dropped with everything inside: nothing of a script, a style or a drawing is text a person wrote. */
export const RICH_TEXT_DROPPED = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'iframe',
  'object',
  'title',
  'svg',
  'math',
]

/** The schemes a link may keep; a relative or protocol-relative href is dropped too. */
export const SAFE_HREF_SCHEMES = ['http', 'https', 'mailto']
const SAFE_HREF = new RegExp(`^(${SAFE_HREF_SCHEMES.join('|')}):`, 'i')

/** A link's href as the allowlist keeps it (trimmed), or none: the link keeps its text either way. */
export function safeHref(href: unknown): string | undefined {
  const trimmed = typeof href === 'string' ? href.trim() : undefined
  return trimmed && SAFE_HREF.test(trimmed) ? trimmed : undefined
}

/** The attributes of an allowed element `tag` that the allowlist keeps, an href only with a safe scheme. */
export function keptAttributes(tag: string, attributes: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const name of RICH_TEXT_ATTRIBUTES[tag] ?? []) {
    const value = name === 'href' ? safeHref(attributes[name]) : attributes[name]
    if (value !== undefined) kept[name] = value
  }
  return kept
}
