import { Readable } from 'node:stream'
import { csvHeader, csvRows, type CsvColumnOf } from '../../shared/csv.js'

/** One page of a list as the upstream answers it: its rows, and the cursor to the rows after them (none after the last). */
export interface ListPage {
  rows: readonly Record<string, unknown>[]
  next?: string
}

/**
 * A list as one CSV body: the header, then each upstream page's rows as one chunk, page after page
 * by the list's cursor. The next page is asked for as a page is taken to be written (so the
 * upstream's query runs while this one's lines are rendered and sent), and only when the consumer
 * reads: a slow client leaves the buffer full, `_read` is not called, and the export holds a
 * page or two in memory, never the table. A failed page destroys the stream: the response ends
 * without its final chunk, so the download fails visibly instead of looking complete.
 */
export class CsvPages extends Readable {
  bytes = 0
  rows = 0
  private head: string
  private coming: Promise<ListPage> | undefined
  private busy = false

  /**
   * `first` is page 1, fetched before the answer started (so its errors are JSON). `started`
   * resolves once the answer's status line and headers are out: no later page is asked for before
   * then, so a later page's failure always breaks a started 200, never turns into a 500. `lead` goes
   * before the header (the byte-order mark by which Excel reads the file as UTF-8).
   */
  constructor(
    private readonly columns: readonly CsvColumnOf[],
    first: ListPage,
    private readonly fetchPage: (after: string) => Promise<ListPage>,
    private readonly started: Promise<void> = Promise.resolve(),
    lead = '',
  ) {
    super({ highWaterMark: 256 * 1024 })
    this.head = lead + csvHeader(columns)
    this.coming = Promise.resolve(first)
  }

  override _read(): void {
    if (this.busy || !this.coming) return
    this.busy = true
    this.coming.then(
      (page) => {
        this.busy = false
        if (this.destroyed) return
        const after = page.next
        this.coming = after === undefined ? undefined : this.started.then(() => this.fetchPage(after))
        // its failure is handled when it is read (the stream may be gone by then): not an unhandled rejection
        this.coming?.catch(() => undefined)
        const text = this.head + csvRows(this.columns, page.rows)
        this.head = ''
        this.rows += page.rows.length
        this.bytes += Buffer.byteLength(text)
        if (!this.coming) {
          if (text !== '') this.push(text)
          this.push(null)
        } else if (text === '')
          this._read() // an empty middle page: pushing '' would not call _read again
        else this.push(text)
      },
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    )
  }
}
