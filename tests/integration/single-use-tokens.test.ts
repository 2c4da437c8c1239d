// E-mailed links are single-use under parallel use too (one row update consumes a token, and only one caller's
// update succeeds), and a reset link ends when a newer one is sent, when one is used, and when the password changes.
import { describe, expect, it } from 'vitest';
import { linkIn } from '../support/smtp.ts';
import { app, call, db, newEmail, smtp, useAuthApp, verifiedAccount } from './auth-support.ts';

useAuthApp();

/** Asks for a reset link for `email` and returns its token, once the e-mail has arrived. */
async function resetToken(email: string, already = 0): Promise<string> {
  expect((await call('POST', '/auth/reset-password', { body: { email } })).status).toBe(200);
  for (let tries = 0; tries < 100; tries++) {
    const mails = smtp.received.filter((mail) => mail.to.includes(email) && /Reset your Tickscribe password/.test(mail.subject));
    if (mails.length > already) return new URL(linkIn(mails.at(-1)!, app.config.APP_URL)).searchParams.get('token_hash')!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset e-mail reached ${email}`);
}

const setPassword = (token: string, password: string) => call('POST', '/auth/update-user', { token, body: { password, type: 'recovery' } });

describe('the verification link', () => {
  it('opened twenty times at once signs in once; the others are told it was used', async () => {
    const email = newEmail();
    expect((await call('POST', '/auth/signup', { body: { email, password: 'secret-1', fullName: 'Ada' } })).status).toBe(201);
    const link = linkIn(await smtp.waitFor(email, /Confirm/), app.config.APP_URL).replace('localhost', '127.0.0.1');
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(link, { redirect: 'manual' })));
    const targets = answers.map((answer) => new URL(answer.headers.get('location')!));
    // Each answer in words, so a failure shows what every caller was told.
    const outcomes = targets.map((target) => (target.hash.includes('access_token=') ? 'signed in' : target.searchParams.get('error_description')));
    expect(outcomes.sort()).toEqual(['signed in', ...Array(19).fill('This verification link has already been used. Please log in.')].sort());
    const { rows } = await db.query('select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1', [email]);
    expect(rows[0].n).toBe(1);
  });
});

describe('a reset link', () => {
  it('sent twenty times at once sets one password; the others are refused and nothing else changes', async () => {
    const { email } = await verifiedAccount();
    const token = await resetToken(email);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => setPassword(token, `parallel-${i}`)));
    const accepted = answers.flatMap((answer, i) => (answer.status === 200 ? [i] : []));
    expect(accepted).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 401).map((answer) => answer.body)).toEqual(
      Array(19).fill({ error: 'This password reset link is invalid or has expired. Please request a new one.' }),
    );
    expect((await call('POST', '/auth/login', { body: { email, password: `parallel-${accepted[0]}` } })).status).toBe(200);
  });

  it('ends when a newer one is sent', async () => {
    const { email } = await verifiedAccount();
    const first = await resetToken(email);
    const second = await resetToken(email, 1);
    expect((await setPassword(first, 'from-the-first')).status).toBe(401);
    expect((await setPassword(second, 'from-the-second')).status).toBe(200);
  });

  it('ends when one is used, and when the password is changed', async () => {
    const { email, password } = await verifiedAccount();
    const used = await resetToken(email);
    // Two open links at once can only come from before this rule; the row is made as such a link was.
    const older = await resetToken(email, 1);
    await db.query(
      `update email_tokens set used_at = null where purpose = 'reset-password' and user_id = (select id from users where email = $1)`, [email],
    );
    expect((await setPassword(older, 'new-secret-1')).status).toBe(200);
    expect((await setPassword(used, 'new-secret-2')).status).toBe(401);

    const pending = await resetToken(email, 2);
    const { body } = await call('POST', '/auth/login', { body: { email, password: 'new-secret-1' } });
    const changed = await call('POST', '/auth/change-password', {
      token: body['token'] as string, body: { currentPassword: 'new-secret-1', newPassword: 'changed-secret' },
    });
    expect(changed.status).toBe(200);
    expect((await setPassword(pending, 'from-the-old-link')).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email, password: 'changed-secret' } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email, password } })).status).toBe(401);
  });

  it('whose new password breaks the rules is not used up', async () => {
    const { email } = await verifiedAccount();
    const token = await resetToken(email);
    expect((await setPassword(token, '123')).status).toBe(400);
    expect((await setPassword(token, 'long-enough')).status).toBe(200);
  });
});
