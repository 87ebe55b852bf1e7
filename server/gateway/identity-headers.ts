/**
 * Client headers that claim an identity to the upstream. Names are compared after lower-casing
 * and dropping `-` and `_`, so `X_Forwarded_User` or `x-forwardeduser` cannot slip past
 * (oauth2-proxy CVE-2025-64484 was exactly an underscore variant).
 */
const EXACT = new Set([
  'cookie',
  'authorization',
  'proxyauthorization',
  'uid',
  'user',
  'remoteuser',
  'xuser',
  'xemail',
  'xuserid',
  'xremoteuser',
  'xupstreamtoken',
  'xapikey',
  'xaccesstoken',
  'xidtoken',
  'forwarded',
  'xrealip',
])
const PREFIXES = ['xforwarded', 'xauth', 'xoriginal', 'xuser']

export function normalizeHeaderName(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '')
}

export function isIdentityHeader(name: string): boolean {
  const n = normalizeHeaderName(name)
  return EXACT.has(n) || PREFIXES.some((p) => n.startsWith(p))
}

/** A copy of `headers` without any identity header, then ours: the fixed token and the user. */
export function upstreamHeaders(
  headers: Record<string, string | string[] | undefined>,
  ours: { token: string; uid: string; requestId: string },
): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (!isIdentityHeader(name)) out[name] = value
  }
  out.authorization = `Bearer ${ours.token}`
  out.uid = ours.uid
  out['x-request-id'] = ours.requestId
  return out
}
