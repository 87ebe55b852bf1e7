import { open } from 'node:fs/promises'

/** how much of the file one read takes: a page of lines is a few of them */
const CHUNK_BYTES = 64 * 1024

/**
 * The lines of `file` that start before byte `before`, the last one first, each with the byte it
 * starts at (a page's cursor: the next page is the lines before its last one). Read from the end in
 * chunks, so a page near the end costs the same whatever the file's size; a line is decoded whole,
 * so a character split between two chunks stays one.
 */
export async function* linesBackwards(file: string, before = Infinity): AsyncGenerator<{ start: number; text: string }> {
  const handle = await open(file, 'r')
  try {
    let end = Math.min(before, (await handle.stat()).size)
    // the start of a line whose end the previous (later) chunk held
    let tail = Buffer.alloc(0)
    while (end > 0) {
      const start = Math.max(0, end - CHUNK_BYTES)
      const chunk = Buffer.allocUnsafe(end - start)
      await handle.read(chunk, 0, chunk.length, start)
      const buffer = tail.length > 0 ? Buffer.concat([chunk, tail]) : chunk
      let lineEnd = buffer.length
      while (lineEnd > 0) {
        const newline = buffer.lastIndexOf(0x0a, lineEnd - 1)
        if (newline === -1) break
        if (newline + 1 < lineEnd) yield { start: start + newline + 1, text: buffer.toString('utf8', newline + 1, lineEnd) }
        lineEnd = newline
      }
      tail = buffer.subarray(0, lineEnd)
      end = start
    }
    if (tail.length > 0) yield { start: 0, text: tail.toString('utf8') }
  } finally {
    await handle.close()
  }
}
