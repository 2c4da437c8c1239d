import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: session tokens and e-mailed tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a token. A fast hash is enough: the token has 256 bits of entropy. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
