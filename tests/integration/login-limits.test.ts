// The per-address login limit counts failures only and forgets them on a success, so knowing someone's address
// is not enough to lock them out by logging in (or failing) on their behalf within the limit.
import { describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp({ TRUST_PROXY: 'true' });

/** Each login from its own client address, so only the per-address rule can answer 429. */
let client = 0;
async function login(email: string, password: string): Promise<number> {
  const response = await fetch(`${t.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${(client++ % 250) + 1}` },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

describe('login limit per address', () => {
  it('does not count successful logins', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push(await login(email, 'right-pass'));
    expect(statuses).toEqual(Array(15).fill(200));
  });

  it('forgets the failures when the owner logs in', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push(await login(email, 'wrong-pass'));
    statuses.push(await login(email, 'right-pass'));
    for (let i = 0; i < 9; i++) statuses.push(await login(email, 'wrong-pass'));
    expect(statuses).toEqual([...Array(9).fill(401), 200, ...Array(9).fill(401)]);
  });

  it('still throttles ten failures in a row, for the right password too until the window passes', async () => {
    const { email } = await signUpVerified(t.base, t.db, { password: 'right-pass' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await login(email, 'wrong-pass'));
    statuses.push(await login(email, 'right-pass'));
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
