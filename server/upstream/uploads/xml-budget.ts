import { refuse } from './archive.js'

/**
 * How much of an XML part a parser may materialise. A streaming XML parser still keeps what a reader
 * caches (every shared string) and what one record holds (a row's cells): these caps bound both.
 */
export interface XmlBudget {
  /** elements in the whole part (unbounded when the reader drops each record as it goes) */
  maxElements?: number
  /** the element that starts a record ('row', 'si'), and the caps on records */
  record?: {
    name: string
    /** records in the part, with the refusal that names the limit for people */
    max: number
    tooMany: string
    /** elements and bytes from one record's start to the next's */
    maxElements: number
    maxBytes: number
  }
}

const LT = 0x3c
/** the bytes after '<' that start an element: a letter, '_' or ':' (not '/', '?', '!') */
const startsName = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x3a
/** the bytes that may end an element's name */
const endsName = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x3e || c === 0x2f

/**
 * Counts elements and records of an XML part in its raw bytes, as they stream past, and throws a
 * 422 before the chunk that passes a cap reaches the parser. It counts every '<name' (comments and
 * CDATA included), so it never counts less than the parser makes.
 */
export function xmlBudget(part: string, budget: XmlBudget) {
  const record = budget.record && { ...budget.record, tag: Buffer.from(budget.record.name) }
  const lookahead = (record?.tag.length ?? 0) + 2
  let carry: Buffer = Buffer.alloc(0)
  let base = 0 // offset in the part of carry's first byte
  let elements = 0
  let records = 0
  let recordStart = 0 // where the latest record (or the part) starts
  let recordElements = 0
  const recordTooLarge = () => {
    const which = records ? `${record!.name} ${records}` : `the part before the first ${record!.name}`
    return refuse(`${part}: ${which} is too large (at most ${record!.maxElements} elements and ${record!.maxBytes} bytes)`)
  }

  function element(buf: Buffer, at: number) {
    elements++
    if (budget.maxElements !== undefined && elements > budget.maxElements)
      throw refuse(`${part} has more than ${budget.maxElements} elements`)
    if (!record) return
    if (
      buf.compare(record.tag, 0, record.tag.length, at + 1, at + 1 + record.tag.length) === 0 &&
      endsName(buf[at + 1 + record.tag.length])
    ) {
      records++
      if (records > record.max) throw refuse(record.tooMany)
      recordStart = base + at
      recordElements = 0
    }
    if (++recordElements > record.maxElements) throw recordTooLarge()
  }

  return function check(chunk: Buffer): void {
    const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk
    let at = buf.indexOf(LT)
    let end = buf.length
    while (at !== -1) {
      // a '<' too near the end to read its name waits for the next chunk
      if (at + lookahead > buf.length) {
        end = at
        break
      }
      if (startsName(buf[at + 1])) element(buf, at)
      at = buf.indexOf(LT, at + 1)
    }
    // the bytes before the first record count as one record too: a huge text there is a huge string
    if (record && base + end - recordStart > record.maxBytes) throw recordTooLarge()
    carry = buf.subarray(end)
    base += end
  }
}

/** Passes a part's chunks on, each checked first. */
export async function* withinBudget(chunks: AsyncIterable<Buffer>, check: (chunk: Buffer) => void): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    check(chunk)
    yield chunk
  }
}
