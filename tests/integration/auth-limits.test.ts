// Rate limits on logins, resets and sign-ups, and secrets: no response carries a hash, and the database keeps only
// argon2id password hashes and SHA-256 token hashes.
import { beforeEach, describe, expect, it } from 'vitest';
import { bodies, call, db, expectNoSecrets, newEmail, useAuthApp, verifiedAccount } from './auth-support.ts';

useAuthApp();

beforeEach(async () => {
  // Every test starts without the counters of the clients it calls from (127.0.0.1, 192.0.2.x): one left by an
  // earlier test or run would reach a limit early. Other files' counters are left alone.
  await db.query(`delete from rate_limit_counters where key like '%:127.0.0.1' or key like '%:::ffff:127.0.0.1' or key like '%:192.0.2.%'`);
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
    expectNoSecrets(bodies);
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
