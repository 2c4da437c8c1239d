// Helpers shared by the auth tests: the app with an SMTP server that catches its e-mails, a database client, API
// calls that keep every response body, and verified accounts. After a file's tests, the bodies its calls received
// are checked for secrets (password and token hashes), as the secrets test does.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { type TestApp, useTestApp } from '../support/app.ts';
import { linkIn, TestSmtpServer } from '../support/smtp.ts';

/** The app of the running test file, started by `useAuthApp`. */
export let app: TestApp;
let base: string;
/** The SMTP server the app sends its e-mails to. */
export let smtp: TestSmtpServer;
/** A client of the app's database. */
export let db: pg.Client;
/** Every response body the file's calls received. */
export const bodies: string[] = [];

/**
 * Starts the SMTP server, then the app (sending its e-mails there, behind a trusted proxy) and a database client,
 * before the file's tests; stops them after, then checks the bodies for secrets.
 */
export function useAuthApp(): void {
  // Registered first, so it runs last: after the app has stopped.
  afterAll(async () => {
    await smtp?.close();
    expectNoSecrets(bodies);
  });
  const env: Record<string, string> = { MAIL_FROM: 'Tickscribe <no-reply@tickscribe.test>', TRUST_PROXY: 'true' };
  // The SMTP server's port is known once it listens; this hook runs before the one that starts the app.
  beforeAll(async () => {
    smtp = new TestSmtpServer();
    env['SMTP_URL'] = `smtp://127.0.0.1:${await smtp.listen()}`;
  });
  const started = useTestApp(env);
  beforeAll(() => {
    ({ app, base, db } = started);
  });
}

/** Expects no response body to carry a password hash, a token hash or their field names. */
export function expectNoSecrets(responses: readonly string[]): void {
  for (const body of responses) {
    expect(body).not.toMatch(/\$argon2/);
    expect(body).not.toMatch(/[0-9a-f]{64}/);
    expect(body).not.toMatch(/passwordHash|tokenHash|password_hash|token_hash/);
  }
}

/** A response: its status, its JSON body ({} when empty) and its headers. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** Calls the API from 127.0.0.1 (or, through the trusted proxy header, from `client`) and keeps the body. */
export async function call(method: string, path: string, options: { body?: unknown; token?: string; cookie?: string; origin?: string; client?: string } = {}): Promise<Answer> {
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

/** An address no account has yet. */
export const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

/** Signs up, follows the e-mailed link, and returns the session token it hands out. */
export async function verifiedAccount(password = 'secret-1') {
  const email = newEmail();
  expect((await call('POST', '/auth/signup', { body: { email, password, fullName: 'Ada Lovelace' } })).status).toBe(201);
  const link = linkIn(await smtp.waitFor(email, /Confirm/), app.config.APP_URL);
  const response = await fetch(link.replace('localhost', '127.0.0.1'), { redirect: 'manual' });
  const token = new URL(response.headers.get('location')!).hash.match(/access_token=([^&]+)/)![1]!;
  return { email, password, token };
}
