import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/**
 * Compresses answers over 1 KB (JSON lists, CSV streams) for clients that accept it. Brotli at
 * quality 4 costs about what gzip does per byte and still wins on size; the built assets are
 * compressed once at build time instead (static.ts serves the .br/.gz files Vite wrote).
 */
const ANSWERS = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
}

/**
 * A route's own settings for files of a hundred megabytes and more (the CSV export): the fastest
 * levels, which compress a CSV at about the speed PostgreSQL writes it (brotli 1 takes a quarter
 * of quality 4's time, and its file is still smaller than gzip 6's; gzip 1 a third of gzip 6's).
 */
export const LARGE_FILE_COMPRESSION = {
  ...ANSWERS,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
}

export const compressionPlugin = fp(
  async (fastify) => {
    await fastify.register(compress, { global: true, ...ANSWERS })
  },
  { name: 'compression' },
)
