/**
 * Whether the compiled portal in dist/ is older than its sources. A stamp written after each
 * successful build marks it complete; any source file changed since (or a missing stamp) means
 * building again. A few hundred stat calls: milliseconds, against seconds of Vite and tsc.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const SOURCES = ['web', 'server', 'shared', 'package-lock.json', 'tsconfig.build.json', 'tsconfig.base.json']
const SKIPPED = new Set(['node_modules', 'dist'])

const stampOf = (root) => join(root, 'dist', '.build-stamp')

function newestChange(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (!SKIPPED.has(entry)) newest = Math.max(newest, newestChange(join(path, entry)))
  }
  return newest
}

export function needsBuild(root) {
  const stamp = stampOf(root)
  if (!existsSync(stamp) || !existsSync(join(root, 'dist', 'server', 'main.js'))) return true
  const sources = SOURCES.map((s) => join(root, s)).filter(existsSync)
  return Math.max(...sources.map(newestChange)) >= statSync(stamp).mtimeMs
}

export function markBuilt(root) {
  writeFileSync(stampOf(root), `${new Date().toISOString()}\n`)
}
