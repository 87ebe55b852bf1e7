/**
 * Where to go after signing in: a same-origin path under `within`, else `fallback`. The path is
 * normalised first (dot segments resolved, as a browser will) and checked after: checked first,
 * `/auth/..//evil.example` passes as a path under /auth/ and then resolves to `//evil.example`,
 * which a browser reads as another origin. Used by the gateway (the OIDC flow) and the web.
 */
export function sameOriginPath(value: unknown, fallback: string, within = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback
  // backslashes (`/\host` is `//host` to a browser), control characters, anything not a path
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback
  const base = 'http://portal.invalid'
  let resolved: URL
  try {
    resolved = new URL(value, base)
  } catch {
    return fallback
  }
  const path = resolved.pathname + resolved.search + resolved.hash
  if (resolved.origin !== base || path.startsWith('//') || !path.startsWith(within)) return fallback
  // the normalised path must read the same once more: no second round of tricks
  return new URL(path, base).origin === base ? path : fallback
}
