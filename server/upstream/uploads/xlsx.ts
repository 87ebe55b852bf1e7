import { Readable } from 'node:stream'
import type { Entry } from 'yauzl'
import { HttpError } from '../http-error.js'
import { openArchive, type Archive, type ArchiveLimits } from './archive.js'
import { withinBudget, xmlBudget, type XmlBudget } from './xml-budget.js'

const MiB = 1024 * 1024
export const NOT_A_WORKBOOK = 'The file is not an .xlsx workbook or a CSV file'

/** One part of the workbook a reader needs: its inflated bytes and what its XML may hold. */
export interface PartLimits {
  maxBytes: number
  budget: XmlBudget
}

export interface XlsxLimits {
  archive: ArchiveLimits
  rels: PartLimits
  workbook: PartLimits
  styles: PartLimits
  sharedStrings: PartLimits
  sheet: PartLimits
}

/**
 * Limits for a workbook of at most maxRows rows (more are refused with tooManyRows). A 200,000-row bill from Excel or exceljs is a
 * 15 MiB zip holding a 94 MB sheet (9:1) and 400,000 shared strings in 16 MB: well inside them.
 */
export function xlsxLimits(maxRows: number, tooManyRows: string): XlsxLimits {
  return {
    archive: { maxZipBytes: 20 * MiB, maxEntries: 100, maxEntryBytes: 256 * MiB, maxTotalBytes: 320 * MiB, maxRatio: 200 },
    rels: { maxBytes: MiB, budget: { maxElements: 10_000 } },
    workbook: { maxBytes: 4 * MiB, budget: { maxElements: 100_000 } },
    // Excel itself stops at 64,000 cell formats
    styles: { maxBytes: 16 * MiB, budget: { maxElements: 500_000 } },
    sharedStrings: {
      maxBytes: 64 * MiB,
      budget: {
        maxElements: 3_000_000,
        // one cell holds at most 32,767 characters in Excel
        record: {
          name: 'si',
          max: 1_000_000,
          tooMany: 'The workbook has more than 1000000 shared strings',
          maxElements: 10_000,
          maxBytes: 256 * 1024,
        },
      },
    },
    sheet: {
      maxBytes: 256 * MiB,
      // Excel's widest row is 16,384 cells of a few elements each
      budget: { record: { name: 'row', max: maxRows, tooMany: tooManyRows, maxElements: 65_536, maxBytes: 4 * MiB } },
    },
  }
}

/** an entry's stored (not deflated) local header, its sizes known: the reader takes exactly size bytes */
function localHeader(name: string, size: number): Buffer {
  const fileName = Buffer.from(name)
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(20, 4) // version needed
  header.writeUInt16LE(0x0800, 6) // UTF-8 name, sizes in this header
  header.writeUInt32LE(size, 18)
  header.writeUInt32LE(size, 22)
  header.writeUInt16LE(fileName.length, 26)
  return Buffer.concat([header, fileName])
}
const NOT_XML = Buffer.from([0])
const END_OF_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array<number>(18).fill(0)])

/** what a workbook without these parts reads as (none: the sheet would be spooled to a temp file first) */
const EMPTY: Record<string, string> = {
  'xl/_rels/workbook.xml.rels': '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>',
  'xl/sharedStrings.xml': '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"></sst>',
}

/** The parts a reader of the first sheet needs, in the order it needs them, each with its limits. */
function partsOf(archive: Archive, limits: XlsxLimits): [string, Entry | undefined, PartLimits][] {
  const named = (name: string) => archive.entries.find((e) => e.fileName === name)
  const sheet = archive.entries.find((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.fileName))
  const parts: [string, Entry | undefined, PartLimits][] = [
    ['xl/_rels/workbook.xml.rels', named('xl/_rels/workbook.xml.rels'), limits.rels],
    ['xl/workbook.xml', named('xl/workbook.xml'), limits.workbook],
    ['xl/styles.xml', named('xl/styles.xml'), limits.styles],
    ['xl/sharedStrings.xml', named('xl/sharedStrings.xml'), limits.sharedStrings],
  ]
  if (sheet) parts.push([sheet.fileName, sheet, limits.sheet])
  return parts.filter(([name, entry]) => entry || EMPTY[name])
}

/** The parts, each checked by its declared size before any is inflated (the archive closed on a refusal). */
function checkedParts(archive: Archive, limits: XlsxLimits) {
  try {
    return partsOf(archive, limits).map(([name, entry, part]) => ({
      name,
      budget: part.budget,
      entry,
      chunks: entry && archive.open(entry, part.maxBytes),
    }))
  } catch (err) {
    archive.close()
    throw err
  }
}

export interface XlsxSource {
  /** a zip stream for exceljs's WorkbookReader: only checked bytes, inflated once, as they are read */
  stream: Readable
  /** the limit that stopped the stream (the entry it cut short then fails to parse) */
  failure(): HttpError | undefined
  close(): void
}

/**
 * An .xlsx upload, opened with limits: the archive's are checked before anything is inflated, and
 * each part's (bytes, elements, rows, shared strings) as it streams, before the XML parser has it.
 * The reader never sees the upload's own bytes, only entries rewritten from what was checked.
 */
export async function xlsxSource(bytes: Buffer, limits: XlsxLimits): Promise<XlsxSource> {
  const archive = await openArchive(bytes, limits.archive, NOT_A_WORKBOOK)
  let failure: HttpError | undefined
  const parts = checkedParts(archive, limits)
  async function* zip() {
    try {
      for (const { name, budget, entry, chunks } of parts) {
        if (!entry || !chunks) {
          const empty = Buffer.from(EMPTY[name])
          yield Buffer.concat([localHeader(name, empty.length), empty])
          continue
        }
        yield localHeader(name, entry.uncompressedSize)
        yield* withinBudget(chunks, xmlBudget(name, budget))
      }
      yield END_OF_ZIP
    } catch (err) {
      failure = err instanceof HttpError ? err : new HttpError(422, NOT_A_WORKBOOK)
      // the entry being read is cut short: a byte no XML may hold makes its parser fail now (a stream
      // that merely ended would leave exceljs waiting for the rest of the entry, for ever)
      yield NOT_XML
    }
  }
  const stream = Readable.from(zip(), { objectMode: false })
  return {
    stream,
    failure: () => failure,
    close: () => {
      stream.destroy()
      archive.close()
    },
  }
}
