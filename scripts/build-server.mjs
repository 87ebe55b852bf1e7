/**
 * `npm run build`'s server half: compile server/ and shared/ to dist/server and dist/shared
 * (fresh, so a deleted source leaves no stale module), then copy what the server reads at run
 * time beside the code, as it sits beside the sources: the SQL migrations.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const at = (path) => fileURLToPath(new URL(path, new URL('..', import.meta.url)))

for (const dir of ['dist/server', 'dist/shared']) rmSync(at(dir), { recursive: true, force: true })
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' })
cpSync(at('server/upstream/db/migrations'), at('dist/server/upstream/db/migrations'), {
  recursive: true,
  filter: (source) => !source.endsWith('.ts'),
})
