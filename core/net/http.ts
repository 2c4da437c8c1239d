/**
 * The HTTP client every tracker and webhook request goes through. Each socket's DNS lookup checks the addresses it
 * is about to connect to (see guard.ts), redirects are followed here so each hop is checked the same way, and a
 * deadline and the caller's signal bound every call.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { TrackerHttpRequest, TrackerHttpResponse } from '../../plugins/sdk/tracker.ts';
import { TrackerError } from '../../plugins/sdk/tracker-errors.ts';
import { parseAllowlist, type Allowlist } from './addresses.ts';
import { ACCEPT_ENCODING, answerOf, BodyTooLarge, readBody } from './body.ts';
import { timedOut, tooLarge, tooManyRedirects, unreachable } from './failures.ts';
import { checkHost, guardedLookup, type OutboundLookup, OutboundRefused, parseOutboundUrl, systemLookup } from './guard.ts';

export interface OutboundHttpOptions {
  /** OUTBOUND_ALLOWLIST: host names and CIDR ranges that may be reached although not public. */
  allowlist?: string;
  /** OUTBOUND_TIMEOUT_MS: how long one call may take, redirects and reading the body included. */
  timeoutMs?: number;
  /** Resolves host names; the system resolver unless a test injects one. */
  lookup?: OutboundLookup;
  /** Answers with a larger (decoded) body fail; 5 MiB unless given. */
  maxResponseBytes?: number;
}

/** A tracker request that may also carry the caller's abort signal. */
export interface OutboundRequest extends TrackerHttpRequest {
  signal?: AbortSignal;
}

export type OutboundHttp = (request: OutboundRequest) => Promise<TrackerHttpResponse>;

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leads to another origin, as browsers do. */
const CREDENTIALS = ['authorization', 'proxy-authorization', 'cookie'];
/** Set by the client itself, whatever the caller gave. */
const OWN_HEADERS = new Set(['host', 'content-length', 'accept-encoding', 'connection', 'transfer-encoding', 'keep-alive']);

interface Hop {
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

type Exchange = { answer: TrackerHttpResponse } | { status: number; location: string };

/** The first hop: headers in lower case, a non-string body as JSON. */
function firstHop(request: TrackerHttpRequest): Hop {
  const headers: Record<string, string> = { 'user-agent': 'Tickscribe' };
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (!OWN_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  let body: Buffer | undefined;
  if (typeof request.body === 'string') body = Buffer.from(request.body);
  else if (request.body !== undefined) {
    body = Buffer.from(JSON.stringify(request.body));
    headers['content-type'] ??= 'application/json';
  }
  return { method: request.method, headers, body };
}

/** The hop after a redirect: 303 turns into a GET without a body; credentials stay with their origin. */
function nextHop(hop: Hop, status: number, from: URL, to: URL): Hop {
  const headers = { ...hop.headers };
  if (from.origin !== to.origin) for (const name of CREDENTIALS) delete headers[name];
  if (status !== 303 || hop.method === 'GET') return { ...hop, headers };
  delete headers['content-type'];
  return { method: 'GET', headers, body: undefined };
}

/**
 * Creates the outbound client. Resolves with any HTTP answer (4xx and 5xx too); rejects with a TrackerError:
 * 'forbidden' for a URL or address Tickscribe does not send to, 'transient' for network failures, timeouts, too
 * many redirects and oversized answers. A request whose signal aborts rejects with the signal's reason.
 */
export function createOutboundHttp(options: OutboundHttpOptions = {}): OutboundHttp {
  const allowlist = parseAllowlist(options.allowlist);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const lookup = guardedLookup(allowlist, options.lookup ?? systemLookup);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, lookup }),
    'https:': new https.Agent({ keepAlive: true, lookup }),
  };

  return async (request) => {
    request.signal?.throwIfAborted();
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    let hop = firstHop(request);
    let url: URL | undefined;
    let next = { location: request.url, status: 0 };
    for (let redirects = 0; ; redirects++) {
      let exchange: Exchange;
      try {
        const to = parseOutboundUrl(next.location, url);
        if (url) hop = nextHop(hop, next.status, url, to);
        url = to;
        exchange = await send(to, hop, { agent: agents[to.protocol as 'http:' | 'https:'], lookup, allowlist, limit, signal });
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        if (error instanceof OutboundRefused) throw new TrackerError('forbidden', error.message);
        const host = url?.host ?? 'the server';
        if (deadline.aborted) throw timedOut(host, timeoutMs);
        if (error instanceof BodyTooLarge) throw tooLarge(host, limit);
        throw unreachable(host, error);
      }
      if ('answer' in exchange) return exchange.answer;
      if (request.followRedirects === false) return { status: exchange.status, headers: { location: exchange.location }, text: '', json: undefined };
      if (redirects === MAX_REDIRECTS) throw tooManyRedirects(url.host, MAX_REDIRECTS);
      next = exchange;
    }
  };
}

interface SendOptions {
  agent: http.Agent;
  lookup: LookupFunction;
  allowlist: Allowlist;
  limit: number;
  signal: AbortSignal;
}

/** One request and its answer; a redirect comes back as its target, its body drained unread. */
function send(url: URL, hop: Hop, { agent, lookup, allowlist, limit, signal }: SendOptions): Promise<Exchange> {
  checkHost(url.hostname, allowlist);
  const headers: Record<string, string> = { ...hop.headers, 'accept-encoding': ACCEPT_ENCODING };
  if (hop.body) headers['content-length'] = String(hop.body.length);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Exchange>((resolve, reject) => {
    const outgoing = client.request(url, { method: hop.method, headers, agent, lookup, signal });
    outgoing.on('error', reject);
    outgoing.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const location = REDIRECTS.has(status) ? response.headers.location : undefined;
      if (location) {
        response.resume();
        resolve({ status, location });
        return;
      }
      readBody(response, limit, signal).then((body) => resolve({ answer: answerOf(response, body) }), reject);
    });
    outgoing.end(hop.body);
  });
}
