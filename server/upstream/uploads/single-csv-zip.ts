import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { HttpError } from '../http-error.js'

/** What a zip may hold before it is refused; a zip bomb hits one of these before it costs memory. */
export interface ZipLimits {
  /** bytes of the zip itself, after base64 decoding */
  maxZipBytes: number
  /** entries in the central directory, folders and __MACOSX included */
  maxEntries: number
  /** declared, and actually inflated, bytes of the CSV */
  maxCsvBytes: number
  /** declared uncompressed : compressed */
  maxRatio: number
}

export const ZIP_LIMITS: ZipLimits = {
  maxZipBytes: 10 * 1024 * 1024,
  maxEntries: 10,
  maxCsvBytes: 50 * 1024 * 1024,
  maxRatio: 200,
}

const refuse = (message: string) => new HttpError(422, message)

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes: a stream that inflates past its declared size fails (falsified headers)
    yauzl.fromBuffer(buffer, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) =>
      err ? reject(refuse(`The file is not a valid zip archive (${err.message})`)) : resolve(zip),
    )
  })
}

/** Lists every entry, and the CSV files among them (macOS resource forks and folders skipped). */
function csvEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const found: Entry[] = []
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName
      const skipped = name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\._/.test(name)
      if (!skipped && /\.csv$/i.test(name)) found.push(entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve(found))
    zip.once('error', (err: Error) => reject(refuse(`The zip archive is damaged (${err.message})`)))
    zip.readEntry()
  })
}

/** Inflates one entry, counting bytes as they come and aborting the moment the cap is passed. */
function inflate(zip: ZipFile, entry: Entry, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(refuse(`The zip archive is damaged (${err.message})`))
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > maxBytes) {
          stream.destroy()
          return reject(refuse(`The CSV file is larger than ${maxBytes / 1024 / 1024} MiB once unzipped`))
        }
        chunks.push(chunk)
      })
      stream.once('error', (e: Error) => reject(refuse(`The zip archive is damaged (${e.message})`)))
      stream.once('end', () => resolve(Buffer.concat(chunks)))
    })
  })
}

/**
 * The text of the one CSV file in a zip (spec 001 §5: the SAP upload is a .csv.zip). Anything else,
 * a damaged archive, no CSV or several, or a likely zip bomb, is a 422 with a message people can act on.
 */
export async function readSingleCsv(buffer: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<{ name: string; text: string }> {
  if (buffer.length > limits.maxZipBytes) throw refuse(`The zip file is larger than ${limits.maxZipBytes / 1024 / 1024} MiB`)
  const zip = await openZip(buffer)
  try {
    if (zip.entryCount > limits.maxEntries)
      throw refuse(`The zip holds ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted`)
    const entries = await csvEntries(zip)
    if (entries.length === 0) throw refuse('The zip holds no CSV file')
    if (entries.length > 1) throw refuse(`The zip holds ${entries.length} CSV files; put exactly one in it`)
    const [entry] = entries
    if (entry.uncompressedSize > limits.maxCsvBytes) {
      throw refuse(`The CSV file is larger than ${limits.maxCsvBytes / 1024 / 1024} MiB once unzipped`)
    }
    // a stored (uncompressed) entry has ratio 1; an empty one has nothing to divide
    if (entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)) {
      throw refuse('The zip is compressed suspiciously well (a zip bomb?) and was refused')
    }
    const data = await inflate(zip, entry, limits.maxCsvBytes)
    let text: string
    try {
      // strict: a binary file named .csv is refused instead of becoming rows of U+FFFD
      text = new TextDecoder('utf-8', { fatal: true }).decode(data)
    } catch {
      throw refuse(`${entry.fileName} is not UTF-8 text`)
    }
    return { name: entry.fileName, text: text.replace(/^\uFEFF/, '') }
  } finally {
    zip.close()
  }
}
