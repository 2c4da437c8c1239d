import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Credits, CreditsExhausted, creditCycle } from '../../core/credits/credits.ts';
import { connectAndMigrate } from '../../core/db/migrate.ts';
import type { Orm } from '../../core/db/orm.ts';
import { createLogger } from '../../core/logger.ts';
import { transcriptLimitMessage } from '../../core/transcripts/transcripts.ts';
import { User } from '../../core/users/user.entity.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const credits = new Credits();
let orm: Orm;

beforeAll(async () => {
  orm = await connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger });
});
afterAll(() => orm?.close());

async function newUser(tier: string | null = null): Promise<User> {
  const em = orm.em.fork();
  const user = em.create(User, { email: `${randomUUID()}@example.com`, fullName: 'Credit Tester', subscriptionTier: tier, creditCycleAnchor: new Date(Date.now() - 86_400_000) });
  await em.flush();
  return user;
}

describe('credit cycle', () => {
  const utc = (text: string) => new Date(`${text}Z`);
  it.each([
    ['2026-01-15T10:00:00', '2026-03-20T12:00:00', '2026-03-15T10:00:00', '2026-04-15T10:00:00'],
    ['2026-01-15T10:00:00', '2026-03-15T09:59:59', '2026-02-15T10:00:00', '2026-03-15T10:00:00'],
    ['2026-01-31T00:00:00', '2026-02-28T12:00:00', '2026-02-28T00:00:00', '2026-03-31T00:00:00'],
    ['2026-01-31T00:00:00', '2026-04-30T00:00:01', '2026-04-30T00:00:00', '2026-05-31T00:00:00'],
    ['2025-12-10T00:00:00', '2026-01-05T00:00:00', '2025-12-10T00:00:00', '2026-01-10T00:00:00'],
  ])('anchor %s, at %s: from %s to %s', (anchor, now, start, end) => {
    expect(creditCycle(utc(anchor), utc(now))).toEqual({ start: utc(start), end: utc(end) });
  });
});

describe('the words of a full month', () => {
  const free = { name: 'Free', transcriptLimit: 5 };
  const reset = new Date(Date.UTC(2026, 11, 1, 9, 30));

  it('keep the upgrade text where paid plans are sold', () => {
    expect(transcriptLimitMessage(free, reset, true)).toBe(
      "You have reached the Free plan's limit of 5 transcripts this month. Upgrade your subscription to process more transcripts.",
    );
  });

  it('say when the count starts again and whom to ask where they are not', () => {
    const text = transcriptLimitMessage(free, reset, false);
    expect(text).toBe(
      "You have reached the Free plan's limit of 5 transcripts this month. You can add transcripts again from December 1, 2026. Paid plans are not available on this installation: ask its administrator if you need more.",
    );
    expect(text).not.toMatch(/upgrade/i);
  });
});

