import { createElement, type ReactNode } from 'react'

/**
 * The web's own allowlist for rich text, the same as the upstream's (server/upstream/rich-text): the
 * upstream cleans every write, and a page still never trusts HTML it did not clean itself, since
 * in production the gateway may front another provider API. HTML is parsed by DOMParser into an
 * inert document (no script runs, no image loads, no handler fires there) and only allowlisted
 * elements, with a link's http(s)/mailto href as their one attribute, ever leave it.
 */
const ALLOWED = new Set(['p', 'div', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre'])
/** dropped with everything inside; other unknown elements keep their text */
const DROPPED = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'title', 'svg', 'math'])
const SAFE_HREF = /^(https?:|mailto:)/i

function safeHref(element: Element): string | undefined {
  const href = element.getAttribute('href')?.trim()
  return href && SAFE_HREF.test(href) ? href : undefined
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
      else {
        const href = tag === 'a' ? safeHref(element) : undefined
        for (const name of element.getAttributeNames()) element.removeAttribute(name)
        if (href) element.setAttribute('href', href)
      }
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
