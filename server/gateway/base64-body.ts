import { Readable } from 'node:stream'
import type { UploadTarget } from './upload-targets.js'

/** 48 KiB of input per piece: a multiple of 3, so no piece's base64 ends in padding but the last. */
const PIECE = 3 * 16 * 1024

/** A type/subtype the client claimed, or octet-stream: it goes verbatim into a JSON string and a data URL. */
export function safeMime(mime: string | undefined): string {
  return mime && /^[\w.+-]{1,100}\/[\w.+-]{1,100}$/.test(mime) ? mime.toLowerCase() : 'application/octet-stream'
}

function* encode(chunks: (Buffer | undefined)[]): Generator<string> {
  let carry = Buffer.alloc(0)
  for (let i = 0; i < chunks.length; i++) {
    let data = carry.length ? Buffer.concat([carry, chunks[i]!]) : chunks[i]!
    // each chunk is let go once encoded, so the raw file and its base64 never both exist whole
    chunks[i] = undefined
    while (data.length >= PIECE) {
      yield data.subarray(0, PIECE).toString('base64')
      data = data.subarray(PIECE)
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
 * as a stream with its exact length (so the upstream call has a Content-Length). The file arrives as
 * the chunks multipart read, and is encoded piece by piece as the upstream socket drains.
 */
export function base64Body(
  target: UploadTarget,
  file: { chunks: Buffer[]; size: number; mime?: string },
  email?: string,
  input?: Record<string, unknown>,
): { stream: Readable; length: number } {
  const prefix = target.encoding === 'dataUrl' ? `data:${safeMime(file.mime)};base64,` : ''
  const emailPart = target.withEmail ? `"email":${JSON.stringify(email ?? '')},` : ''
  const inputPart = target.input && input ? `${JSON.stringify(target.input.key)}:${JSON.stringify(input)},` : ''
  const head = `{${JSON.stringify(target.bodyKey)}:{${emailPart}${inputPart}${JSON.stringify(target.fileKey)}:"${prefix}`
  const tail = '"}}'
  const length = Buffer.byteLength(head) + 4 * Math.ceil(file.size / 3) + Buffer.byteLength(tail)
  const chunks: (Buffer | undefined)[] = file.chunks
  function* body(): Generator<string> {
    yield head
    yield* encode(chunks)
    yield tail
  }
  return { stream: Readable.from(body(), { objectMode: false }), length }
}
