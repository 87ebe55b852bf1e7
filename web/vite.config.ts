import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './vite-precompress.js'

const webRoot = fileURLToPath(new URL('.', import.meta.url))
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url))
const gateway = 'http://127.0.0.1:3000'

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress(outDir)],
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
