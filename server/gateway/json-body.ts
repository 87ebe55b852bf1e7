import secureJson from 'secure-json-parse'

/**
 * The one reading of a proxied JSON body. The gateway checks what a body says (a report's
 * recipient) and then forwards it: if the upstream read the same bytes another way (a byte-order
 * mark, a charset, duplicate keys, `__proto__`), every check would be a bypass. So the body is parsed
 * here once, refused when it cannot be (before any check), and what goes upstream is the checked
 * value serialised again, never the client's bytes (TECH-NOTES, the security checklist's item 8).
 */
export class JsonBodyError extends Error {
  constructor(
    readonly statusCode: 400 | 415,
    message: string,
  ) {
    super(message)
  }
}

/** deeper than any body of the spec; a deeper one is refused before it can exhaust a stack */
export const JSON_BODY_MAX_DEPTH = 32

// fatal: bytes that are not UTF-8 are refused, never replaced by U+FFFD (which another reader may not do)
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** RFC 8259 §8.1: JSON between systems is UTF-8; a charset parameter may only say so. */
function charsetRefusal(contentType: string | undefined): JsonBodyError | null {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '')?.[1]
  if (charset === undefined || /^utf-8$/i.test(charset)) return null
  return new JsonBodyError(415, `Unsupported Media Type: a JSON body is UTF-8, not ${charset}`)
}

/** Nesting past the limit, or a number JSON cannot write back (1e400 is Infinity, which serialises as null). */
function shapeRefusal(value: unknown, depth: number): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'a number is out of range'
  if (value === null || typeof value !== 'object') return null
  if (depth >= JSON_BODY_MAX_DEPTH) return `the body nests deeper than ${JSON_BODY_MAX_DEPTH} levels`
  for (const item of Object.values(value)) {
    const refused = shapeRefusal(item, depth + 1)
    if (refused) return refused
  }
  return null
}

export interface JsonBody {
  /** what the gateway's checks read */
  value: unknown
  /** what goes upstream: `value` serialised again */
  bytes: Buffer
}

/** Parses `raw` as the one JSON value the gateway checks and forwards; throws JsonBodyError when it cannot. */
export function readJsonBody(raw: Buffer, contentType: string | undefined): JsonBody {
  const charset = charsetRefusal(contentType)
  if (charset) throw charset
  let value: unknown
  try {
    // secure-json-parse is Fastify's own parser: one leading BOM dropped, `__proto__` and
    // `constructor.prototype` keys refused, and otherwise JSON.parse (a duplicate key's last value)
    value = secureJson.parse(utf8.decode(raw), { protoAction: 'error', constructorAction: 'error' })
  } catch (error) {
    const why = error instanceof TypeError ? 'it is not UTF-8' : (error as Error).message
    throw new JsonBodyError(400, `The body is not valid JSON: ${why}`)
  }
  const refused = shapeRefusal(value, 0)
  if (refused) throw new JsonBodyError(400, `The body is not valid JSON: ${refused}`)
  return { value, bytes: Buffer.from(JSON.stringify(value)) }
}
