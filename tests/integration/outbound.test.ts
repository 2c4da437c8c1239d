// The outbound HTTP layer against a real server on 127.0.0.1: which addresses are refused (literals, names, mapped
// forms, DNS answers, redirect targets, answers that change between check and connect), what the allowlist lets
// through, and how answers, failures, timeouts, aborts and large bodies come back. Host names resolve through an
// injected lookup, so no test depends on DNS and no request leaves the machine.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/config.ts';
import { InvalidInput } from '../../core/errors.ts';
import { parseAllowlist } from '../../core/net/addresses.ts';
import { withDeliveryLog, type Delivery } from '../../core/net/delivery-log.ts';
import { checkOutboundUrl, type OutboundLookup } from '../../core/net/guard.ts';
import { createOutboundHttp, type OutboundHttpOptions } from '../../core/net/http.ts';
import { TrackerError } from '../../plugins/sdk/tracker-errors.ts';
import { freePort } from '../support/free-port.ts';

const LOCAL = '127.0.0.1/32';
let server: Server;
let port: number;
let base: string;
let hits: string[] = [];

const readAll = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const path = (request.url ?? '/').replace(/\?.*$/, '');
    hits.push(path);
    const body = await readAll(request);
    const redirect = (status: number, location: string) => response.writeHead(status, { Location: location }).end();
    const hop = /^\/hops\/(\d+)$/.exec(path);
    if (hop) return Number(hop[1]) === 0 ? response.end('arrived') : redirect(302, `/hops/${Number(hop[1]) - 1}`);
    switch (path) {
      case '/json':
        return response.writeHead(200, { 'Content-Type': 'application/json', 'X-Custom': 'Yes' }).end('{"id":7,"name":"Seven"}');
      case '/text': return response.writeHead(200, { 'Content-Type': 'text/plain' }).end('plain words');
      case '/empty': return response.writeHead(204).end();
      case '/gzip':
        return response.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync('{"packed":true}'));
      case '/missing': return response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"No such issue"}');
      case '/broken': return response.writeHead(503).end('down for maintenance');
      case '/echo':
        return response.writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ method: request.method, headers: request.headers, body }));
      case '/to-private': return redirect(302, `http://127.0.0.2:${port}/json`);
      case '/to-metadata': return redirect(301, 'http://169.254.169.254/latest/meta-data/');
      case '/see-other': return redirect(303, '/echo');
      case '/temporary': return redirect(307, '/echo');
      case '/elsewhere': return redirect(302, `http://other.test:${port}/echo`);
      case '/slow': return; // never answers
      case '/large-declared': return response.writeHead(200, { 'Content-Length': 2 * 1024 * 1024 }).end(Buffer.alloc(2 * 1024 * 1024));
      case '/large-chunked':
        for (let i = 0; i < 32; i++) response.write(Buffer.alloc(64 * 1024, 'a'));
        return response.end();
      case '/gzip-bomb':
        return response.writeHead(200, { 'Content-Encoding': 'gzip' }).end(gzipSync(Buffer.alloc(8 * 1024 * 1024)));
      default: return response.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = [];
});

