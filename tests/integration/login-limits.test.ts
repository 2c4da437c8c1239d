// The sign-in policy (core/users/accounts.ts RATE_LIMITS): guesses are throttled per account and per source, never
// by a hard lock-out; each guess takes its place before the password is hashed, so however many arrive at once, at
// most a limit's number are checked; a browser that signed in before keeps a budget of its own.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp({ TRUST_PROXY: 'true' });

const UNRECOGNISED =
  'Too many failed sign-ins to this account from unrecognised devices. Sign in from a browser you have used before, or reset your password.';

/** A client address of its own for each call unless one is given (a TEST-NET-3 or TEST-NET-2 address). */
let next = 0;
const freshClient = () => `198.51.${Math.floor(next / 250) % 250}.${(next++ % 250) + 1}`;

interface Attempt {
  status: number;
  error?: string;
  /** The device cookie the answer set, as `name=value`. */
  device?: string;
}

async function login(email: string, password: string, options: { client?: string; device?: string } = {}): Promise<Attempt> {
  const response = await fetch(`${t.base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // A client writes what it likes on the left; the trusted proxy appends the address it saw.
      'x-forwarded-for': `10.9.9.9, ${options.client ?? freshClient()}`,
      ...(options.device ? { cookie: options.device } : {}),
    },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  const device = response.headers.getSetCookie().find((cookie) => cookie.startsWith('tickscribe_device='))?.split(';')[0];
  return { status: response.status, ...(body.error ? { error: body.error } : {}), ...(device ? { device } : {}) };
}

const statuses = (attempts: Attempt[]) => attempts.map((attempt) => attempt.status);
const count = (attempts: Attempt[], status: number) => attempts.filter((attempt) => attempt.status === status).length;

describe('guesses from one client', () => {
  it('are checked at most ten at a time however many arrive at once, the right password included', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const client = freshClient();
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 45 ? 'right-pass' : `wrong-${i}`));
    const attempts = await Promise.all(guesses.map((password) => login(email, password, { client })));
    // Each 401 or 200 is a password that was hashed and checked; a 429 was refused before the hash.
    expect(count(attempts, 401) + count(attempts, 200)).toBeLessThanOrEqual(10);
    expect(count(attempts, 429)).toBeGreaterThanOrEqual(50);
  });

  it('forty wrong ones in parallel: exactly ten are checked', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const client = freshClient();
    const attempts = await Promise.all(Array.from({ length: 40 }, () => login(email, 'wrong-pass', { client })));
    expect(count(attempts, 401)).toBe(10);
    expect(count(attempts, 429)).toBe(30);
    expect(attempts.find((attempt) => attempt.status === 429)?.error).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('do not stop the owner signing in from another client, and the leftmost forwarded address is not trusted', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const attacker = freshClient();
    const attempts: Attempt[] = [];
    for (let i = 0; i < 11; i++) attempts.push(await login(email, 'wrong-pass', { client: attacker }));
    expect(statuses(attempts)).toEqual([...Array(10).fill(401), 429]);
    // Rotating what it writes itself changes nothing: the proxy's entry decides.
    const rotated = await fetch(`${t.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `127.0.0.1, ${randomUUID().slice(0, 4)}, ${attacker}` },
      body: JSON.stringify({ email, password: 'wrong-pass' }),
    });
    expect(rotated.status).toBe(429);
    expect((await login(email, 'right-pass')).status).toBe(200);
  });
});

describe('guesses from one IPv6 network', () => {
  it('count as one client, whichever address of its /64 each comes from', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const network = `2001:db8:${(next++).toString(16)}:1`;
    const attempts: Attempt[] = [];
    for (let i = 0; i < 11; i++) attempts.push(await login(email, 'wrong-pass', { client: `${network}:${(i + 1).toString(16)}::${i + 7}` }));
    expect(statuses(attempts)).toEqual([...Array(10).fill(401), 429]);
    expect((await login(email, 'wrong-pass', { client: `2001:db8:${(next++).toString(16)}:2::1` })).status).toBe(401);
  });
});

