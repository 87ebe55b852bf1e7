import { Agent, fetch as undiciFetch } from 'undici'

/** fetch from another loopback address (a server on 127.0.0.1 sees 127.0.0.2 as another client) */
export function fetchFrom(localAddress: string): typeof fetch {
  const dispatcher = new Agent({ localAddress })
  return ((url: URL, init: RequestInit) => undiciFetch(url, { ...init, dispatcher } as never)) as unknown as typeof fetch
}
