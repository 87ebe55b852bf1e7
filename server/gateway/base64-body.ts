import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import type { UploadTarget } from './upload-targets.js'

/** 48 KiB of input per piece: a multiple of 3, so no piece's base64 ends in padding but the last. */
const BASE64_PIECE = 3 * 16 * 1024

/** A type/subtype the client claimed, or octet-stream: it goes verbatim into a JSON string and a data URL. */
export function safeMime(mime: string | undefined): string {
  return mime && /^[\w.+-]{1,100}\/[\w.+-]{1,100}$/.test(mime) ? mime.toLowerCase() : 'application/octet-stream'
}

/**
 * The file's base64, piece by piece. Every piece is read into the same buffer, and its string is the
 * only copy made: the socket writes a string from a copy of its own that it frees once written,
 * where a Buffer per piece (the read's, then the encoded one) would wait for a collection.
 */
async function* encodeFile(path: string): AsyncGenerator<string> {
  const file = await open(path, 'r')
  try {
    const piece = Buffer.allocUnsafe(BASE64_PIECE)
    for (;;) {
      let filled = 0
      while (filled < BASE64_PIECE) {
        const { bytesRead } = await file.read(piece, filled, BASE64_PIECE - filled, null)
        if (bytesRead === 0) break
        filled += bytesRead
      }
      if (filled) yield piece.toString('base64', 0, filled)
      if (filled < BASE64_PIECE) return
    }
  } finally {
    await file.close()
  }
}

/**
 * The upstream's JSON body around a file, e.g. {"sap_cost_center":{"email":"…","base_file":"<base64>"}}
 * (with the target's input fields, {"cloud_bill":{"input":{…},"data":"data:…"}}),
 * as a stream of strings with its exact length (so the upstream call has a Content-Length). The file
 * is the copy uploads.ts spooled to disk, so a large file is never held in memory; it is read and
 * encoded piece by piece as the upstream socket drains.
 */
export function base64Body(
  target: Omit<UploadTarget, 'permission' | 'recipient'>,
  file: { path: string; size: number; mime?: string },
  email?: string,
  input?: Record<string, unknown>,
): { stream: Readable; length: number } {
  const prefix = target.encoding === 'dataUrl' ? `data:${safeMime(file.mime)};base64,` : ''
  const emailPart = target.withEmail ? `"email":${JSON.stringify(email ?? '')},` : ''
  const inputPart = target.input && input ? `${JSON.stringify(target.input.key)}:${JSON.stringify(input)},` : ''
  const head = `{${JSON.stringify(target.bodyKey)}:{${emailPart}${inputPart}${JSON.stringify(target.fileKey)}:"${prefix}`
  const tail = '"}}'
  const length = Buffer.byteLength(head) + 4 * Math.ceil(file.size / 3) + Buffer.byteLength(tail)
  async function* body(): AsyncGenerator<string> {
    yield head
    yield* encodeFile(file.path)
    yield tail
  }
  return { stream: Readable.from(body()), length }
}
