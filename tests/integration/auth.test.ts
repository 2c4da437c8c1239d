import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { linkIn, TestSmtpServer } from '../support/smtp.ts';

let app: TestApp;
let base: string;
let smtp: TestSmtpServer;
let db: pg.Client;
const bodies: string[] = [];

beforeAll(async () => {
  smtp = new TestSmtpServer();
  const smtpPort = await smtp.listen();
  app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Tickscribe <no-reply@tickscribe.test>', TRUST_PROXY: 'true' });
  base = app.url.replace('localhost', '127.0.0.1');
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
  await db?.end();
});
beforeEach(async () => {
  // Rate limits count per client address, and the tests here call from 127.0.0.1 (or 192.0.2.x): only those
  // counters are reset, so test files running beside this one keep theirs.
  await db.query(`delete from rate_limit_counters where key like '%:127.0.0.1' or key like '%:::ffff:127.0.0.1' or key like '%:192.0.2.%'`);
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function call(method: string, path: string, options: { body?: unknown; token?: string; cookie?: string; origin?: string; client?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.client) headers['x-forwarded-for'] = options.client;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.cookie) headers['cookie'] = options.cookie;
  if (options.origin) headers['origin'] = options.origin;
  const response = await fetch(`${base}${path}`, {
    method, headers, redirect: 'manual', body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  bodies.push(text);
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
}

const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

/** Signs up, follows the e-mailed link, and returns the session token it hands out. */
async function verifiedAccount(password = 'secret-1') {
  const email = newEmail();
  expect((await call('POST', '/auth/signup', { body: { email, password, fullName: 'Ada Lovelace' } })).status).toBe(201);
  const link = linkIn(await smtp.waitFor(email, /Confirm/), app.config.APP_URL);
  const response = await fetch(link.replace('localhost', '127.0.0.1'), { redirect: 'manual' });
  const token = new URL(response.headers.get('location')!).hash.match(/access_token=([^&]+)/)![1]!;
  return { email, password, token };
}

describe('sign-up', () => {
  it('normalises the address, returns the user without a token, and e-mails a verification link to the API', async () => {
    const email = newEmail();
    const answer = await call('POST', '/auth/signup', { body: { email: `  ${email.toUpperCase()} `, password: 'secret', fullName: ' Ada Lovelace ' } });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      user: { id: expect.any(String), fullName: 'Ada Lovelace', email, subscriptionTier: null, isSubscribed: false, transcriptsProcessed: 0 },
      message: 'Check your inbox: we sent you a link to verify your email address.',
    });
    const mail = await smtp.waitFor(email, /^Confirm your Tickscribe account$/);
    expect(mail.from).toBe('no-reply@tickscribe.test');
    expect(linkIn(mail, app.config.APP_URL)).toMatch(new RegExp(`^${app.config.APP_URL}/auth/verify-email\\?token=[\\w-]{43}$`));
  });

  it.each([
    [{ password: '12345' }, 400, 'Password must be at least 6 characters'],
    [{ password: 'x'.repeat(257) }, 400, 'Invalid request: password must NOT have more than 256 characters'],
    [{ email: 'not-an-address' }, 400, 'Please enter a valid email address.'],
    [{ fullName: undefined }, 400, 'Invalid request: fullName is required'],
  ])('refuses %o', async (change, status, error) => {
    const answer = await call('POST', '/auth/signup', { body: { email: newEmail(), password: 'secret', fullName: 'A', ...change } });
    expect(answer).toMatchObject({ status, body: { error } });
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const email = newEmail();
    await call('POST', '/auth/signup', { body: { email, password: 'secret', fullName: 'A' } });
    const again = await call('POST', '/auth/signup', { body: { email: email.toUpperCase(), password: 'secret', fullName: 'B' } });
    expect(again).toMatchObject({ status: 409, body: { error: 'An account with this email already exists.' } });
  });
});

describe('verification link', () => {
  it('verifies once, signs in through the redirect, and refuses reuse', async () => {
    const email = newEmail();
    await call('POST', '/auth/signup', { body: { email, password: 'secret', fullName: 'A' } });
    const link = linkIn(await smtp.waitFor(email, /Confirm/), app.config.APP_URL).replace('localhost', '127.0.0.1');
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const location = new URL(first.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${app.config.APP_URL}/verify-email`);
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get('type')).toBe('signup');
    const token = hash.get('access_token')!;
    expect(first.headers.get('set-cookie')).toMatch(new RegExp(`^tickscribe_session=${token}; path=/; expires=.*; samesite=lax; httponly$`));
    expect((await call('GET', '/auth/current-user', { token })).body).toMatchObject({ user: { email } });

    const reused = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
    expect(reused.searchParams.get('error')).toBe('access_denied');
    expect(reused.searchParams.get('error_description')).toBe('This verification link has already been used. Please log in.');
    expect(reused.hash).toBe('');
  });

  it('refuses an unknown or expired token', async () => {
    const email = newEmail();
    await call('POST', '/auth/signup', { body: { email, password: 'secret', fullName: 'A' } });
    const link = linkIn(await smtp.waitFor(email, /Confirm/), app.config.APP_URL).replace('localhost', '127.0.0.1');
    await db.query(`update email_tokens set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = $1)`, [email]);
    for (const url of [link, link.replace(/token=.*/, 'token=nonsense'), link.replace(/\?.*/, '')]) {
      const location = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
      expect(location.searchParams.get('error_description')).toBe('This verification link is invalid or has expired. Please sign up again or log in.');
    }
  });
});

describe('login and sessions', () => {
  it('tells an unverified address to verify, but only to someone who knows the password', async () => {
    const email = newEmail();
    await call('POST', '/auth/signup', { body: { email, password: 'secret', fullName: 'A' } });
    expect(await call('POST', '/auth/login', { body: { email, password: 'secret' } })).toMatchObject({
      status: 403, body: { error: 'Email not confirmed: please verify your email address before logging in.' },
    });
    expect(await call('POST', '/auth/login', { body: { email, password: 'wrong-one' } })).toMatchObject({
      status: 401, body: { error: 'Invalid email or password.' },
    });
  });

  it('gives one message for a wrong password and an unknown address', async () => {
    const { email } = await verifiedAccount();
    const wrong = await call('POST', '/auth/login', { body: { email, password: 'nope-nope' } });
    const unknown = await call('POST', '/auth/login', { body: { email: newEmail(), password: 'nope-nope' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid email or password.' } });
    expect(unknown).toMatchObject({ status: 401, body: { error: 'Invalid email or password.' } });
  });

  it('returns the user and a token, accepted as bearer and as cookie; logout revokes it', async () => {
    const { email, password } = await verifiedAccount();
    const login = await call('POST', '/auth/login', { body: { email: ` ${email.toUpperCase()}`, password } });
    expect(login.status).toBe(200);
    const token = login.body['token'] as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(login.body['user']).toMatchObject({ email, fullName: 'Ada Lovelace' });
    expect((await call('GET', '/auth/current-user', { token })).status).toBe(200);
    expect((await call('GET', '/auth/current-user', { cookie: `tickscribe_session=${token}` })).status).toBe(200);
    expect(await call('GET', '/auth/current-user')).toMatchObject({ status: 401, body: { error: 'User not authenticated.' } });

    const logout = await call('POST', '/auth/logout', { token });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/^tickscribe_session=; path=\/; expires=Thu, 01 Jan 1970/);
    expect((await call('GET', '/auth/current-user', { token })).status).toBe(401);
  });

  it('refuses a cookie-authenticated change from another origin', async () => {
    const { token, password } = await verifiedAccount();
    const cookie = `tickscribe_session=${token}`;
    const body = { currentPassword: password, newPassword: 'another-1' };
    expect(await call('POST', '/auth/change-password', { cookie, body, origin: 'https://evil.example' })).toMatchObject({
      status: 403, body: { error: 'This request came from another site and was refused.' },
    });
    expect((await call('POST', '/auth/change-password', { cookie, body })).status).toBe(403);
    expect((await call('POST', '/auth/change-password', { cookie, body, origin: new URL(app.config.APP_URL).origin })).status).toBe(200);
  });
});

describe('change password', () => {
  it('checks the current password, keeps this session and ends the others', async () => {
    const { email, password, token: first } = await verifiedAccount();
    const second = (await call('POST', '/auth/login', { body: { email, password } })).body['token'] as string;
    expect(await call('POST', '/auth/change-password', { token: second, body: { currentPassword: 'wrong-pass', newPassword: 'another-1' } })).toMatchObject({
      status: 400, body: { error: 'Current password is incorrect.' },
    });
    expect(await call('POST', '/auth/change-password', { token: second, body: { currentPassword: password, newPassword: '12345' } })).toMatchObject({
      status: 400, body: { error: 'Password must be at least 6 characters' },
    });
    expect(await call('POST', '/auth/change-password', { token: second, body: { currentPassword: password, newPassword: 'another-1' } })).toMatchObject({
      status: 200, body: { message: 'Password changed successfully!' },
    });
    expect((await call('GET', '/auth/current-user', { token: second })).status).toBe(200);
    expect((await call('GET', '/auth/current-user', { token: first })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email, password } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email, password: 'another-1' } })).status).toBe(200);
    expect((await call('POST', '/auth/change-password', { body: { currentPassword: 'a', newPassword: 'b' } })).status).toBe(401);
  });
});

describe('password reset', () => {
  const SAME_ANSWER = { message: 'If an account exists with this email, you will receive password reset instructions shortly.' };

  it('answers the same for unknown addresses and sends nothing', async () => {
    const unknown = newEmail();
    expect(await call('POST', '/auth/reset-password', { body: { email: unknown } })).toMatchObject({ status: 200, body: SAME_ANSWER });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });

  it('sets a new password once with the e-mailed link and ends every session', async () => {
    const { email, password, token: session } = await verifiedAccount();
    expect(await call('POST', '/auth/reset-password', { body: { email: email.toUpperCase() } })).toMatchObject({ status: 200, body: SAME_ANSWER });
    const link = new URL(linkIn(await smtp.waitFor(email, /Reset your Tickscribe password/), app.config.APP_URL));
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('type')).toBe('recovery');
    const tokenHash = link.searchParams.get('token_hash')!;

    expect(await call('POST', '/auth/update-user', { token: tokenHash, body: { password: 'new-secret', type: 'signup' } })).toMatchObject({
      status: 400, body: { error: "Unsupported update type: expected 'recovery'." },
    });
    expect(await call('POST', '/auth/update-user', { token: tokenHash, body: { password: '123', type: 'recovery' } })).toMatchObject({
      status: 400, body: { error: 'Password must be at least 6 characters' },
    });
    const reset = await call('POST', '/auth/update-user', { token: tokenHash, body: { password: 'new-secret', type: 'recovery' } });
    expect(reset).toMatchObject({ status: 200, body: { user: { email }, message: 'Your password has been reset.' } });
    expect((await call('GET', '/auth/current-user', { token: session })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email, password } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email, password: 'new-secret' } })).status).toBe(200);
    expect(await call('POST', '/auth/update-user', { token: tokenHash, body: { password: 'third-one', type: 'recovery' } })).toMatchObject({
      status: 401, body: { error: 'This password reset link is invalid or has expired. Please request a new one.' },
    });
  });

  it('refuses an expired link, a session token and a verification token in its place', async () => {
    const { email, token: session } = await verifiedAccount();
    await call('POST', '/auth/reset-password', { body: { email } });
    const tokenHash = new URL(linkIn(await smtp.waitFor(email, /Reset/), app.config.APP_URL)).searchParams.get('token_hash')!;
    await db.query(`update email_tokens set expires_at = now() - interval '1 second' where purpose = 'reset-password' and user_id = (select id from users where email = $1)`, [email]);
    for (const token of [tokenHash, session, 'made-up']) {
      expect((await call('POST', '/auth/update-user', { token, body: { password: 'new-secret', type: 'recovery' } })).status).toBe(401);
    }
  });
});

describe('rate limits', () => {
  it('limits logins per client address behind a trusted proxy', async () => {
    const client = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await call('POST', '/auth/login', { client, body: { email: newEmail(), password: 'wrong-pass' } })).status);
    expect(statuses).toEqual([...Array(50).fill(401), 429]);
  });

  it('limits logins per address', async () => {
    const email = newEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call('POST', '/auth/login', { body: { email, password: 'wrong-pass' } })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await call('POST', '/auth/login', { body: { email, password: 'wrong-pass' } })).body).toEqual({
      error: 'Too many attempts. Please wait a few minutes and try again.',
    });
  });

  it('limits reset requests per address, and sign-ups per client', async () => {
    const email = newEmail();
    const resets: number[] = [];
    for (let i = 0; i < 6; i++) resets.push((await call('POST', '/auth/reset-password', { body: { email } })).status);
    expect(resets).toEqual([200, 200, 200, 200, 200, 429]);
    const signups: number[] = [];
    const client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 21; i++) signups.push((await call('POST', '/auth/signup', { client, body: { email: newEmail(), password: 'short', fullName: 'A' } })).status);
    expect(signups).toEqual([...Array(20).fill(400), 429]);
    // Another client is not affected, and loopback callers are limited per address only.
    expect((await call('POST', '/auth/signup', { client: '198.51.100.7', body: { email: newEmail(), password: 'short', fullName: 'A' } })).status).toBe(400);
  });
});

describe('secrets', () => {
  it('no response carried a password hash or a token hash', () => {
    expect(bodies.length).toBeGreaterThan(50);
    for (const body of bodies) {
      expect(body).not.toMatch(/\$argon2/);
      expect(body).not.toMatch(/[0-9a-f]{64}/);
      expect(body).not.toMatch(/passwordHash|tokenHash|password_hash|token_hash/);
    }
  });

  it('stores passwords as argon2id and tokens as SHA-256 only', async () => {
    const { email, token } = await verifiedAccount();
    const { rows } = await db.query(
      `select u.password_hash, s.token_hash from users u join sessions s on s.user_id = u.id where u.email = $1`, [email],
    );
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(rows.map((r: { token_hash: string }) => r.token_hash)).not.toContain(token);
    expect(rows.every((r: { token_hash: string }) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('e-mail delivery', () => {
  it('keeps an e-mail through an SMTP outage and delivers it when the server is back', async () => {
    const port = await freePort();
    const outage = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const late = new TestSmtpServer();
    try {
      const email = newEmail();
      const started = Date.now();
      const response = await fetch(`${outage.url.replace('localhost', '127.0.0.1')}/auth/signup`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret', fullName: 'A' }),
      });
      expect(response.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(3000);
      let row: { status: string; attempts: number; last_error: string | null } | undefined;
      for (let i = 0; i < 40 && !row?.last_error; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        row = (await db.query(`select status, attempts, last_error from outbound_emails where "to" = $1`, [email])).rows[0];
      }
      expect(row).toMatchObject({ status: 'pending', last_error: expect.stringMatching(/ECONNREFUSED/) });
      await late.listen(port);
      const mail = await late.waitFor(email, /Confirm/, 45_000);
      expect(linkIn(mail, outage.config.APP_URL)).toContain('/auth/verify-email?token=');
      let sent = { status: 'pending', attempts: 0 };
      for (let i = 0; i < 40 && sent.status !== 'sent'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        sent = (await db.query(`select status, attempts from outbound_emails where "to" = $1`, [email])).rows[0];
      }
      expect(sent.status).toBe('sent');
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await outage.stop();
      await late.close();
    }
  }, 90_000);

  it('without SMTP keeps e-mails in the outbox, readable at /api/dev/outbox', async () => {
    const local = await startTestApp();
    try {
      const url = local.url.replace('localhost', '127.0.0.1');
      const email = newEmail();
      await fetch(`${url}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret', fullName: 'A' }) });
      let entry: { to: string; status: string; links: string[] } | undefined;
      for (let i = 0; i < 40 && entry?.status !== 'kept'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const outbox = (await (await fetch(`${url}/api/dev/outbox`)).json()) as { emails: { to: string; status: string; links: string[] }[] };
        entry = outbox.emails.find((e) => e.to === email);
      }
      expect(entry).toMatchObject({ status: 'kept', links: [expect.stringMatching(/\/auth\/verify-email\?token=/)] });
    } finally {
      await local.stop();
    }
  });
});
