import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/
/** below this a compressed copy saves less than the headers it costs */
const MIN_BYTES = 1024

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, at the highest levels
 * (built once, served many times), for the gateway's `@fastify/static` `preCompressed`.
 */
export function precompress(outDir: string): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue
        const source = readFileSync(path)
        if (source.length < MIN_BYTES) continue
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }))
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        )
      }
    },
  }
}
