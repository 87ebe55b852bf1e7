/**
 * The import boundaries are enforced by ESLint (eslint.config.js), not by discipline: a snippet
 * linted in memory at a given path is refused when it crosses a boundary, and let through when not.
 * Circles through type-only imports, which ESLint's rule skips, are found by walking the sources' imports.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import t from 'tap'
import ts from 'typescript'

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

/** The sources' files and their relative imports of each other (type-only and dynamic ones too), by path from the root. */
function importGraph(texts: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const [path, text] of texts) {
    const imports = ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName)
    const targets = imports
      .filter((name) => name.startsWith('.'))
      .map((name) => join(dirname(path), name).replace(/\.js$/, ''))
      .flatMap((base) => [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].filter((file) => texts.has(file)).slice(0, 1))
    graph.set(path, targets)
  }
  return graph
}

/** One circle of the graph, as the files around it, or undefined when there is none. */
function circleIn(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>()
  const path: string[] = []
  const visit = (file: string): string[] | undefined => {
    const at = path.indexOf(file)
    if (at >= 0) return path.slice(at)
    if (done.has(file)) return undefined
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next)
      if (circle) return circle
    }
    path.pop()
    done.add(file)
    return undefined
  }
  for (const file of graph.keys()) {
    const circle = visit(file)
    if (circle) return circle
  }
  return undefined
}

function sourceTexts(): Map<string, string> {
  const texts = new Map<string, string>()
  for (const folder of ['server', 'shared', 'web/src', 'scripts']) {
    for (const name of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
        const path = join(folder, name)
        texts.set(path, readFileSync(join(root, path), 'utf8'))
      }
    }
  }
  return texts
}

t.test('no import circle through type-only imports either: a type both sides need lives in a leaf file', async (t) => {
  const texts = sourceTexts()
  t.equal(circleIn(importGraph(texts))?.join(' → '), undefined)
  // the words of roles are a leaf the calls' declarations import, and shared/access.ts reads those declarations
  const probe = new Map(texts).set('shared/roles.ts', `import type { Permission } from './access.js'\n${texts.get('shared/roles.ts')}`)
  const circle = circleIn(importGraph(probe)) ?? []
  t.same(
    [circle.includes('shared/roles.ts'), circle.includes('shared/access.ts'), circle.includes('shared/calls/types.ts')],
    [true, true, true],
    circle.join(' → '),
  )
})
