/**
 * An error the client may read: the error handler answers `{ error, statusCode, fields? }` with it.
 * Anything else becomes a bare 500 (details only in the log).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** per-field messages, keyed by API field name */
    readonly fields?: Record<string, string>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}
