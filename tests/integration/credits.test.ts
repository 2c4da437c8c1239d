import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Credits, CreditsExhausted, creditCycle } from '../../core/credits/credits.ts';
import { connectAndMigrate } from '../../core/db/migrate.ts';
import type { Orm } from '../../core/db/orm.ts';
import { createLogger } from '../../core/logger.ts';
import { transcriptLimitMessage } from '../../core/transcripts/transcripts.ts';
import { User } from '../../core/users/user.entity.ts';
import { Workspace } from '../../core/workspaces/workspace.entity.ts';
import { signUpVerified, teamWorkspace } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const credits = new Credits();
/** The app, for the tests that sign up through it or call its API. */
const t = useTestApp();
let orm: Orm;

beforeAll(async () => {
  orm = await connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger });
});
afterAll(() => orm?.close());

/** A user alone, with the personal workspace whose plan (`tier`) their credits count against. */
async function newUser(tier: string | null = null): Promise<{ user: User; workspace: Workspace }> {
  const em = orm.em.fork();
  const user = em.create(User, { email: `${randomUUID()}@example.com`, fullName: 'Credit Tester' });
  const workspace = em.create(Workspace, {
    name: "Credit Tester's workspace", personal: true, owner: user, subscriptionTier: tier, creditCycleAnchor: new Date(Date.now() - 86_400_000),
  });
  await em.flush();
  return { user, workspace };
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
    const { user, workspace } = await newUser();
    const em = orm.em.fork();
    await credits.reserve(em, workspace.id, `t1:0`, { input: 1000, output: 500 });
    await credits.reserve(em, workspace.id, `t1:0`, { input: 1000, output: 500 });
    expect((await credits.stats(em, workspace)).used).toEqual({ input: 1000, output: 500 });
    const usage = { userId: user.id, workspaceId: workspace.id, operationType: 'ticket_extraction', aiProvider: 'openai', model: 'gpt-4o-mini', inputTokens: 812, outputTokens: 240 };
    await credits.settle(em, 't1:0', usage);
    await credits.settle(em, 't1:0', usage);
    const stats = await credits.stats(orm.em.fork(), workspace);
    expect(stats).toEqual({ used: { input: 812, output: 240 }, limit: { input: 200_000, output: 40_000 }, resetDate: expect.any(String) });
    const history = await credits.history(orm.em.fork(), workspace.id, { limit: 20, offset: 0 });
    expect(history).toEqual({
      history: [{ id: expect.any(String), createdAt: expect.any(String), operationType: 'ticket_extraction', aiProvider: 'openai', inputTokens: 812, outputTokens: 240 }],
      pagination: { limit: 20, offset: 0, total: 1, hasMore: false },
    });
  });

  it('uses the plan of the subscription tier', async () => {
    expect((await credits.stats(orm.em.fork(), (await newUser('Pro')).workspace)).limit).toEqual({ input: 2_000_000, output: 400_000 });
    expect((await credits.stats(orm.em.fork(), (await newUser('enterprise')).workspace)).limit).toEqual({ input: 20_000_000, output: 4_000_000 });
  });

  it('refuses a reservation past the limit, and any once the credits are used up', async () => {
    const { workspace } = await newUser();
    const em = orm.em.fork();
    await expect(credits.reserve(em, workspace.id, 'big', { input: 200_001, output: 0 })).rejects.toBeInstanceOf(CreditsExhausted);
    await credits.reserve(em, workspace.id, 'all', { input: 150_000, output: 40_000 });
    await expect(credits.reserve(em, workspace.id, 'free-call', { input: 0, output: 0 })).rejects.toThrow(/token credit/);
    await credits.release(em, 'all');
    await credits.reserve(em, workspace.id, 'free-call', { input: 0, output: 0 });
  });

  it('fifty reservations racing at the limit never spend past it', async () => {
    const { workspace } = await newUser();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => credits.reserve(orm.em.fork(), workspace.id, `race:${i}`, { input: 9_000, output: 1_000 })),
    );
    const granted = results.filter((r) => r.status === 'fulfilled').length;
    expect(granted).toBe(22);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof CreditsExhausted)).toBe(true);
    const stats = await credits.stats(orm.em.fork(), workspace);
    expect(stats.used.input).toBe(198_000);
    expect(stats.used.input).toBeLessThanOrEqual(stats.limit.input);
  });
});

