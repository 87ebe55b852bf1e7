import { createElement, type ReactNode } from 'react'
import { keptAttributes, RICH_TEXT_DROPPED, RICH_TEXT_TAGS } from '../../../../shared/rich-text.js'

/**
 * The upstream cleans every write, and a page still never trusts HTML it did not clean itself, since
 * in production the gateway may front another provider API. The allowlist is the upstream's own
 * (shared/rich-text.ts). HTML is parsed by DOMParser into an inert document (no script runs, no image
 * loads, no handler fires there) and only allowlisted elements and attributes ever leave it.
 */
const ALLOWED = new Set(RICH_TEXT_TAGS)
const DROPPED = new Set(RICH_TEXT_DROPPED)

/** An allowed element keeps the allowlist's attributes alone (a link's href, with a safe scheme). */
function cleanAttributes(element: Element) {
  const names = element.getAttributeNames()
  const kept = keptAttributes(element.localName, Object.fromEntries(names.map((name) => [name, element.getAttribute(name) ?? ''])))
  for (const name of names) element.removeAttribute(name)
  for (const [name, value] of Object.entries(kept)) element.setAttribute(name, value)
}

/** The cleaned copy of `html`, as the children of an inert <body>. */
export function safeBody(html: string): HTMLElement {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  const clean = (parent: Node) => {
    for (const node of [...parent.childNodes]) {
      if (node.nodeType === Node.TEXT_NODE) continue
      if (node.nodeType !== Node.ELEMENT_NODE) {
        node.remove()
        continue
      }
      const element = node as Element
      const tag = element.localName
      clean(element)
      if (DROPPED.has(tag)) element.remove()
      else if (!ALLOWED.has(tag)) element.replaceWith(...element.childNodes)
      else cleanAttributes(element)
    }
  }
  clean(doc.body)
  return doc.body
}

/** The cleaned nodes as React elements: rich text is rendered without innerHTML. */
export function toReact(nodes: NodeListOf<ChildNode> | ChildNode[], key = ''): ReactNode[] {
  return [...nodes].map((node, i) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent
    const element = node as Element
    const tag = element.localName
    const href = element.getAttribute('href') ?? undefined
    const props = { key: `${key}${i}`, ...(href && { href, rel: 'noopener noreferrer nofollow' }) }
    return tag === 'br' ? createElement('br', props) : createElement(tag, props, ...toReact(element.childNodes, `${key}${i}.`))
  })
}

/** The words of a rich text, for titles, sorting and empty checks. */
export function plainText(html: string): string {
  return safeBody(html).textContent ?? ''
}
