/** Where the portal goes after sign-in when no (acceptable) returnTo was given. */
export const DEFAULT_RETURN_TO = '/auth/home'

/**
 * A same-origin relative path, else the default. Refuses what browsers would read as another
 * origin: `//host`, backslashes (`/\host` is `//host` to a browser), schemes and control characters.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return DEFAULT_RETURN_TO
  if (!value.startsWith('/') || value.startsWith('//')) return DEFAULT_RETURN_TO
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return DEFAULT_RETURN_TO
  // belt and braces: resolved against a dummy origin it must stay on that origin
  const base = 'http://portal.invalid'
  const resolved = new URL(value, base)
  if (resolved.origin !== base) return DEFAULT_RETURN_TO
  return resolved.pathname + resolved.search + resolved.hash
}
