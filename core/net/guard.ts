/**
 * The checks every outbound URL passes: its shape (http or https, no credentials), its host name and every address
 * that name resolves to. The same checks run when a URL is saved (`checkOutboundUrl`) and inside each socket's DNS
 * lookup (`guardedLookup`), so an answer that changes in between cannot reach an internal address.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { InvalidInput } from '../errors.ts';
import {
  type Allowlist, hostAllowed, METADATA_HOSTS, normalizeHost, parseAddress, parseAllowlist, refusalMessage, refusedAddress,
} from './addresses.ts';

/** Resolves a host name to all its addresses (A and AAAA). Injectable so tests need no DNS. */
export type OutboundLookup = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo, as sockets use it), every answer. */
export const systemLookup: OutboundLookup = (hostname) => new Promise((resolve, reject) => {
  dnsLookup(hostname, { all: true, order: 'verbatim' }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
});

/** A URL refused before anything was sent: an InvalidInput whose message is meant for the person who gave it. */
export class OutboundRefused extends InvalidInput {}

/** Parses the URL (relative to `base`, for a redirect) and checks its shape: http or https, no user name or password. */
export function parseOutboundUrl(url: string, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new OutboundRefused(`"${url.slice(0, 200)}" is not a valid URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new OutboundRefused(`Tickscribe sends requests only to http and https URLs, not ${parsed.protocol.slice(0, -1)}.`);
  }
  if (parsed.username || parsed.password) {
    throw new OutboundRefused('The URL must not contain a user name or password; give credentials in the connection settings.');
  }
  return parsed;
}

/**
 * Checks what can be known without DNS: an address written in the URL, a cloud metadata host name. Returns true
 * when the host is on the allowlist by name (its answers are then not checked).
 */
export function checkHost(host: string, allowlist: Allowlist): boolean {
  const name = normalizeHost(host);
  if (hostAllowed(name, allowlist)) return true;
  if (parseAddress(name)) {
    const words = refusedAddress(name, allowlist);
    if (words) throw new OutboundRefused(refusalMessage(name, words));
  } else if (METADATA_HOSTS.has(name)) {
    throw new OutboundRefused(refusalMessage(name, 'a cloud metadata service'));
  }
  return false;
}

/** Throws unless every answer may be reached: one internal answer is enough to refuse the name. */
export function checkAnswers(host: string, answers: readonly LookupAddress[], allowlist: Allowlist): void {
  for (const { address } of answers) {
    const words = refusedAddress(address, allowlist);
    if (words) throw new OutboundRefused(refusalMessage(`${normalizeHost(host)}, which resolves to ${address}`, words));
  }
}

/** Resolves the host and checks every answer, unless the host is an address or allowed by name. */
export async function resolveChecked(host: string, allowlist: Allowlist, lookup: OutboundLookup): Promise<LookupAddress[]> {
  const name = normalizeHost(host);
  const literal = parseAddress(name);
  const allowedByName = checkHost(name, allowlist);
  if (literal) return [{ address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 }];
  const answers = await lookup(name);
  if (answers.length === 0) throw Object.assign(new Error(`No address for ${name}`), { code: 'ENOTFOUND' });
  if (!allowedByName) checkAnswers(name, answers, allowlist);
  return answers;
}

export interface CheckOutboundOptions {
  /** OUTBOUND_ALLOWLIST. */
  allowlist?: string;
  lookup?: OutboundLookup;
}

/**
 * For checks at request time (saving a connection): resolves the URL's host and throws InvalidInput, in a
 * sentence for the user, unless the URL is http(s) without credentials and every address it resolves to may be
 * reached. Returns the parsed URL.
 */
export async function checkOutboundUrl(url: string, options: CheckOutboundOptions = {}): Promise<URL> {
  const parsed = parseOutboundUrl(url);
  const allowlist = parseAllowlist(options.allowlist);
  try {
    await resolveChecked(parsed.hostname, allowlist, options.lookup ?? systemLookup);
  } catch (error) {
    if (error instanceof InvalidInput) throw error;
    const host = normalizeHost(parsed.hostname);
    throw new InvalidInput((error as NodeJS.ErrnoException).code === 'ENOTFOUND'
      ? `Could not find ${host}: the name does not resolve. Check the address.`
      : `Could not look up ${host} just now; try again in a moment.`);
  }
  return parsed;
}

/**
 * A socket lookup (node:net's `lookup` option) that resolves through `lookup` and refuses, with an
 * OutboundRefused error, any answer that may not be reached: the check is made on the addresses actually connected
 * to. Honours `family` and `all` as node:net asks for them.
 */
export function guardedLookup(allowlist: Allowlist, lookup: OutboundLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, allowlist, lookup).then((answers) => {
      const wanted = options.family === 4 || options.family === 6 ? answers.filter((answer) => answer.family === options.family) : answers;
      const first = wanted[0];
      if (!first) {
        callback(Object.assign(new Error(`No IPv${options.family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      } else if (options.all) {
        callback(null, wanted);
      } else {
        callback(null, first.address, first.family);
      }
    }, (error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}
