import sanitizeHtml from 'sanitize-html'
import type { ResourceDef } from '../../../shared/resources/index.js'
import { keptAttributes, RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED, RICH_TEXT_TAGS, SAFE_HREF_SCHEMES } from '../../../shared/rich-text.js'

/**
 * Rich text (FieldDef type 'richtext') is HTML, so it is cleaned on the way in, on every write: what
 * the database holds, and so what any page renders, is only the markup of shared/rich-text.ts's
 * allowlist, the one the web cleans with too. The editor of the web app (web/src/components/rich-text)
 * writes nothing else.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedSchemes: SAFE_HREF_SCHEMES,
  allowProtocolRelative: false,
  // the attributes the web keeps: an href trimmed, and only with a scheme of the list (a relative one goes too)
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: keptAttributes(tagName, attribs) }) },
  nonTextTags: RICH_TEXT_DROPPED,
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
