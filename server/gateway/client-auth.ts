import { createPrivateKey } from 'node:crypto'
import * as client from 'openid-client'
import { calculateJwkThumbprint, exportJWK, importPKCS8 } from 'jose'
import { TOKEN_AUTH_METHODS, type TokenAuthMethod } from '../config.js'

interface Credentials {
  clientSecret: string
  tokenAuthMethod?: TokenAuthMethod
  clientKey?: string
}

/**
 * The configured method, else the first the IdP lists that the portal has credentials for.
 * RFC 8414: an IdP that lists none supports client_secret_basic.
 */
export function methodToUse(credentials: Credentials, supported: readonly string[] = ['client_secret_basic']): TokenAuthMethod {
  if (credentials.tokenAuthMethod) return credentials.tokenAuthMethod
  const usable = (method: string): method is TokenAuthMethod =>
    (TOKEN_AUTH_METHODS as readonly string[]).includes(method) &&
    (method === 'private_key_jwt' ? credentials.clientKey !== undefined : credentials.clientSecret !== '')
  const method = supported.find(usable)
  if (!method)
    throw new Error(`the IdP accepts none of the client authentications the portal is set up for: it lists ${supported.join(', ')}`)
  return method
}

/** JWS algorithm of a private key: RSA keys sign RS256, EC keys by their curve, Ed25519 EdDSA. */
function algorithmOf(pem: string): string {
  const key = createPrivateKey(pem)
  if (key.asymmetricKeyType === 'rsa') return 'RS256'
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA'
  const curve = key.asymmetricKeyDetails?.namedCurve
  if (key.asymmetricKeyType === 'ec' && curve === 'prime256v1') return 'ES256'
  if (key.asymmetricKeyType === 'ec' && curve === 'secp384r1') return 'ES384'
  throw new Error(`OIDC client key: a ${key.asymmetricKeyType} key is not supported (RSA, EC P-256/P-384 or Ed25519)`)
}

/**
 * openid-client's helper for the method. client_secret_basic is RFC 6749 §2.3.1's (id and secret
 * form-encoded before base64): an IdP that does not decode them wants client_secret_post.
 * private_key_jwt names its key by its RFC 7638 thumbprint, the `kid` to register at the IdP.
 */
export async function clientAuthOf(method: TokenAuthMethod, credentials: Credentials): Promise<client.ClientAuth> {
  if (method === 'client_secret_basic') return plainWhereSameBasic(credentials.clientSecret)
  if (method === 'client_secret_post') return client.ClientSecretPost(credentials.clientSecret)
  if (!credentials.clientKey) throw new Error('private_key_jwt needs OIDC_CLIENT_KEY or OIDC_CLIENT_KEY_FILE')
  // PKCS#1 and SEC1 PEMs too: Node reads them all, jose wants PKCS#8
  const pkcs8 = createPrivateKey(credentials.clientKey).export({ type: 'pkcs8', format: 'pem' }).toString()
  const key = await importPKCS8(pkcs8, algorithmOf(credentials.clientKey), { extractable: true })
  const kid = await calculateJwkThumbprint(await exportJWK(key))
  return client.PrivateKeyJwt({ key, kid })
}

/**
 * client_secret_basic, with the id and secret form-encoded only where encoding changes how they
 * decode: openid-client encodes every `-` (`ccoe%2Dportal`), which IdPs that do not decode the
 * header (glewlwyd) refuse. An id and secret without `%`, `+` or (in the id) `:` read the same
 * encoded or not, so they go as written and both kinds of IdP take them; others are encoded (RFC
 * 6749 §2.3.1), and an IdP that does not decode needs client_secret_post for them.
 */
function plainWhereSameBasic(clientSecret: string): client.ClientAuth {
  const encoded = client.ClientSecretBasic(clientSecret)
  return (as, metadata, body, headers) => {
    const id = metadata.client_id
    if (/[%+:]/.test(id) || /[%+]/.test(clientSecret)) return encoded(as, metadata, body, headers)
    headers.set('authorization', `Basic ${Buffer.from(`${id}:${clientSecret}`).toString('base64')}`)
  }
}
