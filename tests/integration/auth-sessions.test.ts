// Sessions and passwords through the real API: login, bearer and cookie sessions, logout, the same-origin check,
// changing a password and resetting it with the e-mailed link.
import { describe, expect, it } from 'vitest';
import { linkIn } from '../support/smtp.ts';
import { app, call, db, newEmail, smtp, useAuthApp, verifiedAccount } from './auth-support.ts';

useAuthApp();

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

  it('slides a used session forward, and refuses an expired or revoked one', async () => {
    const { token, email } = await verifiedAccount();
    const mine = `user_id = (select id from users where email = '${email}')`;
    const session = async () => (await db.query<{ last_used_at: Date; expires_at: Date }>(`select last_used_at, expires_at from sessions where ${mine}`)).rows[0]!;
    const [hour, tenMinutes] = [3_600_000, 600_000];
    await db.query(`update sessions set last_used_at = now() - interval '10 minutes', expires_at = now() + interval '1 hour' where ${mine}`);
    const before = await session();
    expect(await call('GET', '/auth/current-user', { token })).toMatchObject({ status: 200, body: { user: { fullName: 'Ada Lovelace' } } });
    const after = await session();
    expect(after.last_used_at.getTime() - before.last_used_at.getTime()).toBeGreaterThan(tenMinutes - 60_000);
    expect(after.expires_at.getTime() - before.expires_at.getTime()).toBeGreaterThan(24 * hour);
    // Used again within five minutes: nothing written.
    expect((await call('GET', '/auth/current-user', { token })).status).toBe(200);
    expect(await session()).toEqual(after);

    await db.query(`update sessions set expires_at = now() - interval '1 second' where ${mine}`);
    expect(await call('GET', '/auth/current-user', { token })).toMatchObject({ status: 401, body: { error: 'User not authenticated.' } });
    await db.query(`update sessions set expires_at = now() + interval '1 hour', revoked_at = now() where ${mine}`);
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

  it('answers the same for unknown addresses, and e-mails them that no account uses the address, with no link to reset', async () => {
    const unknown = newEmail();
    expect(await call('POST', '/auth/reset-password', { body: { email: unknown } })).toMatchObject({ status: 200, body: SAME_ANSWER });
    const mail = await smtp.waitFor(unknown, /Reset your Tickscribe password/);
    expect(mail.text).toContain('no account uses it');
    expect(mail.text).not.toMatch(/token_hash/);
    expect(mail.text).toContain(`${app.config.APP_URL}/signup`);
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