/** Answers from a fixed table; unknown names do not resolve. */
const table = (answers: Record<string, string[]>): OutboundLookup => async (host) => {
  const addresses = answers[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const client = (options: OutboundHttpOptions = {}) => createOutboundHttp({ allowlist: LOCAL, ...options });

/** The rejection of a promise that must reject. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(() => null, (error: unknown) => error);
  if (!(outcome instanceof Error)) throw new Error('expected a rejection');
  return outcome;
}

const refusal = (target: string, words: string) =>
  `Tickscribe does not send requests to ${target} (${words}). An administrator can allow it with OUTBOUND_ALLOWLIST.`;

describe('refused addresses', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', 'a loopback address'],
    ['127.1.2.3', '127.1.2.3', 'a loopback address'],
    ['2130706433', '127.0.0.1', 'a loopback address'],
    ['0.0.0.0', '0.0.0.0', 'an unspecified address'],
    ['10.0.0.5', '10.0.0.5', 'a private address'],
    ['172.20.1.1', '172.20.1.1', 'a private address'],
    ['192.168.1.1', '192.168.1.1', 'a private address'],
    ['169.254.169.254', '169.254.169.254', 'a link-local address (the cloud metadata service)'],
    ['169.254.10.10', '169.254.10.10', 'a link-local address'],
    ['100.64.0.1', '100.64.0.1', 'a carrier-grade NAT address'],
    ['224.0.0.1', '224.0.0.1', 'a multicast address'],
    ['240.0.0.1', '240.0.0.1', 'a reserved address'],
    ['[::1]', '::1', 'a loopback address'],
    ['[::]', '::', 'an unspecified address'],
    ['[fc00::1]', 'fc00::1', 'a private address'],
    ['[fd12:3456::1]', 'fd12:3456::1', 'a private address'],
    ['[fe80::1]', 'fe80::1', 'a link-local address'],
    ['[ff02::1]', 'ff02::1', 'a multicast address'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1', 'a loopback address in IPv6 form'],
    ['[::ffff:7f00:1]', '::ffff:7f00:1', 'a loopback address in IPv6 form'],
    ['[::ffff:10.0.0.5]', '::ffff:a00:5', 'a private address in IPv6 form'],
    ['[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe', 'a link-local address in IPv6 form'],
    ['[::127.0.0.1]', '::7f00:1', 'a loopback address in IPv6 form'],
    ['[64:ff9b::10.0.0.5]', '64:ff9b::a00:5', 'a private address in IPv6 form'],
    ['[64:ff9b::169.254.169.254]', '64:ff9b::a9fe:a9fe', 'a link-local address in IPv6 form'],
    ['[2002:7f00:1::1]', '2002:7f00:1::1', 'a loopback address in IPv6 form'],
  ])('refuses http://%s/ as %s (%s)', async (host, shown, words) => {
    const error = await failure(checkOutboundUrl(`http://${host}/`));
    expect(error).toBeInstanceOf(InvalidInput);
    expect(error.message).toBe(refusal(shown, words));
  });

  it.each([
    ['metadata.google.internal', 'metadata.google.internal'],
    ['METADATA.google.internal.', 'metadata.google.internal'],
    ['metadata', 'metadata'],
    ['instance-data', 'instance-data'],
  ])('refuses the metadata host name %s without resolving it', async (host, shown) => {
    const asked: string[] = [];
    const lookup: OutboundLookup = async (name) => (asked.push(name), [{ address: '8.8.8.8', family: 4 }]);
    const error = await failure(checkOutboundUrl(`http://${host}/computeMetadata/v1/`, { lookup }));
    expect(error.message).toBe(refusal(shown, 'a cloud metadata service'));
    expect(asked).toEqual([]);
  });

  it('accepts public addresses and names whose every answer is public', async () => {
    await expect(checkOutboundUrl('https://8.8.8.8/')).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl('https://[2606:4700:4700::1111]/')).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl('https://[::ffff:8.8.8.8]/')).resolves.toBeInstanceOf(URL);
    const lookup = table({ 'jira.example.com': ['104.192.141.1', '2606:4700::1'] });
    const url = await checkOutboundUrl('https://jira.example.com/rest/api/3/myself', { lookup });
    expect(url.hostname).toBe('jira.example.com');
  });

  it.each([
    ['ftp://files.example.com/', 'Tickscribe sends requests only to http and https URLs, not ftp.'],
    ['https://user:secret@jira.example.com/', 'The URL must not contain a user name or password; give credentials in the connection settings.'],
    ['not a url', '"not a url" is not a valid URL.'],
  ])('refuses the URL %s', async (url, message) => {
    const error = await failure(checkOutboundUrl(url, { lookup: table({ 'jira.example.com': ['8.8.8.8'] }) }));
    expect(error).toBeInstanceOf(InvalidInput);
    expect(error.message).toBe(message);
  });

  it('refuses a name that resolves to loopback, when saved and when connecting', async () => {
    const lookup = table({ 'rebind.test': ['127.0.0.1'] });
    const sentence = refusal('rebind.test, which resolves to 127.0.0.1', 'a loopback address');
    expect((await failure(checkOutboundUrl(`http://rebind.test:${port}/json`, { lookup }))).message).toBe(sentence);
    const http = createOutboundHttp({ lookup });
    const error = await failure(http({ method: 'GET', url: `http://rebind.test:${port}/json` }));
    expect(error).toMatchObject({ name: 'TrackerError', kind: 'forbidden', message: sentence });
    const secure = await failure(http({ method: 'GET', url: `https://rebind.test:${port}/json` }));
    expect(secure).toMatchObject({ kind: 'forbidden', message: sentence });
    expect(hits).toEqual([]);
  });

  it('refuses a name with one public and one private answer', async () => {
    const saved = await failure(checkOutboundUrl('https://mixed.test/', { lookup: table({ 'mixed.test': ['8.8.8.8', '10.0.0.5'] }) }));
    expect(saved.message).toBe(refusal('mixed.test, which resolves to 10.0.0.5', 'a private address'));
    // Connecting: the allowed loopback answer comes first, yet the private second one refuses the whole name.
    const lookup = table({ 'mixed.test': ['127.0.0.1', '10.0.0.5'] });
    const error = await failure(client({ lookup })({ method: 'GET', url: `http://mixed.test:${port}/json` }));
    expect(error).toMatchObject({ kind: 'forbidden', message: refusal('mixed.test, which resolves to 10.0.0.5', 'a private address') });
    expect(hits).toEqual([]);
  });

  it('checks the address actually connected to, not the one seen when the URL was saved', async () => {
    let calls = 0;
    const lookup: OutboundLookup = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    await checkOutboundUrl(`http://flip.test:${port}/json`, { allowlist: LOCAL, lookup });
    const error = await failure(client({ lookup })({ method: 'GET', url: `http://flip.test:${port}/json` }));
    expect(error).toMatchObject({ kind: 'forbidden', message: refusal('flip.test, which resolves to 127.0.0.2', 'a loopback address') });
    expect(calls).toBe(2);
    expect(hits).toEqual([]);
  });

  it('refuses a literal private address when sending, without connecting', async () => {
    const error = await failure(createOutboundHttp()({ method: 'GET', url: `${base}/json` }));
    expect(error).toBeInstanceOf(TrackerError);
    expect(error).toMatchObject({ kind: 'forbidden', message: refusal('127.0.0.1', 'a loopback address') });
    expect(hits).toEqual([]);
  });
});

describe('the allowlist', () => {
  it('lets a host name through whatever it resolves to, exactly and case-insensitively', async () => {
    const lookup = table({ 'jira.intranet': ['127.0.0.1'], 'other.intranet': ['127.0.0.1'] });
    const allowed = createOutboundHttp({ allowlist: 'JIRA.Intranet', lookup });
    expect((await allowed({ method: 'GET', url: `http://jira.intranet:${port}/json` })).status).toBe(200);
    await expect(checkOutboundUrl('http://jira.intranet/', { allowlist: 'jira.intranet', lookup })).resolves.toBeInstanceOf(URL);
    const other = await failure(allowed({ method: 'GET', url: `http://other.intranet:${port}/json` }));
    expect(other).toMatchObject({ kind: 'forbidden' });
    expect(hits).toEqual(['/json']);
  });

  it('lets CIDR ranges through, IPv4 and IPv6, and nothing outside them', async () => {
    const allowlist = '172.16.0.0/12, fd00::/8, 192.168.1.9';
    await expect(checkOutboundUrl('http://172.31.255.1/', { allowlist })).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl('http://[::ffff:172.16.0.1]/', { allowlist })).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl('http://[fd00::1]/', { allowlist })).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl('http://192.168.1.9/', { allowlist })).resolves.toBeInstanceOf(URL);
    for (const refused of ['http://127.0.0.1/', 'http://10.0.0.1/', 'http://[fc00::1]/', 'http://192.168.1.10/']) {
      expect(await failure(checkOutboundUrl(refused, { allowlist })), refused).toBeInstanceOf(InvalidInput);
    }
  });

  it('names the first entry that is neither a host name nor a range', () => {
    expect(parseAllowlist('').ranges).toEqual([]);
    expect(() => parseAllowlist('jira.intranet, 10.0.0.0/33')).toThrow(ConfigError);
    expect(() => parseAllowlist('jira intranet')).toThrow('Invalid setting OUTBOUND_ALLOWLIST (got "jira intranet")');
  });
});

describe('redirects', () => {
  it('refuses a redirect from an allowed server to a private address', async () => {
    const error = await failure(client()({ method: 'GET', url: `${base}/to-private` }));
    expect(error).toMatchObject({ kind: 'forbidden', message: refusal('127.0.0.2', 'a loopback address') });
    const metadata = await failure(client()({ method: 'GET', url: `${base}/to-metadata` }));
    expect(metadata.message).toBe(refusal('169.254.169.254', 'a link-local address (the cloud metadata service)'));
    expect(hits).toEqual(['/to-private', '/to-metadata']);
  });

  it('follows five redirects and no more', async () => {
    const arrived = await client()({ method: 'GET', url: `${base}/hops/5` });
    expect(arrived).toMatchObject({ status: 200, text: 'arrived' });
    hits = [];
    const error = await failure(client()({ method: 'GET', url: `${base}/hops/6` }));
    expect(error).toMatchObject({ kind: 'transient', message: `127.0.0.1:${port} redirected more than 5 times; Tickscribe stopped following.` });
    expect(hits).toHaveLength(6);
  });

  it('answers a redirect as it is when asked not to follow, without requesting its target', async () => {
    hits = [];
    const answer = await client()({ method: 'POST', url: `${base}/temporary`, body: { a: 1 }, followRedirects: false });
    expect(answer).toMatchObject({ status: 307, headers: { location: '/echo' }, text: '' });
    expect(hits).toEqual(['/temporary']);
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const seeOther = await client()({ method: 'POST', url: `${base}/see-other`, body: { a: 1 } });
    expect(seeOther.json).toMatchObject({ method: 'GET', body: '' });
    expect((seeOther.json as { headers: Record<string, string> }).headers['content-type']).toBeUndefined();
    const temporary = await client()({ method: 'POST', url: `${base}/temporary`, body: { a: 1 } });
    expect(temporary.json).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('keeps credentials with their origin', async () => {
    const http = client({ lookup: table({ 'other.test': ['127.0.0.1'] }) });
    const headers = { authorization: 'Bearer secret', cookie: 'a=b', 'x-kept': 'yes' };
    const answer = await http({ method: 'GET', url: `${base}/elsewhere`, headers });
    const seen = (answer.json as { headers: Record<string, string> }).headers;
    expect(seen).toMatchObject({ host: `other.test:${port}`, 'x-kept': 'yes' });
    expect(seen['authorization']).toBeUndefined();
    expect(seen['cookie']).toBeUndefined();
    const same = await http({ method: 'GET', url: `${base}/temporary`, headers });
    expect((same.json as { headers: Record<string, string> }).headers['authorization']).toBe('Bearer secret');
  });
});

describe('answers and failures', () => {
  it('returns headers in lower case and parses JSON bodies', async () => {
    const answer = await client()({ method: 'GET', url: `${base}/json` });
    expect(answer).toMatchObject({ status: 200, text: '{"id":7,"name":"Seven"}', json: { id: 7, name: 'Seven' } });
    expect(answer.headers['x-custom']).toBe('Yes');
    expect(Object.keys(answer.headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(await client()({ method: 'GET', url: `${base}/text` })).toMatchObject({ text: 'plain words', json: undefined });
    expect(await client()({ method: 'GET', url: `${base}/empty` })).toMatchObject({ status: 204, text: '', json: undefined });
    expect(await client()({ method: 'GET', url: `${base}/gzip` })).toMatchObject({ json: { packed: true } });
  });

  it('returns 4xx and 5xx as answers', async () => {
    expect(await client()({ method: 'GET', url: `${base}/missing` })).toMatchObject({ status: 404, json: { message: 'No such issue' } });
    expect(await client()({ method: 'DELETE', url: `${base}/broken` })).toMatchObject({ status: 503, text: 'down for maintenance' });
  });

  it('sends a non-string body as JSON, a string as is', async () => {
    const echo = async (request: { headers?: Record<string, string>; body: unknown }) =>
      (await client()({ method: 'PUT', url: `${base}/echo`, ...request })).json as { headers: Record<string, string>; body: string };
    expect(await echo({ body: { title: 'Fix' } })).toMatchObject({ body: '{"title":"Fix"}', headers: { 'content-type': 'application/json' } });
    expect(await echo({ body: [1], headers: { 'Content-Type': 'application/vnd.api+json' } }))
      .toMatchObject({ body: '[1]', headers: { 'content-type': 'application/vnd.api+json' } });
    const text = await echo({ body: 'a=1&b=2' });
    expect(text.body).toBe('a=1&b=2');
    expect(text.headers['content-type']).toBeUndefined();
  });

  it('says in words when the name does not resolve or the connection is refused, without secrets', async () => {
    const secret = { headers: { authorization: 'Bearer do-not-show' }, body: 'secret body' };
    const unknown = await failure(client({ lookup: table({}) })({ method: 'POST', url: `http://nowhere.test:${port}/x`, ...secret }));
    expect(unknown).toMatchObject({ kind: 'transient', message: `Could not reach nowhere.test:${port}: the name does not resolve.` });
    const closed = await freePort();
    const refused = await failure(client()({ method: 'POST', url: `http://127.0.0.1:${closed}/x`, ...secret }));
    expect(refused).toMatchObject({ kind: 'transient', message: `Could not reach 127.0.0.1:${closed}: connection refused.` });
    const saved = await failure(checkOutboundUrl('https://nowhere.test/', { lookup: table({}) }));
    expect(saved.message).toBe('Could not find nowhere.test: the name does not resolve. Check the address.');
  });

  it('gives up when the server does not answer in time', async () => {
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 300 })({ method: 'GET', url: `${base}/slow` }));
    expect(error).toMatchObject({ name: 'TrackerError', kind: 'transient', message: `127.0.0.1:${port} did not answer within 0.3 seconds.` });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("rejects with the caller's abort reason, not a TrackerError", async () => {
    const controller = new AbortController();
    const pending = client()({ method: 'GET', url: `${base}/slow`, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await failure(pending);
    expect(error.name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(TrackerError);
    const early = await failure(client()({ method: 'GET', url: `${base}/json`, signal: AbortSignal.abort() }));
    expect(early.name).toBe('AbortError');
  });

  it.each(['/large-declared', '/large-chunked', '/gzip-bomb'])('cuts off the large body of %s', async (path) => {
    const error = await failure(client({ maxResponseBytes: 1024 * 1024 })({ method: 'GET', url: `${base}${path}` }));
    expect(error).toMatchObject({ kind: 'transient', message: `127.0.0.1:${port} sent an answer larger than 1 MiB, more than Tickscribe reads.` });
    expect((await client({ maxResponseBytes: 16 * 1024 * 1024 })({ method: 'GET', url: `${base}${path}` })).text.length).toBeGreaterThan(1024 * 1024);
  });
});

describe('the delivery log', () => {
  it('reports each call without its query, headers or body', async () => {
    const deliveries: Delivery[] = [];
    const http = withDeliveryLog(client(), (delivery) => deliveries.push(delivery));
    await http({ method: 'POST', url: `${base}/missing?token=abc#x`, headers: { authorization: 'Bearer hidden' }, body: { secret: 1 } });
    await failure(http({ method: 'GET', url: `${base}/to-private?q=1` }));
    expect(deliveries).toEqual([
      { method: 'POST', url: `${base}/missing`, status: 404, error: null, durationMs: expect.any(Number), at: expect.any(String) },
      { method: 'GET', url: `${base}/to-private`, status: null, error: refusal('127.0.0.2', 'a loopback address'), durationMs: expect.any(Number), at: expect.any(String) },
    ]);
    expect(Date.parse(deliveries[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(deliveries)).not.toMatch(/hidden|secret|token/);
  });
});
