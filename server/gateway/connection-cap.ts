import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { addressList } from './address-list.js'

/**
 * At most `perAddress` open connections from one client address; a connection past it is closed at
 * once, before a byte of it is read. Issue 37: 4,000 stalled anonymous bodies from one client held
 * 4,084 of the gateway's 20,000 file descriptors. Idle keep-alive connections count too: they hold
 * a descriptor as well.
 *
 * The load balancers of TRUST_PROXY (`trusted`) are exempt: every client behind one comes from its
 * address, and it caps its own clients. Loopback is not exempt: a client on the gateway's own host
 * is a client like another, and a reverse proxy there is named in TRUST_PROXY like any other. The
 * count is per process (with GATEWAY_WORKERS, per worker), like UPLOADS_IN_FLIGHT.
 */
export function capConnectionsPerAddress(server: Server, perAddress: number, trusted: readonly string[]): void {
  const exempt = addressList(trusted)
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    // undefined: the client has gone already
    if (address === undefined || exempt.check(address, socket.remoteFamily === 'IPv6' ? 'ipv6' : 'ipv4')) return
    const count = open.get(address) ?? 0
    if (count >= perAddress) return void socket.destroy()
    open.set(address, count + 1)
    socket.once('close', () => {
      const left = open.get(address)! - 1
      if (left === 0) open.delete(address)
      else open.set(address, left)
    })
  })
}
