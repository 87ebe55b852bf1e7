import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { exportJWK, generateKeyPair, type JWK } from 'jose'

export interface IdpKeys {
  /** private signing keys (JWKS) for ID tokens and JWT access tokens */
  jwks: { keys: JWK[] }
  /** keys that sign the IdP's own cookies */
  cookieKeys: string[]
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = await exportJWK(privateKey)
  const kid = createHash('sha256')
    .update(jwk.n ?? '')
    .digest('base64url')
    .slice(0, 16)
  return { ...jwk, kid, alg: 'RS256', use: 'sig' }
}

/**
 * The signing keys, kept in `keysFile` when given so a restart keeps issued tokens (and the
 * sessions built on them) valid. Cookie keys derive from the private key rather than a second
 * file: one secret to guard, one to rotate.
 */
export async function loadKeys(keysFile?: string): Promise<IdpKeys> {
  let jwks: { keys: JWK[] }
  if (keysFile && existsSync(keysFile)) {
    jwks = JSON.parse(readFileSync(keysFile, 'utf8')) as { keys: JWK[] }
    if (!Array.isArray(jwks.keys) || jwks.keys.length === 0) throw new Error(`${keysFile} holds no keys`)
  } else {
    jwks = { keys: [await newSigningKey()] }
    if (keysFile) {
      mkdirSync(dirname(keysFile), { recursive: true })
      writeFileSync(keysFile, JSON.stringify(jwks), { mode: 0o600 })
    }
  }
  const cookieKeys = jwks.keys.map((k) =>
    createHash('sha256')
      .update(`idp-cookies:${k.d ?? k.k ?? ''}`)
      .digest('base64url'),
  )
  return { jwks, cookieKeys }
}
