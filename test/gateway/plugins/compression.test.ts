import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { precompress } from '../../../web/vite-precompress.js'
import { startPortal, tempDir } from '../../helper.js'
import { signIn } from '../../lib/sign-in.js'

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** node:http, not fetch: fetch decompresses on its own and hides what was on the wire */
function raw(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (c: Buffer) => chunks.push(c))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    }).on('error', reject)
  })
}

function decode(answer: Raw): string {
  const encoding = answer.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString()
  if (encoding === 'gzip') return gunzipSync(answer.body).toString()
  return answer.body.toString()
}

t.test('the build writes .br and .gz beside each text asset over 1 KB, and the gateway serves them', async (t) => {
  const webRoot = tempDir(t, 'ccoe-web-')
  mkdirSync(join(webRoot, 'assets'))
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))}\n`
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>CCoE</title>')
  writeFileSync(join(webRoot, 'assets', 'app-3f9c1a.js'), script)
  writeFileSync(join(webRoot, 'assets', 'tiny-77aa01.js'), 'console.log(1)')
  const plugin = precompress(webRoot) as { closeBundle: () => void }
  plugin.closeBundle()
  t.equal(brotliDecompressSync(readFileSync(join(webRoot, 'assets', 'app-3f9c1a.js.br'))).toString(), script)
  t.equal(gunzipSync(readFileSync(join(webRoot, 'assets', 'app-3f9c1a.js.gz'))).toString(), script)
  t.throws(() => readFileSync(join(webRoot, 'assets', 'tiny-77aa01.js.br')), 'a file under 1 KB is left as it is')

  const portal = await startPortal(t, { webRoot, seed: false })
  const url = `${portal.baseUrl}/assets/app-3f9c1a.js`
  const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' })
  t.equal(br.status, 200)
  t.equal(br.headers['content-encoding'], 'br')
  t.equal(br.body.length, readFileSync(join(webRoot, 'assets', 'app-3f9c1a.js.br')).length, 'the file the build wrote')
  t.equal(decode(br), script)
  t.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
  const gzip = await raw(url, { 'accept-encoding': 'gzip' })
  t.equal(gzip.headers['content-encoding'], 'gzip')
  t.equal(decode(gzip), script)
  const plain = await raw(url, {})
  t.equal(plain.headers['content-encoding'], undefined)
  t.equal(plain.body.toString(), script)
})

t.test('JSON answers over 1 KB are compressed for clients that accept it; small ones are not', async (t) => {
  const portal = await startPortal(t)
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  const url = `${portal.baseUrl}/api/cost_centers?per_page=50&sort=identifier`
  const plain = await raw(url, { cookie })
  t.equal(plain.status, 200)
  t.equal(plain.headers['content-encoding'], undefined)
  t.ok(plain.body.length > 1024, 'a page of fifty cost centers is over 1 KB')
  for (const encoding of ['br', 'gzip']) {
    const compressed = await raw(url, { cookie, 'accept-encoding': encoding })
    t.equal(compressed.headers['content-encoding'], encoding)
    t.ok(compressed.body.length < plain.body.length / 3, `${encoding}: ${compressed.body.length} of ${plain.body.length} bytes`)
    t.strictSame(JSON.parse(decode(compressed)), JSON.parse(plain.body.toString()))
  }
  const one = `${portal.baseUrl}/api/departments/1`
  const small = await raw(one, { cookie, 'accept-encoding': 'br' })
  t.equal(small.headers['content-encoding'], undefined, 'under 1 KB: sent as it is')
  t.ok(small.body.length < 1024, `${small.body.length} bytes`)
  t.strictSame(JSON.parse(small.body.toString()), JSON.parse((await raw(one, { cookie })).body.toString()))
})
