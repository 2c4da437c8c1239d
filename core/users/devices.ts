import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser stays a recognised device for the address it signed in with. */
export const DEVICE_DAYS = 180;

/**
 * Device cookies (OWASP's answer to slow, distributed password guessing): a browser that signed in to an account
 * gets a cookie bound to that address; failed logins from it count against the device alone, so guesses from
 * elsewhere never lock the owner out of a browser they have used before. The cookie holds a random id, its issue
 * time and an HMAC over both and the address (which it does not reveal), under a key derived from `secret`.
 */
export class DeviceCookies {
  readonly #key: Buffer;

  constructor(secret: Buffer) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'tickscribe device cookie', 32));
  }

  issue(email: string, now = Date.now()): string {
    const id = randomBytes(16).toString('base64url');
    const issued = Math.floor(now / 1000).toString(36);
    return `${id}.${issued}.${this.#sign(id, issued, email)}`;
  }

  /** The device's id when `cookie` was issued for `email` and has not expired; otherwise undefined. */
  deviceOf(cookie: string | undefined, email: string, now = Date.now()): string | undefined {
    const [id, issued, signature, extra] = (cookie ?? '').split('.');
    if (!id || !issued || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.#sign(id, issued, email));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const age = now / 1000 - parseInt(issued, 36);
    return age >= 0 && age <= DEVICE_DAYS * 86_400 ? id : undefined;
  }

  #sign(id: string, issued: string, email: string): string {
    return createHmac('sha256', this.#key).update(`${id}.${issued}.${email}`).digest('base64url');
  }
}
