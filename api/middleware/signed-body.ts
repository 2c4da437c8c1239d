import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import type { AppState } from '../context.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';

const rawBodies = new WeakMap<IncomingMessage, Buffer>();

function bytesOf(limit: string): number {
  const [, digits, unit] = /^(\d+)(b|kb|mb)$/.exec(limit) ?? [];
  return Number(digits ?? 1) * ({ b: 1, kb: 1024, mb: 1024 * 1024 }[unit ?? 'mb'] ?? 1024 * 1024);
}

/**
 * Keeps a signed webhook's body exactly as its bytes arrived (its signature covers them), then parses it as JSON for
 * the route; the JSON body parser leaves a request it finds parsed alone. Mounted before it, for the POSTs whose path
 * `isSigned` names (the bot service's and the trackers' webhooks).
 */
export function signedBodies(jsonLimit: string, isSigned: (path: string) => boolean): Middleware<AppState> {
  const limit = bytesOf(jsonLimit);
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || !isSigned(ctx.path)) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new HttpError(413, 'The request body is too large.');
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    rawBodies.set(ctx.req, bytes);
    ctx.request.rawBody = bytes.toString('utf8');
    try {
      ctx.request.body = bytes.length ? (JSON.parse(ctx.request.rawBody) as unknown) : {};
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON.');
    }
    await next();
  };
}

/** The body's bytes as they arrived (signedBodies), or the parser's raw text for any other request. */
export function rawBodyOf(ctx: AppContext): Buffer {
  return rawBodies.get(ctx.req) ?? Buffer.from(ctx.request.rawBody ?? '', 'utf8');
}

/** The request's headers, names in lower case, repeated ones joined. */
export function headersOf(headers: IncomingMessage['headers']): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) plain[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return plain;
}
