/**
 * A plain JSON server on 127.0.0.1 for the bot services' stand-ins: it keeps every request, answers scripted
 * replies first (a failure, a delay, for the next request matching 'METHOD /path-prefix'), then the handler's.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JsonRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface JsonReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Answer only after this long (to outlast a client's timeout). */
  delayMs?: number;
}

export interface JsonServer {
  url: string;
  requests: JsonRequest[];
  /** Answers the next request whose 'METHOD path' starts with `match` with `reply`, `times` times. */
  script(match: string, reply: JsonReply, times?: number): void;
  close(): Promise<void>;
}

export async function startJsonServer(handle: (request: JsonRequest) => JsonReply): Promise<JsonServer> {
  const requests: JsonRequest[] = [];
  const scripted: { match: string; reply: JsonReply }[] = [];
  const server = createServer(async (incoming, response) => {
    let raw = '';
    for await (const chunk of incoming) raw += String(chunk);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const request = { method: incoming.method ?? 'GET', path: new URL(incoming.url ?? '/', 'http://fake').pathname, headers: incoming.headers, body };
    requests.push(request);
    const index = scripted.findIndex(({ match }) => `${request.method} ${request.path}`.startsWith(match));
    const reply = index >= 0 ? scripted.splice(index, 1)[0]!.reply : handle(request);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    response.writeHead(reply.status, { connection: 'close', ...(text ? { 'content-type': 'application/json' } : {}), ...reply.headers }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    script: (match, reply, times = 1) => {
      for (let i = 0; i < times; i += 1) scripted.push({ match, reply });
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
