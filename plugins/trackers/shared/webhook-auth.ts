/**
 * How the built-in trackers prove a webhook delivery came from the tracker, each compared in constant time and never
 * throwing for a forged or malformed delivery:
 * - a `sha256=<hex>` header holding the HMAC-SHA256 of the raw body with the secret (GitHub's X-Hub-Signature-256,
 *   Jira Cloud's X-Hub-Signature);
 * - the secret as the password of the delivery's Basic authentication (Azure DevOps' Web Hooks, which sign nothing).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Whether `header` is `sha256=` and the hex HMAC-SHA256 of `body` (the raw text, as sent) keyed with `secret`. */
export function hmacSha256Matches(header: string | undefined, body: string, secret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec((header ?? '').trim())?.[1];
  if (!given || !secret) return false;
  const expected = createHmac('sha256', secret).update(body, 'utf8').digest();
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), expected);
}

/**
 * Whether the `authorization` header is Basic authentication whose password is `secret` (any user name). Both are
 * hashed before they are compared, so neither the length nor the content of the secret shows in the time taken.
 */
export function basicPasswordMatches(header: string | undefined, secret: string): boolean {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')?.[1];
  if (!encoded || !secret) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(decoded.slice(colon + 1)), digest(secret));
}
