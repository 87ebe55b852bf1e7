import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** How many bytes of a body are read between two collections. */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024

/**
 * V8's collection of its young generation (a scavenge, well under a millisecond here). The global
 * `gc` is exposed only while this takes it, so nothing else sees one. A runtime whose flags can no
 * longer change gets no collector, and its uploads only cost the memory they did before.
 */
const collectYoung: (options: { type: 'minor' }) => void = (() => {
  const exposed = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc
  if (exposed) return exposed
  try {
    setFlagsFromString('--expose-gc')
    try {
      return runInNewContext('gc') as (options: { type: 'minor' }) => void
    } finally {
      setFlagsFromString('--no-expose-gc')
    }
  } catch {
    return () => undefined
  }
})()

/**
 * A counter for a long body read in chunks, which collects the young generation every 4 MiB. Each
 * chunk Node hands over is a Buffer of its own whose memory only a collection frees, and it brings
 * so little JS garbage that V8 would not collect for tens of MiB: a 50 MB upload grew the gateway
 * by 26–35 MiB, and by about 10 MiB with these collections (`npm run bench`, uploads).
 */
export function bodyGarbage(): (chunkBytes: number) => void {
  let sinceCollection = 0
  return (chunkBytes) => {
    sinceCollection += chunkBytes
    if (sinceCollection < COLLECT_EVERY_BYTES) return
    sinceCollection = 0
    collectYoung({ type: 'minor' })
  }
}
