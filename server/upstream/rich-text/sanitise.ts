import sanitizeHtml from 'sanitize-html'
import type { ResourceDef } from '../../../shared/resources/index.js'

/**
 * Rich text (FieldDef type 'richtext') is HTML, so it is cleaned on the way in, on every write: what
 * the database holds, and so what any page renders, is only the allowlisted markup below. An element
 * outside the list is dropped with its text kept (a `<span>` around words leaves the words), except
 * script-like elements, dropped whole; every attribute but a link's `href` is dropped, and an `href`
 * keeps only the http, https and mailto schemes, so `onerror=`, `style=` and `javascript:` never
 * survive. The editor of the web app (web/src/components/rich-text) writes nothing else.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'div', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // these lose their content too: nothing of a script or a style is text a person wrote
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'title'],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
}

/** The allowlisted HTML of `html`; sanitising the result again returns it unchanged. */
export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}

/**
 * Cleans the rich-text fields of a write body in place (the generic CRUD's body normaliser and the
 * special writes call it before validation, so the length checked is the length stored). Values of
 * another type are left for the schema to refuse.
 */
export function sanitiseRichTextFields(resource: ResourceDef, body: Record<string, unknown>): void {
  for (const field of resource.fields) {
    const value = body[field.name]
    if (field.type === 'richtext' && typeof value === 'string') body[field.name] = sanitiseRichText(value)
  }
}
