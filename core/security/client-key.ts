import ipaddr from 'ipaddr.js';

/**
 * The client a per-client limit counts: an IPv4 address as it is (IPv4-mapped IPv6 too), an IPv6 address by its /64
 * network, which one subscriber holds whole and can rotate through at will (OWASP: rate-limit IPv6 per prefix).
 * Anything that is not an address (a proxy's odd header) is counted as written.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

/** A loopback caller: this machine, or a local proxy that forwards no address. */
export function isLoopback(ip: string): boolean {
  return ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';
}
