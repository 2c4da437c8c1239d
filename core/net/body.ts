/**
 * Reading an answer: the body decompressed and cut off at a size limit (counted after decompression, so a small
 * compressed answer cannot grow past it), headers in lower case, JSON parsed when the body is JSON.
 */
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { TrackerHttpResponse } from '../../plugins/sdk/tracker.ts';

/** What Tickscribe asks servers to compress with: the encodings `readBody` decodes. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The body went past the limit; the connection was dropped. */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

function decoderFor(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}

/** Reads the whole body, decoded; throws BodyTooLarge past `limit` bytes, an AbortError when `signal` aborts. */
export async function readBody(response: IncomingMessage, limit: number, signal: AbortSignal): Promise<Buffer> {
  if (Number(response.headers['content-length']) > limit) {
    response.destroy();
    throw new BodyTooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > limit) throw new BodyTooLarge();
      chunks.push(chunk);
    }
  };
  const decoder = decoderFor(response.headers['content-encoding']);
  await (decoder ? pipeline(response, decoder, collect, { signal }) : pipeline(response, collect, { signal }));
  return Buffer.concat(chunks);
}

/** The answer as plugins see it. */
export function answerOf(response: IncomingMessage, body: Buffer): TrackerHttpResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const text = new TextDecoder().decode(body);
  let json: unknown;
  if (text.trim()) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.statusCode ?? 0, headers, text, json };
}
