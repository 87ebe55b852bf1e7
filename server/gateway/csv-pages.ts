import { Readable, Transform, type TransformCallback } from 'node:stream'

/** One upstream list page as CSV lines, and whether it was the last one. */
export interface CsvPage {
  text: string
  rows: number
  last: boolean
  /** the upstream's keyset cursor for the rows after this page, when it offers one */
  next?: string
}

/** Which page to fetch: by cursor when the previous page gave one, else by number. */
export interface CsvPageRequest {
  page: number
  after?: string
}

/**
 * A CSV body that asks for the next upstream page only when the consumer reads: a slow client
 * leaves the buffer full, `_read` is not called, and no further page is fetched (so a million-row
 * export holds about one page in memory, not the table). A failed page destroys the stream: the
 * response ends without its final chunk, so the download fails visibly instead of looking complete.
 */
export class CsvPages extends Readable {
  private busy = false
  private following: CsvPageRequest
  bytes = 0
  rows = 0

  /**
   * `first` is the header plus page 1, fetched before the answer started (so its errors are JSON).
   * `started` resolves once the answer's status line and headers are out: no later page is asked
   * for before then, so a later page's failure always breaks a started 200, never turns into a 500
   * (Node's stream read-ahead would otherwise fetch pages 2 and 3 while a compressor still held
   * page 1 and no byte had been written).
   */
  constructor(
    private first: CsvPage | undefined,
    private readonly fetchPage: (request: CsvPageRequest) => Promise<CsvPage>,
    private readonly started: Promise<void> = Promise.resolve(),
  ) {
    super({ highWaterMark: 256 * 1024 })
    this.following = { page: 2, after: first?.next }
  }

  override _read(): void {
    if (this.first) {
      const first = this.first
      this.first = undefined
      return this.emitPage(first)
    }
    if (this.busy) return
    this.busy = true
    this.started
      .then(() => this.fetchPage(this.following))
      .then(
        (page) => {
          this.busy = false
          this.following = { page: this.following.page + 1, after: page.next }
          this.emitPage(page)
        },
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      )
  }

  private emitPage(page: CsvPage): void {
    if (this.destroyed) return
    this.rows += page.rows
    this.bytes += Buffer.byteLength(page.text)
    // an empty middle page pushes nothing, and pushing '' would not call _read again: ask directly
    if (page.text === '' && !page.last) return this._read()
    if (page.text !== '') this.push(page.text)
    if (page.last) this.push(null)
  }
}

/**
 * An upstream's own CSV file on its way to the client, counted for the audit line: bytes, and
 * records (line ends outside quoted cells, the header line not included).
 */
export class CsvPassThrough extends Transform {
  bytes = 0
  private lines = 0
  private quoted = false

  get rows(): number {
    return Math.max(0, this.lines - 1)
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length
    let at = 0
    let quote = chunk.indexOf(0x22)
    while (at < chunk.length) {
      if (this.quoted) {
        // a doubled quote inside a cell closes and reopens: the count stays right
        if (quote < 0) break
        this.quoted = false
        at = quote + 1
        quote = chunk.indexOf(0x22, at)
        continue
      }
      const newline = chunk.indexOf(0x0a, at)
      if (newline >= 0 && (quote < 0 || newline < quote)) {
        this.lines++
        at = newline + 1
      } else if (quote >= 0) {
        this.quoted = true
        at = quote + 1
        quote = chunk.indexOf(0x22, at)
      } else break
    }
    done(null, chunk)
  }
}
