import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'

export interface ZipEntry {
  name: string
  content?: string | Buffer
  /** content made of head and this chunk repeated, streamed into the zip: a bomb never held whole */
  repeat?: { head?: string; chunk: string | Buffer; times: number }
  /** false: stored; default deflated */
  compress?: boolean
}

function* repeated(head: Buffer, chunk: Buffer, times: number) {
  yield head
  for (let i = 0; i < times; i++) yield chunk
}

/** A real zip, built the way an archiver would (yazl); folders end in '/'. */
export function makeZip(entries: readonly ZipEntry[]): Promise<Buffer> {
  const zip = new ZipFile()
  for (const entry of entries) {
    const compress = entry.compress ?? true
    if (entry.name.endsWith('/')) zip.addEmptyDirectory(entry.name)
    else if (entry.repeat) {
      const [head, chunk] = [Buffer.from(entry.repeat.head ?? ''), Buffer.from(entry.repeat.chunk)]
      const size = head.length + chunk.length * entry.repeat.times
      zip.addReadStream(Readable.from(repeated(head, chunk, entry.repeat.times)), entry.name, { compress, size })
    } else zip.addBuffer(Buffer.from(entry.content ?? ''), entry.name, { compress })
  }
  zip.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c))
    zip.outputStream.once('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.once('error', reject)
  })
}

/** Claims a smaller uncompressed size than the data inflates to (central directory, and local header when it has one). */
export function falsifySizes(zip: Buffer, claimed: number, entry = 0): Buffer {
  const out = Buffer.from(zip)
  let central = -1
  for (let i = 0; i <= entry; i++) central = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), central + 1)
  out.writeUInt32LE(claimed, central + 24)
  const local = out.readUInt32LE(central + 42)
  if (out.readUInt32LE(local + 22) !== 0) out.writeUInt32LE(claimed, local + 22)
  return out
}
