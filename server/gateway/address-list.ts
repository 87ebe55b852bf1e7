import { BlockList, isIP } from 'node:net'

/** A matcher for config addresses and CIDRs ('10.0.0.0/8', '::1'), as server/config.ts checks them. */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const [address, bits] = entry.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return list
}
