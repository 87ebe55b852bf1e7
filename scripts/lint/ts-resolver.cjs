/**
 * An eslint-module-utils resolver (interface 2) for ESLint's import-boundary rule: our TypeScript
 * sources import each other as `./x.js` (what Node runs after tsc), which the node resolver cannot
 * find beside `x.ts`/`x.tsx`. Relative specifiers map to the TypeScript file; packages go to the node resolver.
 */
const { existsSync } = require('node:fs')
const { dirname, resolve } = require('node:path')
const nodeResolver = require('eslint-import-resolver-node')

exports.interfaceVersion = 2

exports.resolve = function resolveImport(source, file, config) {
  if (!source.startsWith('.')) return nodeResolver.resolve(source, file, config)
  const target = resolve(dirname(file), source)
  const stem = target.replace(/\.(js|jsx|mjs)$/, '')
  for (const candidate of [target, `${stem}.ts`, `${stem}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) return { found: true, path: candidate }
  }
  return nodeResolver.resolve(source, file, config)
}
