import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import t from 'tap'
import { nodeVersionProblem, SUPPORTED_MAJOR } from '../../scripts/node-version.mjs'

const root = new URL('../../', import.meta.url)
const packageJson = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string }
  devDependencies: Record<string, string>
}

t.test('engines, the node package npm scripts run on, and the start-up check name one Node', async (t) => {
  t.equal(packageJson.engines.node, `^${SUPPORTED_MAJOR}.11.0`)
  t.match(packageJson.devDependencies.node, new RegExp(`^\\^${SUPPORTED_MAJOR}\\.`))
  // npm test runs tap with node_modules/.bin first on PATH: the suite itself proves the supported Node
  t.equal(Number(process.versions.node.split('.')[0]), SUPPORTED_MAJOR)
})

t.test('an older Node gets one line saying what to install', async (t) => {
  t.equal(nodeVersionProblem('24.21.0'), undefined)
  t.equal(nodeVersionProblem('26.1.0'), undefined)
  t.equal(
    nodeVersionProblem('20.20.2'),
    'ccoe-portal: Node.js 24 LTS is required, this is 20.20.2: run it through npm (npm start brings Node 24 after npm install) or install Node 24 LTS',
  )
})

// .ci/run names the machine's own Node in OLD_NODE when it is older than the supported one
t.test(
  'npm start on an older Node prints that line and exits 1',
  { skip: !process.env.OLD_NODE && 'no older Node on this machine (OLD_NODE)' },
  async (t) => {
    const run = promisify(execFile)
    const oldNode = process.env.OLD_NODE!
    const version = (await run(oldNode, ['-p', 'process.versions.node'])).stdout.trim()
    // a newer Node would start the whole portal here
    if (nodeVersionProblem(version) === undefined) return t.fail(`OLD_NODE runs Node ${version}, which is supported`)
    const failed = await run(oldNode, [new URL('scripts/start.mjs', root).pathname]).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )
    t.strictSame({ code: failed.code, stderr: failed.stderr }, { code: 1, stderr: `${nodeVersionProblem(version)}\n` })
  },
)