describe("a team workspace's credits", () => {
  it("two members reserving at once never overspend the workspace's plan, and leave their personal workspaces' credits alone", async () => {
    const owner = await signUpVerified(t.base, t.db);
    const member = await signUpVerified(t.base, t.db);
    const team = await teamWorkspace(t.db, owner, [{ user: member, role: 'member' }]);
    const byId = async (id: string) => orm.em.fork().findOneOrFail(Workspace, id);
    // Each member's own month has something spent in it already, which the team's plan must not count.
    for (const [who, spent] of [[owner, 1_000], [member, 2_000]] as const) {
      await credits.reserve(orm.em.fork(), who.workspaceId, `own:${who.userId}`, { input: spent, output: 100 });
      await credits.settle(orm.em.fork(), `own:${who.userId}`, {
        userId: who.userId, workspaceId: who.workspaceId, operationType: 'ticket_extraction', aiProvider: 'test', inputTokens: spent, outputTokens: 100,
      });
    }

    // 25 calls of each member's, at once: the Free plan's 200,000 input tokens hold 22 of 9,000.
    const calls = [owner, member].flatMap((who) => Array.from({ length: 25 }, (_, i) => ({ who, id: `team:${who.userId}:${i}` })));
    const results = await Promise.allSettled(calls.map(({ id }) => credits.reserve(orm.em.fork(), team, id, { input: 9_000, output: 1_000 })));
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof CreditsExhausted)).toBe(true);
    const granted = calls.filter((_, i) => results[i]!.status === 'fulfilled');
    expect(granted).toHaveLength(22);
    // Each member's reservations are settled as spent by that member, in the team.
    await Promise.all(granted.map(({ who, id }) => credits.settle(orm.em.fork(), id, {
      userId: who.userId, workspaceId: team, operationType: 'ticket_extraction', aiProvider: 'test', inputTokens: 9_000, outputTokens: 1_000,
    })));
    const teamStats = await credits.stats(orm.em.fork(), await byId(team));
    expect(teamStats.used).toEqual({ input: 198_000, output: 22_000 });
    expect(teamStats.used.input).toBeLessThanOrEqual(teamStats.limit.input);
    await expect(credits.reserve(orm.em.fork(), team, 'team:one-more', { input: 9_000, output: 1_000 })).rejects.toBeInstanceOf(CreditsExhausted);
    const { rows } = await t.db.query<{ user_id: string; n: number }>(
      'select user_id, count(*)::int as n from token_usage where workspace_id = $1 group by user_id', [team],
    );
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(22);
    expect(rows.every((row) => [owner.userId, member.userId].includes(row.user_id))).toBe(true);

    // The members' personal workspaces: what they spent there, no more, and credits left to spend.
    expect((await credits.stats(orm.em.fork(), await byId(owner.workspaceId))).used).toEqual({ input: 1_000, output: 100 });
    expect((await credits.stats(orm.em.fork(), await byId(member.workspaceId))).used).toEqual({ input: 2_000, output: 100 });
    await credits.reserve(orm.em.fork(), member.workspaceId, `own:${member.userId}:after`, { input: 9_000, output: 1_000 });
    // The team's usage shows in the team's history, not in a member's personal one.
    expect((await credits.history(orm.em.fork(), team, { limit: 1, offset: 0 })).pagination.total).toBe(22);
    expect((await credits.history(orm.em.fork(), member.workspaceId, { limit: 20, offset: 0 })).pagination.total).toBe(1);
  });
});

describe('token usage API', () => {
  it('answers stats and paged history for the signed-in user only', async () => {
    const base = t.base;
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const json = { 'content-type': 'application/json' };
    await fetch(`${base}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'secret', fullName: 'A' }) });
    const em = orm.em.fork();
    const user = await em.findOneOrFail(User, { email });
    user.emailVerifiedAt = new Date();
    await em.flush();
    const personal = await em.findOneOrFail(Workspace, { owner: user, personal: true });
    for (let i = 0; i < 25; i++) {
      await credits.reserve(orm.em.fork(), personal.id, `h:${i}`, { input: 10, output: 5 });
      await credits.settle(orm.em.fork(), `h:${i}`, { userId: user.id, workspaceId: personal.id, operationType: 'ticket_extraction', aiProvider: 'heuristic', inputTokens: i, outputTokens: 1 });
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
