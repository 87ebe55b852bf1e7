/**
 * The portal's parts alone, for gateway replicas (README "Running more than one gateway"): the
 * compiled `dist/server/main.js upstream` and `main.js idp` (`npm run build` first), each a process
 * of its own that a gateway reaches over HTTP; what they lack is said in one line. Apart from
 * main.test.ts, whose whole portal already takes most of a file's time.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { freePort, startGateway, tempDir } from '../helper.js'
import { startPortal } from '../lib/portal-process.js'
import { signIn } from '../lib/sign-in.js'
import { statusOf } from '../lib/status-of.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = 'dist/server/main.js'

t.test(
  'one part alone, for gateway replicas: `main.js upstream` and `main.js idp` serve, stop cleanly, and say what they lack',
  async (t) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env
    for (const [part, line] of [
      ['gateway', 'ccoe-portal: unknown part "gateway": give none (the whole portal), upstream or idp'],
      ['upstream', 'ccoe-portal: configuration error: UPSTREAM_TOKEN is required for the upstream on its own: its gateways send it'],
      ['idp', 'ccoe-portal: configuration error: the IdP on its own needs OIDC_ISSUER: the address browsers and gateways reach it at'],
    ]) {
      const refused = await promisify(execFile)(process.execPath, [MAIN, part], {
        cwd: root,
        env: { ...inherited, DATA_DIR: tempDir(t), UPSTREAM_TOKEN: '', OIDC_ISSUER: '' },
      }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      )
      t.strictSame([refused?.code, refused?.stderr], [1, `${line}\n`], part)
    }

    const upstreamEnv = { PORT: String(await freePort()), DATA_DIR: tempDir(t), UPSTREAM_TOKEN: 'replicas-upstream-token' }
    const upstream = await startPortal(t, root, upstreamEnv, 'upstream')
    const departments = await fetch(`${upstream.baseUrl}/departments?per_page=1`, {
      headers: { authorization: 'Bearer replicas-upstream-token' },
    })
    t.strictSame(
      [departments.status, ((await departments.json()) as { data: unknown[] }).data.length],
      [200, 1],
      'the provider API, seeded',
    )

    // the IdP reads the gateways' settings: OIDC_ISSUER is its own address, PUBLIC_URL the portal's
    const gatewayPort = await freePort()
    const idpPort = await freePort()
    const oidc = {
      OIDC_ISSUER: `http://127.0.0.1:${idpPort}/idp`,
      OIDC_CLIENT_ID: 'ccoe-portal',
      OIDC_CLIENT_SECRET: 'replicas-client-secret',
    }
    const idp = await startPortal(
      t,
      root,
      { ...oidc, PORT: String(idpPort), DATA_DIR: tempDir(t), PUBLIC_URL: `http://127.0.0.1:${gatewayPort}` },
      'idp',
    )
    const gateway = await startGateway(t, upstream.baseUrl, {
      env: { ...oidc, UPSTREAM_TOKEN: 'replicas-upstream-token' },
      overrides: { port: gatewayPort },
    })
    const cookie = await signIn(gateway.baseUrl, 'bob@ccoe.example', 'bob')
    const listed = fetch(`${gateway.baseUrl}/api/departments?per_page=1`, { headers: { cookie } })
    t.equal(await statusOf(listed), 200, 'a gateway signs in at that IdP and calls that upstream')

    await idp.stop()
    await upstream.stop()
    t.strictSame([(await idp.exited)[0], (await upstream.exited)[0]], [0, 0], 'SIGTERM closes each cleanly')
  },
)
