/**
 * `npm start`: run the compiled portal, building it first only when dist/ is missing or older
 * than a source file, so a start on an unchanged checkout goes straight to the server.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { markBuilt, needsBuild } from './build-freshness.mjs'
import { nodeVersionProblem } from './node-version.mjs'

const problem = nodeVersionProblem(process.versions.node)
if (problem) {
  console.error(problem)
  process.exit(1)
}

const root = fileURLToPath(new URL('..', import.meta.url))
if (needsBuild(root)) {
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  markBuilt(root)
}
await import(join(root, 'dist', 'server', 'main.js'))
