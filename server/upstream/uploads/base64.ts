import { HttpError } from '../http-error.js'

/**
 * The bytes of an uploaded file sent as base64 text (spec 001 §7: bare, or a data URL). A text
 * longer than `maxBytes` can decode to is refused before decoding; anything that is not base64 too.
 */
export function decodeBase64(text: string, maxBytes: number, what = 'file'): Buffer {
  const bare = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '')
  // base64 grows by 4/3: the longest text whose bytes can still be within the cap
  if (bare.length > Math.ceil(maxBytes / 3) * 4) throw new HttpError(422, `The ${what} is larger than ${maxBytes / 1024 / 1024} MiB`)
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(bare) || bare.length % 4 === 1) throw new HttpError(422, 'The file is not base64 encoded')
  return Buffer.from(bare, 'base64')
}
