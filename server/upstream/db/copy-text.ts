import { Transform, type TransformCallback } from 'node:stream'

/** `PGCOPY\n\377\r\n\0`, then the flags and the header extension's length (int32 each). */
const SIGNATURE_LENGTH = 11

/**
 * The first column of each row of a `COPY … TO STDOUT (FORMAT binary)`, as its raw bytes, one row
 * after the other. A text column's binary form is its UTF-8 bytes, so nothing is escaped or quoted
 * on the way (the text format would escape the lines' CR, LF, tabs and backslashes). Each tuple is a
 * field count (int16, -1 ends the data), then per field a length (int32, -1 for NULL) and the bytes.
 */
export class CopyTextColumn extends Transform {
  private pending: Buffer = Buffer.alloc(0)
  private headerRead = false
  private ended = false

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let buffer = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk
    let at = 0
    if (!this.headerRead) {
      if (buffer.length < SIGNATURE_LENGTH + 8) return this.keep(buffer, 0, done)
      at = SIGNATURE_LENGTH + 8 + buffer.readInt32BE(SIGNATURE_LENGTH + 4)
      if (buffer.length < at) return this.keep(buffer, 0, done)
      this.headerRead = true
    }
    const texts: Buffer[] = []
    while (!this.ended && buffer.length - at >= 2) {
      const fields = buffer.readInt16BE(at)
      if (fields === -1) {
        this.ended = true
        at += 2
        break
      }
      if (buffer.length - at < 6) break
      const length = buffer.readInt32BE(at + 2)
      const end = at + 6 + Math.max(0, length)
      if (fields !== 1) return done(new Error(`COPY row with ${fields} columns, expected 1`))
      if (buffer.length < end) break
      if (length > 0) texts.push(buffer.subarray(at + 6, end))
      at = end
    }
    buffer = buffer.subarray(at)
    this.pending = Buffer.from(buffer)
    done(null, texts.length > 0 ? Buffer.concat(texts) : undefined)
  }

  override _flush(done: TransformCallback): void {
    done(this.ended && this.pending.length === 0 ? null : new Error('COPY data ended early'))
  }

  private keep(buffer: Buffer, from: number, done: TransformCallback): void {
    this.pending = Buffer.from(buffer.subarray(from))
    done()
  }
}
