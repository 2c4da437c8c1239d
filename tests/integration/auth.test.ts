// Accounts through the real API: sign-up, the verification link, and e-mail delivery through an SMTP outage and
// without SMTP. Sessions and passwords are tested in auth-sessions.test.ts, limits and secrets in
// auth-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { startTestApp } from '../support/app.ts';
import { linkIn, TestSmtpServer } from '../support/smtp.ts';
import { app, call, db, newEmail, smtp, useAuthApp } from './auth-support.ts';

useAuthApp();

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
