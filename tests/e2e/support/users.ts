// Accounts for the end-to-end tests, made through the real API: signup, the verification link from the
// development outbox, and login.
import { randomUUID } from 'node:crypto';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignedIn {
  token: string;
  userId: string;
}

function post(base: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Signs up and opens the verification link the development outbox keeps for the address. */
export async function signUpAndVerify(base: string, account: Credentials & { fullName: string }): Promise<void> {
  await post(base, '/auth/signup', account);
  let link: string | undefined;
  for (let i = 0; i < 40 && !link; i++) {
    const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { emails: { to: string; links: string[] }[] };
    link = outbox.emails.find((e) => e.to === account.email)?.links[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await fetch(link!, { redirect: 'manual' });
}

/** Logs in: the session token and the user's id. */
export async function logIn(base: string, account: Credentials): Promise<SignedIn> {
  const { token, user } = (await (await post(base, '/auth/login', account)).json()) as { token: string; user: { id: string } };
  return { token, userId: user.id };
}

/** A verified, logged-in user of its own, so each journey starts from empty lists. */
export async function newUser(base: string, kind: string, fullName: string): Promise<SignedIn> {
  const account = { email: `${kind}-${randomUUID().slice(0, 8)}@example.com`, password: `${kind}-secret` };
  await signUpAndVerify(base, { ...account, fullName });
  return logIn(base, account);
}
