import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Where a push may be sent: an endpoint's host is resolved when the push is sent (a name that was public
// when the browser subscribed may point inside later), and the connection is made only to a public
// address of it. Loopback, private, link-local (the cloud's metadata service), shared, multicast and
// reserved ranges are refused, unless the operator listed that very address among the push hosts
// (a private relay; the tests' local push service).
// two lists: BlockList reads an IPv4 address against IPv6 rules as IPv4-mapped, so ::ffff:0:0/96 would hold them all
const INTERNAL_V4 = new BlockList();
const INTERNAL_V6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) INTERNAL_V4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) INTERNAL_V6.addSubnet(net, bits, 'ipv6');

/** Whether a push may go to this address (an IP literal): public, or listed by the operator. */
export function reachable(address: string, listed: ReadonlySet<string>): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return listed.has(address) || !(family === 4 ? INTERNAL_V4.check(address, 'ipv4') : INTERNAL_V6.check(address, 'ipv6'));
}

type Resolve = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for the push agent's connections: resolves the name as usual, keeps only the addresses a push
 * may go to, and fails like an unknown name when none is left, so the socket connects to the address checked.
 */
export function publicLookup(listed: ReadonlySet<string>, resolve: Resolve = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const fit = addresses.filter((a) => reachable(a.address, listed));
      if (fit.length === 0) {
        const refused = Object.assign(new Error(`push host ${hostname} resolves to no public address (${addresses.map((a) => a.address).join(', ')})`), { code: 'ENOTFOUND' });
        return callback(refused, '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, fit);
      callback(null, fit[0].address, fit[0].family);
    });
  };
}
