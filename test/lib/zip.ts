import { ZipFile } from 'yazl'

export interface ZipEntry {
  name: string
  content?: string | Buffer
  /** false: stored; default deflated */
  compress?: boolean
}

/** A real zip, built the way an archiver would (yazl); folders end in '/'. */
export function makeZip(entries: readonly ZipEntry[]): Promise<Buffer> {
  const zip = new ZipFile()
  for (const entry of entries) {
    if (entry.name.endsWith('/')) zip.addEmptyDirectory(entry.name)
    else zip.addBuffer(Buffer.from(entry.content ?? ''), entry.name, { compress: entry.compress ?? true })
  }
  zip.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c))
    zip.outputStream.once('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.once('error', reject)
  })
}