describe('reservations', () => {
  it('reserves, settles into usage once, and shows it in the stats and history', async () => {
    const user = await newUser();
    const em = orm.em.fork();
    await credits.reserve(em, user.id, `t1:0`, { input: 1000, output: 500 });
    await credits.reserve(em, user.id, `t1:0`, { input: 1000, output: 500 });
    expect((await credits.stats(em, user)).used).toEqual({ input: 1000, output: 500 });
    const usage = { userId: user.id, operationType: 'ticket_extraction', aiProvider: 'openai', model: 'gpt-4o-mini', inputTokens: 812, outputTokens: 240 };
    await credits.settle(em, 't1:0', usage);
    await credits.settle(em, 't1:0', usage);
    const stats = await credits.stats(orm.em.fork(), user);
    expect(stats).toEqual({ used: { input: 812, output: 240 }, limit: { input: 200_000, output: 40_000 }, resetDate: expect.any(String) });
    const history = await credits.history(orm.em.fork(), user, { limit: 20, offset: 0 });
    expect(history).toEqual({
      history: [{ id: expect.any(String), createdAt: expect.any(String), operationType: 'ticket_extraction', aiProvider: 'openai', inputTokens: 812, outputTokens: 240 }],
      pagination: { limit: 20, offset: 0, total: 1, hasMore: false },
    });
  });

  it('uses the plan of the subscription tier', async () => {
    expect((await credits.stats(orm.em.fork(), await newUser('Pro'))).limit).toEqual({ input: 2_000_000, output: 400_000 });
    expect((await credits.stats(orm.em.fork(), await newUser('enterprise'))).limit).toEqual({ input: 20_000_000, output: 4_000_000 });
  });

  it('refuses a reservation past the limit, and any once the credits are used up', async () => {
    const user = await newUser();
    const em = orm.em.fork();
    await expect(credits.reserve(em, user.id, 'big', { input: 200_001, output: 0 })).rejects.toBeInstanceOf(CreditsExhausted);
    await credits.reserve(em, user.id, 'all', { input: 150_000, output: 40_000 });
    await expect(credits.reserve(em, user.id, 'free-call', { input: 0, output: 0 })).rejects.toThrow(/token credit/);
    await credits.release(em, 'all');
    await credits.reserve(em, user.id, 'free-call', { input: 0, output: 0 });
  });

  it('fifty reservations racing at the limit never spend past it', async () => {
    const user = await newUser();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => credits.reserve(orm.em.fork(), user.id, `race:${i}`, { input: 9_000, output: 1_000 })),
    );
    const granted = results.filter((r) => r.status === 'fulfilled').length;
    expect(granted).toBe(22);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof CreditsExhausted)).toBe(true);
    const stats = await credits.stats(orm.em.fork(), user);
    expect(stats.used.input).toBe(198_000);
    expect(stats.used.input).toBeLessThanOrEqual(stats.limit.input);
  });
});

describe('token usage API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('answers stats and paged history for the signed-in user only', async () => {
    const base = app.url.replace('localhost', '127.0.0.1');
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const json = { 'content-type': 'application/json' };
    await fetch(`${base}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'secret', fullName: 'A' }) });
    const em = orm.em.fork();
    const user = await em.findOneOrFail(User, { email });
    user.emailVerifiedAt = new Date();
    await em.flush();
    for (let i = 0; i < 25; i++) {
      await credits.reserve(orm.em.fork(), user.id, `h:${i}`, { input: 10, output: 5 });
      await credits.settle(orm.em.fork(), `h:${i}`, { userId: user.id, operationType: 'ticket_extraction', aiProvider: 'heuristic', inputTokens: i, outputTokens: 1 });
    }
    const { token } = (await (await fetch(`${base}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'secret' }) })).json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    const stats = (await (await fetch(`${base}/api/token-usage/stats`, { headers: auth })).json()) as Record<string, unknown>;
    expect(stats).toMatchObject({ used: { input: 300, output: 25 }, limit: { input: 200_000, output: 40_000 } });
    const first = (await (await fetch(`${base}/api/token-usage/history?limit=20&offset=0`, { headers: auth })).json()) as { history: { inputTokens: number }[]; pagination: object };
    expect(first.history).toHaveLength(20);
    expect(first.history[0]!.inputTokens).toBe(24);
    expect(first.pagination).toEqual({ limit: 20, offset: 0, total: 25, hasMore: true });
    const second = (await (await fetch(`${base}/api/token-usage/history?limit=20&offset=20`, { headers: auth })).json()) as { history: unknown[]; pagination: object };
    expect(second.history).toHaveLength(5);
    expect(second.pagination).toEqual({ limit: 20, offset: 20, total: 25, hasMore: false });
    expect((await fetch(`${base}/api/token-usage/history?limit=0`, { headers: auth })).status).toBe(400);
    expect((await fetch(`${base}/api/token-usage/stats`)).status).toBe(401);
  });
});
