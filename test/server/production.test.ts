/**
 * What the container image holds (Dockerfile's run stage): `npm ci --omit=dev` and `dist/`, nothing
 * else. Installed into an empty folder, `node dist/server/main.js` with NODE_ENV=production starts
 * the whole portal, without TypeScript, tsx or any other development dependency, and a person signs in.
 */
import { execFile } from 'node:child_process'
import { cpSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { freePort, tempDir } from '../helper.js'
import { startPortal } from '../lib/portal-process.js'
import { signIn } from '../lib/sign-in.js'
import { statusOf } from '../lib/status-of.js'

const root = fileURLToPath(new URL('../../', import.meta.url))

// npm ci unpacks a few hundred packages from the cache: a minute or more on a busy machine
t.setTimeout(600_000)

t.test('npm ci --omit=dev plus dist/ is all production needs', async (t) => {
  const app = tempDir(t, 'ccoe-image-')
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(app, file))
  cpSync(join(root, 'dist'), join(app, 'dist'), { recursive: true })
  // the npm cache that npm ci filled answers from disk; npm's own variables (npm test's) stay out
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
  await promisify(execFile)('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: app, env })

  // @types/node and @types/pg come along as types of production packages; the tools and web packages must not
  const tools = ['node', 'typescript', 'tsx', 'vite', 'tap', 'eslint', 'playwright-core', 'react', '@blueprintjs/core']
  t.strictSame(
    tools.filter((name) => existsSync(join(app, 'node_modules', name))),
    [],
    'no build or test tool and no web package is installed',
  )

  const portal = await startPortal(t, app, { NODE_ENV: 'production', PORT: String(await freePort()), DATA_DIR: join(app, 'data') })
  t.equal(await statusOf(fetch(`${portal.baseUrl}/healthz`)), 200)
  const cookie = await signIn(portal.baseUrl, 'alice@ccoe.example', 'alice')
  const session = await fetch(`${portal.baseUrl}/api/session`, { headers: { cookie } })
  t.strictSame([session.status, ((await session.json()) as { email: string }).email], [200, 'alice@ccoe.example'])
  t.notMatch(portal.output(), /Unsupported runtime/, 'no dependency warns about the Node it runs on')
  await portal.stop()
  t.equal((await portal.exited)[0], 0, 'SIGTERM closes it cleanly')
})
