import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from './vite-precompress.js'

const webRoot = fileURLToPath(new URL('.', import.meta.url))
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url))
const gateway = 'http://127.0.0.1:3000'

const STUB_ID = '\0blueprint-icons-all-paths-stub'

/**
 * Vite 8 (Rolldown) makes the entry import both Blueprint icon path chunks statically (~215 KB gzip)
 * because `@blueprintjs/icons` re-exports `allPaths` (IconSvgPaths16/20, getIconPaths), which we never
 * use. Blueprint's own icon loader still imports the path modules on demand, so stubbing `allPaths`
 * leaves icons working and keeps the paths out of the initial JS.
 */
function blueprintIconPathsStub(): Plugin {
  return {
    name: 'blueprint-icons-all-paths-stub',
    enforce: 'pre',
    resolveId(source, importer) {
      // only the package index's re-export; the opt-in "all" loader keeps the real module
      if (!importer || !/[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]\w+[\\/]index\.js$/.test(importer)) return null
      return /^\.\/allPaths(\.js)?$/.test(source) ? STUB_ID : null
    },
    load(id) {
      if (id !== STUB_ID) return null
      return [
        'export const IconSvgPaths16 = {}',
        'export const IconSvgPaths20 = {}',
        'export function getIconPaths() { return undefined }',
      ].join('\n')
    },
  }
}

export default defineConfig({
  root: webRoot,
  plugins: [process.env.NO_ICON_STUB ? null : blueprintIconPathsStub(), react(), precompress(outDir)],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': gateway,
      '/oidc': gateway,
      '/idp': gateway,
      '/healthz': gateway,
    },
  },
})
