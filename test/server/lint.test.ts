/**
 * The import boundaries are enforced by ESLint (eslint.config.js), not by discipline: a snippet
 * linted in memory at a given path is refused when it crosses a boundary, and let through when not.
 */
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import t from 'tap'

const root = fileURLToPath(new URL('../../', import.meta.url))
const eslint = new ESLint({ cwd: root })

/** the rule ids ESLint reports for `import * as m from '<source>'` in a file at `path` */
async function ruleIds(path: string, source: string) {
  const [result] = await eslint.lintText(`import * as m from '${source}'\n\nexport default m\n`, { filePath: `${root}${path}` })
  return result.messages.map((m) => m.ruleId)
}

const refused = ['boundaries/dependencies']

t.test('the web never imports the server', async (t) => {
  t.same(await ruleIds('web/src/features/home/probe.ts', '../../../../server/config.js'), refused)
  t.same(await ruleIds('web/src/lib/probe.ts', '../../../server/gateway/app.js'), refused)
  t.same(await ruleIds('web/src/features/home/probe.ts', '../../lib/toaster.js'), [], 'a feature may use the lib')
})

t.test('no feature imports another; components and lib import no feature; the app knows them all', async (t) => {
  t.same(await ruleIds('web/src/features/home/probe.ts', '../auth/login-page.js'), refused)
  t.same(await ruleIds('web/src/features/auth/probe.ts', './login-page.js'), [], 'within a feature')
  t.same(await ruleIds('web/src/components/probe.ts', '../features/home/home-page.js'), refused)
  t.same(await ruleIds('web/src/lib/probe.ts', '../features/home/home-page.js'), refused)
  t.same(await ruleIds('web/src/app/probe.ts', '../features/home/home-page.js'), [])
})

t.test('the generic registry screens are a layer: every feature may extend them; they import no feature', async (t) => {
  t.same(await ruleIds('web/src/features/cost-centers/probe.ts', '../../resources/resource-edit-page.js'), [])
  t.same(await ruleIds('web/src/resources/probe.ts', '../features/home/home-page.js'), refused)
  t.same(await ruleIds('web/src/resources/probe.ts', '../components/form-page.js'), [], 'the components below them')
  t.same(await ruleIds('web/src/components/probe.ts', '../resources/resource-edit-page.js'), refused, 'nor the components above them')
})

t.test('shared imports neither the web nor the server', async (t) => {
  t.same(await ruleIds('shared/probe.ts', '../web/src/lib/toaster.js'), refused)
  t.same(await ruleIds('shared/probe.ts', '../server/config.js'), refused)
  t.same(await ruleIds('shared/probe.ts', './messages.js'), [])
})

t.test('the gateway reaches the upstream and the IdP over HTTP only; main.ts composes them', async (t) => {
  t.same(await ruleIds('server/gateway/probe.ts', '../upstream/app.js'), refused)
  t.same(await ruleIds('server/gateway/probe.ts', '../idp/clients.js'), refused)
  t.same(await ruleIds('server/upstream/probe.ts', '../gateway/app.js'), refused)
  t.same(await ruleIds('server/gateway/probe.ts', '../config.js'), [], 'the configuration')
  t.same(await ruleIds('server/main.ts', './upstream/app.js'), [], 'the composition root')
})

t.test('no import cycle among the sources, however long', async (t) => {
  // shared/calls/index.ts imports ./auth.js, and shared/access.ts imports ./calls/index.js
  t.same(await ruleIds('shared/calls/auth.ts', './index.js'), ['import-x/no-cycle'])
  t.same(await ruleIds('shared/calls/auth.ts', '../access.js'), ['import-x/no-cycle'], 'a cycle of three modules')
  t.same(await ruleIds('shared/calls/auth.ts', '../messages.js'), [], 'a module that does not lead back')
})
