/**
 * Which addresses outbound requests may reach: public unicast ones, plus whatever OUTBOUND_ALLOWLIST names. Every
 * refusal is described in words ("a private address") so the person who typed the URL learns why.
 */
import ipaddr from 'ipaddr.js';
import { ConfigError } from '../config.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** OUTBOUND_ALLOWLIST, parsed: host names (lower case, no trailing dot) and CIDR ranges. */
export interface Allowlist {
  hosts: ReadonlySet<string>;
  ranges: readonly (readonly [Address, number])[];
}

/** Host names of cloud metadata services, refused whatever they resolve to. */
export const METADATA_HOSTS: ReadonlySet<string> = new Set([
  'metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal',
]);

/** The ranges that count as public, per ipaddr.js's names; anything it names otherwise is refused. */
const PUBLIC_V4 = new Set(['unicast', 'as112', 'amt']);
const PUBLIC_V6 = new Set(['unicast', 'as112v6', 'amt']);
/** IPv6 ranges that carry an IPv4 address: judged by the IPv4 address inside. */
const EMBEDS_V4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4']);

const WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  unspecified: 'an unspecified address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  teredo: 'a Teredo tunnel address',
};
const METADATA_ADDRESS = '169.254.169.254';

/** A host name or address as compared: lower case, without IPv6 brackets or a trailing dot. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** Parses an IPv4 or IPv6 address in any notation ipaddr.js reads, or null when `host` is a name. */
export function parseAddress(host: string): Address | null {
  const text = normalizeHost(host);
  return ipaddr.isValid(text) ? ipaddr.parse(text) : null;
}

/**
 * Parses OUTBOUND_ALLOWLIST: comma-separated host names (matched exactly, case-insensitively), addresses and CIDR
 * ranges (v4 or v6). Throws ConfigError naming the first entry that is neither.
 */
export function parseAllowlist(text: string | undefined): Allowlist {
  const hosts = new Set<string>();
  const ranges: [Address, number][] = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = normalizeHost(raw);
    if (!entry) continue;
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw badEntry(raw);
      ranges.push(ipaddr.parseCIDR(entry));
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.parse(entry);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(entry)) {
      hosts.add(entry);
    } else {
      throw badEntry(raw);
    }
  }
  return { hosts, ranges };
}

const badEntry = (entry: string) => new ConfigError(
  `Invalid setting OUTBOUND_ALLOWLIST (got "${entry.trim()}"): each entry must be a host name, an IP address or a CIDR range such as 10.0.0.0/8.`,
);

/** The IPv4 address inside an IPv4-mapped, IPv4-compatible, NAT64 or 6to4 IPv6 address, or null. */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  const [, b = 0, c = 0, , , , g = 0, h = 0] = address.parts;
  const compatible = range === 'unicast' && address.parts.slice(0, 6).every((part) => part === 0);
  if (!compatible && !EMBEDS_V4.has(range)) return null;
  // 6to4 (2002:AABB:CCDD::/48) carries it in parts 1 and 2; the other forms in the last 32 bits.
  const [high, low] = range === '6to4' ? [b, c] : [g, h];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * What kind of non-public address this is, in words ("a private address"), or null when it is public. IPv6 forms
 * that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that address.
 */
export function describeNonPublic(address: Address): string | null {
  if (address.kind() === 'ipv4') {
    const range = address.range();
    if (PUBLIC_V4.has(range)) return null;
    if (address.toString() === METADATA_ADDRESS) return 'a link-local address (the cloud metadata service)';
    return WORDS[range] ?? 'a reserved address';
  }
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'loopback' || range === 'unspecified') return WORDS[range]!;
  // RFC 8215 local-use NAT64 (64:ff9b:1::/48) translates into the operator's own network.
  if (range === 'rfc6052' && v6.parts[2] === 1) return 'a private address (local-use NAT64)';
  const inner = embeddedV4(v6);
  if (inner) {
    const words = describeNonPublic(inner);
    return words && `${words.replace(/ \(.*\)$/, '')} in IPv6 form`;
  }
  if (PUBLIC_V6.has(range)) return null;
  return WORDS[range] ?? 'a reserved address';
}

/** Whether an allowlist range covers the address (an IPv4-mapped IPv6 address also matches its IPv4 ranges). */
function inAllowlist(address: Address, allowlist: Allowlist): boolean {
  const forms: Address[] = [address];
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    forms.push((address as ipaddr.IPv6).toIPv4Address());
  }
  return allowlist.ranges.some(([range, bits]) => forms.some((form) => form.kind() === range.kind() && form.match(range, bits)));
}

/** The words for why this address is refused, or null when it may be reached (public, or allowed). */
export function refusedAddress(address: string, allowlist: Allowlist): string | null {
  const parsed = parseAddress(address);
  if (!parsed) return 'not an IP address';
  const words = describeNonPublic(parsed);
  return words && !inAllowlist(parsed, allowlist) ? words : null;
}

/** Whether the host name itself is on the allowlist (its addresses are then not checked). */
export const hostAllowed = (host: string, allowlist: Allowlist): boolean => allowlist.hosts.has(normalizeHost(host));

/** The sentence for a refusal: "Tickscribe does not send requests to 10.0.0.5 (a private address). …" */
export function refusalMessage(target: string, words: string): string {
  return `Tickscribe does not send requests to ${target} (${words}). An administrator can allow it with OUTBOUND_ALLOWLIST.`;
}
