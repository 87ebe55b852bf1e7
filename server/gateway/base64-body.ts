import { Readable } from 'node:stream'
import type { UploadTarget } from './upload-targets.js'

/**
 * 48 KiB of input per piece: a multiple of 3, so no piece's base64 ends in padding but the last. A
 * source read in chunks of this size is encoded chunk by chunk, with no copy to carry a remainder.
 */
export const BASE64_PIECE = 3 * 16 * 1024

/** A type/subtype the client claimed, or octet-stream: it goes verbatim into a JSON string and a data URL. */
export function safeMime(mime: string | undefined): string {
  return mime && /^[\w.+-]{1,100}\/[\w.+-]{1,100}$/.test(mime) ? mime.toLowerCase() : 'application/octet-stream'
}

/** An array's chunks, each let go as it is handed on, so the raw file and its base64 never both exist whole. */
function* releasing(chunks: (Buffer | undefined)[]): Generator<Buffer> {
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!
    chunks[i] = undefined
    yield chunk
  }
}

async function* encode(source: AsyncIterable<Buffer> | Iterable<Buffer>): AsyncGenerator<string> {
  let carry = Buffer.alloc(0)
  for await (const chunk of source) {
    let data = carry.length ? Buffer.concat([carry, chunk]) : chunk
    while (data.length >= BASE64_PIECE) {
      yield data.subarray(0, BASE64_PIECE).toString('base64')
      data = data.subarray(BASE64_PIECE)
    }
    const whole = data.length - (data.length % 3)
    if (whole) yield data.subarray(0, whole).toString('base64')
    carry = Buffer.from(data.subarray(whole))
  }
  if (carry.length) yield carry.toString('base64')
}

/**
 * The upstream's JSON body around a file, e.g. {"sap_cost_center":{"email":"…","base_file":"<base64>"}}
 * (with the target's input fields, {"cloud_bill":{"input":{…},"data":"data:…"}}),
 * as a stream with its exact length (so the upstream call has a Content-Length). The file is encoded
 * piece by piece as the upstream socket drains: from the chunks multipart read, or from a stream
 * (uploads.ts reads its spooled copy on disk, so a large file is never held in memory).
 */
export function base64Body(
  target: UploadTarget,
  file: { chunks: Buffer[] | AsyncIterable<Buffer>; size: number; mime?: string },
  email?: string,
  input?: Record<string, unknown>,
): { stream: Readable; length: number } {
  const prefix = target.encoding === 'dataUrl' ? `data:${safeMime(file.mime)};base64,` : ''
  const emailPart = target.withEmail ? `"email":${JSON.stringify(email ?? '')},` : ''
  const inputPart = target.input && input ? `${JSON.stringify(target.input.key)}:${JSON.stringify(input)},` : ''
  const head = `{${JSON.stringify(target.bodyKey)}:{${emailPart}${inputPart}${JSON.stringify(target.fileKey)}:"${prefix}`
  const tail = '"}}'
  const length = Buffer.byteLength(head) + 4 * Math.ceil(file.size / 3) + Buffer.byteLength(tail)
  const source = Array.isArray(file.chunks) ? releasing(file.chunks) : file.chunks
  async function* body(): AsyncGenerator<string> {
    yield head
    yield* encode(source)
    yield tail
  }
  return { stream: Readable.from(body(), { objectMode: false }), length }
}
