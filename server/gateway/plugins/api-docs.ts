import fp from 'fastify-plugin'
import { openApiDocument, type OpenApiDocument } from '../openapi.js'

/** the version of the HTTP contract described, not of the package */
const API_VERSION = '1.0.0'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The document as a page a person reads: one table per tag, no script (the gateway's CSP allows none). */
function page(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>()
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = (operation.tags as string[])[0]
      const row = `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(String(operation.summary))}</td></tr>`
      byTag.set(tag, [...(byTag.get(tag) ?? []), row])
    }
  }
  const sections = [...byTag]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, rows]) =>
        `<h2>${escapeHtml(tag)}</h2><table><thead><tr><th>Method</th><th>Path</th><th>What</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    )
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CCoE Portal API</title></head><body>
<h1>CCoE Portal API</h1><p>${escapeHtml(document.info.description)}</p>
<p>The machine-readable description: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI ${document.openapi}).</p>
${sections.join('\n')}</body></html>`
}

/** GET /api/docs (a page) and /api/docs/openapi.json, for signed-in people and script clients. */
export const apiDocsPlugin = fp(
  async (fastify) => {
    const document = openApiDocument(API_VERSION)
    const html = page(document)
    fastify.get('/api/docs/openapi.json', async (request, reply) => {
      if (!(await fastify.authenticate(request))) return reply.unauthorized()
      return reply.header('cache-control', 'no-store').send(document)
    })
    fastify.get('/api/docs', async (request, reply) => {
      if (!(await fastify.authenticate(request))) return reply.unauthorized()
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
    })
  },
  { name: 'api-docs', dependencies: ['auth', '@fastify/sensible'] },
)
