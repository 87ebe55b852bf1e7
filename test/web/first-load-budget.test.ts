/**
 * Issue 40 "Not slower": the welcome page's first-load JavaScript stays within 150 KB on the wire.
 * What a browser loads first is the built index.html's entry script and the modulepreload links
 * Vite writes for every chunk the entry imports statically; they are asked of the gateway as
 * Chromium asks (brotli, gzip or deflate) and counted as they arrive, compressed: the figure
 * scripts/bench/assets.ts reads in a browser. Needs `npm run build` (dist/web), as the browser tests do.
 */
import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { resolve } from 'node:path'
import t from 'tap'
import { startPortal } from '../helper.js'

const WELCOME_JS_BUDGET = 150 * 1024

/** The entry script and its modulepreloads, as index.html names them. */
function firstLoadScripts(html: string): string[] {
  const entry = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map(([, src]) => src)
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map(([, href]) => href)
  return [...entry, ...preloads]
}

/** The bytes of an answer as they come over the wire (node:http does not decode them). */
function wireSize(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }))
      res.on('error', reject)
    }).on('error', reject)
  })
}

t.test('the welcome page: first-load JS on the wire within 150 KB', async (t) => {
  const webRoot = resolve('dist/web')
  const portal = await startPortal(t, { webRoot, seed: false })
  const scripts = firstLoadScripts(readFileSync(resolve(webRoot, 'index.html'), 'utf8'))
  t.ok(
    scripts.some((src) => /\/assets\/index-[^/]+\.js$/.test(src)),
    'index.html names the entry',
  )
  let total = 0
  for (const src of scripts) {
    const { status, bytes } = await wireSize(portal.baseUrl + src)
    t.equal(status, 200, src)
    total += bytes
  }
  t.comment(`welcome page, first load JS ${(total / 1024).toFixed(2)} KB on the wire (${scripts.length} files)`)
  t.ok(total <= WELCOME_JS_BUDGET, `${(total / 1024).toFixed(2)} KB <= 150 KB`)
})
