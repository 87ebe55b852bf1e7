import { inflateWhole, openArchive, refuse, type ArchiveLimits } from './archive.js'

/** the SAP .csv.zip: one CSV of at most 50 MiB, beside a few other files (a readme, __MACOSX) */
export const ZIP_LIMITS: ArchiveLimits = {
  maxZipBytes: 10 * 1024 * 1024,
  maxEntries: 10,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 60 * 1024 * 1024,
  maxRatio: 200,
}

/**
 * The text of the one CSV file in a zip (spec 001 §5: the SAP upload is a .csv.zip). Anything else,
 * a damaged archive, no CSV or several, or a likely zip bomb, is a 422 with a message people can act on.
 */
export async function readSingleCsv(buffer: Buffer, limits: ArchiveLimits = ZIP_LIMITS): Promise<{ name: string; text: string }> {
  const archive = await openArchive(buffer, limits)
  try {
    // macOS resource forks and folders are not the file
    const entries = archive.entries.filter(
      ({ fileName: name }) => !name.endsWith('/') && !name.startsWith('__MACOSX/') && !/(^|\/)\._/.test(name) && /\.csv$/i.test(name),
    )
    if (entries.length === 0) throw refuse('The zip holds no CSV file')
    if (entries.length > 1) throw refuse(`The zip holds ${entries.length} CSV files; put exactly one in it`)
    const [entry] = entries
    const data = await inflateWhole(archive, entry)
    let text: string
    try {
      // strict: a binary file named .csv is refused instead of becoming rows of U+FFFD
      text = new TextDecoder('utf-8', { fatal: true }).decode(data)
    } catch {
      throw refuse(`${entry.fileName} is not UTF-8 text`)
    }
    return { name: entry.fileName, text: text.replace(/^\uFEFF/, '') }
  } finally {
    archive.close()
  }
}
