import type { Readable } from 'node:stream'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { HttpError } from '../http-error.js'

/**
 * What an uploaded zip (a .csv.zip, an .xlsx) may hold before it is refused. Every archive the portal
 * opens goes through openArchive, so a zip bomb meets one of these before it costs memory.
 */
export interface ArchiveLimits {
  /** bytes of the zip itself, after base64 decoding */
  maxZipBytes: number
  /** entries in the central directory, folders and __MACOSX included */
  maxEntries: number
  /** declared, and actually inflated, bytes of any one entry (a reader may ask for less) */
  maxEntryBytes: number
  /** declared bytes of all entries together */
  maxTotalBytes: number
  /** declared uncompressed : compressed, per entry */
  maxRatio: number
}

export const refuse = (message: string) => new HttpError(422, message)
const mib = (bytes: number) => (bytes < 1024 * 1024 ? `${bytes} bytes` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`)
const damaged = (err: Error) => refuse(`The zip archive is damaged (${err.message})`)

/** The entries of an opened zip, each already checked against the limits by its declared sizes. */
export interface Archive {
  entries: readonly Entry[]
  /**
   * One entry's inflated bytes, counted as they come (its declared sizes are checked at once): past maxBytes the stream fails with a 422,
   * and past its declared size with yauzl's own error (validateEntrySizes), before more is inflated.
   */
  open(entry: Entry, maxBytes?: number): AsyncGenerator<Buffer>
  close(): void
}

function tooLarge(entry: Entry, maxBytes: number) {
  return refuse(`${entry.fileName} is larger than ${mib(maxBytes)} once unzipped`)
}

/** Refuses an entry by what its central directory record declares, before a byte of it is inflated. */
function checkDeclared(entry: Entry, limits: ArchiveLimits, maxBytes: number) {
  if (entry.uncompressedSize > maxBytes) throw tooLarge(entry, maxBytes)
  // a stored (uncompressed) entry has ratio 1; an empty one has nothing to divide
  if (entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)) {
    const ratio = Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))
    throw refuse(`${entry.fileName} is compressed ${ratio}:1, more than ${limits.maxRatio}:1 (a zip bomb?), and was refused`)
  }
}

function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const found: Entry[] = []
    zip.on('entry', (entry: Entry) => {
      found.push(entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve(found))
    zip.once('error', (err: Error) => reject(damaged(err)))
    zip.readEntry()
  })
}

/**
 * Opens a zip held in memory, refusing it (422, the limit named) before anything is inflated;
 * notAZip is the refusal of bytes that are no zip at all (by default yauzl's reason is told).
 */
export async function openArchive(buffer: Buffer, limits: ArchiveLimits, notAZip?: string): Promise<Archive> {
  if (buffer.length > limits.maxZipBytes) throw refuse(`The zip file is larger than ${mib(limits.maxZipBytes)}`)
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    // validateEntrySizes: a stream that inflates past (or short of) its declared size fails
    yauzl.fromBuffer(buffer, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, opened) =>
      err ? reject(refuse(notAZip ?? `The file is not a valid zip archive (${err.message})`)) : resolve(opened),
    ),
  )
  try {
    if (zip.entryCount > limits.maxEntries)
      throw refuse(`The zip holds ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted`)
    const entries = await listEntries(zip)
    let total = 0
    for (const entry of entries) {
      checkDeclared(entry, limits, limits.maxEntryBytes)
      total += entry.uncompressedSize
    }
    if (total > limits.maxTotalBytes) throw refuse(`The zip would unzip to more than ${mib(limits.maxTotalBytes)} in all`)
    return { entries, open: (entry, maxBytes) => openEntry(zip, entry, limits, maxBytes ?? limits.maxEntryBytes), close: () => zip.close() }
  } catch (err) {
    zip.close()
    throw err
  }
}

/** checked by its declared sizes now, inflated (and counted) when it is read */
function openEntry(zip: ZipFile, entry: Entry, limits: ArchiveLimits, maxBytes: number): AsyncGenerator<Buffer> {
  checkDeclared(entry, limits, maxBytes)
  return inflateCounted(zip, entry, maxBytes)
}

async function* inflateCounted(zip: ZipFile, entry: Entry, maxBytes: number): AsyncGenerator<Buffer> {
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, opened) => (err ? reject(damaged(err)) : resolve(opened))),
  )
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > maxBytes) throw tooLarge(entry, maxBytes)
      yield chunk
    }
  } catch (err) {
    // yauzl's and zlib's errors read as a damaged archive, a limit's as it is
    throw err instanceof HttpError ? err : damaged(err as Error)
  } finally {
    stream.destroy()
  }
}

/** All of an entry's bytes (within its limit): for the small files a reader needs whole. */
export async function inflateWhole(archive: Archive, entry: Entry, maxBytes?: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of archive.open(entry, maxBytes)) chunks.push(chunk)
  return Buffer.concat(chunks)
}
