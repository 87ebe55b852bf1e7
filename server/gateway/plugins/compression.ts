import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/**
 * Compresses answers over 1 KB (JSON lists, CSV streams) for clients that accept it. Brotli at
 * quality 4 costs about what gzip does per byte and still wins on size; the built assets are
 * compressed once at build time instead (static.ts serves the .br/.gz files Vite wrote).
 */
export const compressionPlugin = fp(
  async (fastify) => {
    await fastify.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    })
  },
  { name: 'compression' },
)
