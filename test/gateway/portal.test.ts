import t from 'tap'
import { startPortal } from '../helper.js'
import { scriptToken, signIn } from '../lib/sign-in.js'

// the whole chain for real: browser-style sign-in, gateway, the upstream on a real database
t.test('signed-in calls reach the real upstream as the signed-in user', async (t) => {
  const portal = await startPortal(t)
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')

  const validate = await fetch(`${portal.baseUrl}/api/auth/validate_token`, { headers: { cookie } })
  t.equal(validate.status, 200)
  t.same(await validate.json(), { success: true, data: { uid: 'alice@ccoe.example' } })

  const list = await fetch(`${portal.baseUrl}/api/departments?per_page=5&sort=name`, { headers: { cookie } })
  t.equal(list.status, 200)
  const body = (await list.json()) as { data: { id: number; name: string }[] }
  const direct = (await (
    await fetch(`${portal.upstreamUrl}/departments?per_page=5&sort=name`, {
      headers: { authorization: `Bearer ${portal.config.upstreamToken}`, uid: 'alice@ccoe.example' },
    })
  ).json()) as typeof body
  t.equal(body.data.length, 5)
  t.strictSame(body, direct, "the upstream's answer, unchanged")

  const token = await scriptToken(portal.baseUrl)
  const scripted = await fetch(`${portal.baseUrl}/api/auth/validate_token`, { headers: { authorization: `Bearer ${token}` } })
  t.same(await scripted.json(), { success: true, data: { uid: 'ccoe-scripts' } })

  const ready = await fetch(`${portal.baseUrl}/readyz`)
  t.same(await ready.json(), { status: 'ok' })
  // a call's line is written when its answer closes: await the last one
  await portal.auditLine((l) => l.path === '/api/auth/validate_token' && l.user === 'ccoe-scripts')
  t.same(
    portal.audit.map(({ event, user, method, path, status }) => ({ event, user, method, path, status })),
    [
      { event: 'login', user: 'alice@ccoe.example', method: 'GET', path: '/oidc/callback', status: 302 },
      { event: undefined, user: 'alice@ccoe.example', method: 'GET', path: '/api/auth/validate_token', status: 200 },
      { event: undefined, user: 'alice@ccoe.example', method: 'GET', path: '/api/departments', status: 200 },
      { event: undefined, user: 'ccoe-scripts', method: 'GET', path: '/api/auth/validate_token', status: 200 },
    ],
  )
})

t.test('the web build: SPA fallback, caching, security headers', async (t) => {
  const { mkdirSync, mkdtempSync, rmSync, writeFileSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const webRoot = mkdtempSync(join(tmpdir(), 'ccoe-web-'))
  t.teardown(() => rmSync(webRoot, { recursive: true, force: true }))
  mkdirSync(join(webRoot, 'assets'))
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>CCoE</title>')
  writeFileSync(join(webRoot, 'assets', 'app-3f9c1a.js'), 'console.log(1)')
  const portal = await startPortal(t, { webRoot, seed: false })

  for (const path of ['/', '/auth/home', '/unauth/login?returnTo=%2Fauth%2Fhome']) {
    const response = await fetch(`${portal.baseUrl}${path}`)
    t.equal(response.status, 200, path)
    t.match(await response.text(), /<title>CCoE<\/title>/)
    t.equal(response.headers.get('cache-control'), 'no-cache')
    t.match(response.headers.get('content-security-policy'), /frame-ancestors 'none'/)
    t.equal(response.headers.get('x-content-type-options'), 'nosniff')
  }
  const asset = await fetch(`${portal.baseUrl}/assets/app-3f9c1a.js`)
  t.match(asset.headers.get('cache-control'), /max-age=31536000, immutable/)
  for (const path of ['/api/nope', '/oidc/nope', '/idp/nope']) {
    const response = await fetch(`${portal.baseUrl}${path}`)
    t.equal(response.status, 404, path)
  }
  t.same(await (await fetch(`${portal.baseUrl}/api/nope`)).json(), { error: 'Not Found', statusCode: 404 })
})