describe('guesses spread over many clients', () => {
  it('are slowed to fifty an hour per account, checked at most fifty however many arrive at once', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const attempts = await Promise.all(Array.from({ length: 80 }, () => login(email, 'wrong-pass')));
    expect(count(attempts, 401)).toBe(50);
    expect(count(attempts, 429)).toBe(30);
    expect(attempts.find((attempt) => attempt.status === 429)?.error).toBe(UNRECOGNISED);
    // A new client without a device cookie is refused in words that say how to get in...
    expect(await login(email, 'right-pass')).toMatchObject({ status: 429, error: UNRECOGNISED });
  });

  it('never lock the owner out of a browser that signed in before, nor out of a reset', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const home = freshClient();
    const first = await login(email, 'right-pass', { client: home });
    expect(first.status).toBe(200);
    expect(first.device).toMatch(/^tickscribe_device=[\w-]+\.[0-9a-z]+\.[\w-]{43}$/);
    await Promise.all(Array.from({ length: 60 }, () => login(email, 'wrong-pass')));
    expect((await login(email, 'right-pass')).status).toBe(429);
    // The owner's browser, from any address: its own budget, untouched by the campaign.
    const owner = await login(email, 'right-pass', { device: first.device!, client: freshClient() });
    expect(owner.status).toBe(200);
    expect(owner.device).toBeDefined();
    // A device cookie of another account, or a forged one, is no device of this one.
    const other = await signUpVerified(t.base, t.db, { password: 'other-pass' });
    const otherDevice = (await login(other.email, 'other-pass')).device!;
    expect((await login(email, 'right-pass', { device: otherDevice })).status).toBe(429);
    expect((await login(email, 'right-pass', { device: first.device!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).status).toBe(429);
    // A reset through the mailbox starts the account's count again: the new password works from anywhere.
    await fetch(`${t.base}/auth/reset-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    const { rows } = await t.db.query(`select text from outbound_emails where "to" = $1 and text like '%token_hash=%'`, [email]);
    const resetToken = decodeURIComponent(/token_hash=([^&\s]+)/.exec(rows[0].text)![1]!);
    const reset = await fetch(`${t.base}/auth/update-user`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${resetToken}` },
      body: JSON.stringify({ password: 'new-pass', type: 'recovery' }),
    });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie().some((cookie) => cookie.startsWith('tickscribe_device='))).toBe(true);
    expect((await login(email, 'new-pass')).status).toBe(200);
  });

  it('a recognised browser has ten guesses of its own, which no other client uses up', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const { device } = await login(email, 'right-pass');
    const attempts: Attempt[] = [];
    for (let i = 0; i < 11; i++) attempts.push(await login(email, 'wrong-pass', { device: device!, client: freshClient() }));
    expect(statuses(attempts)).toEqual([...Array(10).fill(401), 429]);
    expect((await login(email, 'right-pass')).status).toBe(200);
  });
});

describe('successes', () => {
  it('are not counted', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const client = freshClient();
    const attempts: Attempt[] = [];
    for (let i = 0; i < 15; i++) attempts.push(await login(email, 'right-pass', { client }));
    expect(statuses(attempts)).toEqual(Array(15).fill(200));
  });

  it("clear their client's failures", async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const client = freshClient();
    const attempts: Attempt[] = [];
    for (let i = 0; i < 9; i++) attempts.push(await login(email, 'wrong-pass', { client }));
    attempts.push(await login(email, 'right-pass', { client }));
    for (let i = 0; i < 9; i++) attempts.push(await login(email, 'wrong-pass', { client }));
    expect(statuses(attempts)).toEqual([...Array(9).fill(401), 200, ...Array(9).fill(401)]);
  });

  it('a client past its limit is refused for the right password too until the window passes', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const client = freshClient();
    const attempts: Attempt[] = [];
    for (let i = 0; i < 10; i++) attempts.push(await login(email, 'wrong-pass', { client }));
    attempts.push(await login(email, 'right-pass', { client }));
    expect(statuses(attempts)).toEqual([...Array(10).fill(401), 429]);
  });
});
