import type { ContentBlock, ContentState } from 'draft-js'
import { safeHref } from '../../../../shared/rich-text.js'

/**
 * draft-js content → the stored HTML (the allowlist's elements only; the server cleans it again).
 * Hand-written rather than draft-convert: the editor writes a handful of block types and inline
 * styles, and draft-convert would bring react-dom/server into the editor's chunk for them.
 * Imports only draft-js types, so it runs in Node for its unit test.
 */
const BLOCK_TAG: Record<string, string> = { blockquote: 'blockquote', 'code-block': 'pre' }
const LIST_TAG: Record<string, string> = { 'unordered-list-item': 'ul', 'ordered-list-item': 'ol' }
/** in the order they nest: <b><i>…</i></b> */
const STYLE_TAGS: readonly (readonly [string, string])[] = [
  ['BOLD', 'b'],
  ['ITALIC', 'i'],
  ['UNDERLINE', 'u'],
  ['STRIKETHROUGH', 's'],
  ['CODE', 'code'],
]

// escaped as sanitize-html writes them, so the upstream's cleaning leaves the editor's HTML unchanged
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }
const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ENTITIES[c])
const escapeAttribute = (value: string) => value.replace(/[&<>"]/g, (c) => ENTITIES[c])

/** A link entity's href when it is one the allowlist keeps, else none (the text stays). */
function linkHref(content: ContentState, key: string | null): string | undefined {
  if (!key) return undefined
  const entity = content.getEntity(key)
  const url: unknown = entity.getType() === 'LINK' ? entity.getData().url : undefined
  return safeHref(url)
}

/** A block's text with its inline styles and links: one run per stretch of equal formatting. */
function inlineHtml(content: ContentState, block: ContentBlock): string {
  const text = block.getText()
  let html = ''
  let start = 0
  for (let i = 1; i <= text.length; i++) {
    const same =
      i < text.length &&
      block.getInlineStyleAt(i).equals(block.getInlineStyleAt(start)) &&
      block.getEntityAt(i) === block.getEntityAt(start)
    if (same) continue
    const style = block.getInlineStyleAt(start)
    const tags = STYLE_TAGS.filter(([name]) => style.has(name)).map(([, tag]) => tag)
    const href = linkHref(content, block.getEntityAt(start))
    let run = escapeText(text.slice(start, i)).replace(/\n/g, '<br />')
    for (const tag of [...tags].reverse()) run = `<${tag}>${run}</${tag}>`
    html += href ? `<a href="${escapeAttribute(href)}">${run}</a>` : run
    start = i
  }
  return html
}

/** The HTML of `content`; '' when it holds no words (an empty paragraph is no answer). */
export function contentToHtml(content: ContentState): string {
  if (!content.getPlainText().trim()) return ''
  let html = ''
  let list: string | undefined
  for (const block of content.getBlocksAsArray()) {
    const type = block.getType()
    const listTag = LIST_TAG[type]
    if (list !== listTag) {
      if (list) html += `</${list}>`
      if (listTag) html += `<${listTag}>`
      list = listTag
    }
    const inner = inlineHtml(content, block)
    const tag = listTag ? 'li' : (BLOCK_TAG[type] ?? 'p')
    html += `<${tag}>${inner || (listTag ? '' : '<br />')}</${tag}>`
  }
  if (list) html += `</${list}>`
  return html
}
