// A workspace has its own plan, which its owner pays for: its members see it, and their uploads, bots and token
// credits count against it, however many of them upload at once; the plans of the members' (and the owner's) other
// workspaces are untouched.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, teamWorkspace, type SignedInUser } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { send } from './route-walk.ts';

const t = useTestApp();
let owner: SignedInUser;
let member: SignedInUser;
let team: string;

const as = (user: SignedInUser, workspace: string | undefined, method: string, path: string, body?: unknown) =>
  send(t.base, method, path, { authorization: `Bearer ${user.token}`, ...(workspace ? { 'x-workspace-id': workspace } : {}) }, body);

const setPlan = (workspace: string, tier: string | null) =>
  t.db.query(`update workspaces set subscription_tier = $2::varchar, is_subscribed = $2::varchar is not null where id = $1`, [workspace, tier]);

async function upload(user: SignedInUser, workspace: string | undefined, name: string): Promise<number> {
  const form = new FormData();
  form.append('transcript', new Blob([`Ada: Grace, please fix the ${name} page by Friday.\nGrace: Sure, I will.\n`]), `${name}.txt`);
  const response = await fetch(`${t.base}/api/transcripts/upload`, {
    method: 'POST', headers: { authorization: `Bearer ${user.token}`, ...(workspace ? { 'x-workspace-id': workspace } : {}) }, body: form,
  });
  await response.body?.cancel();
  return response.status;
}

/** Waits until no transcript of `workspace` is being processed. */
async function settled(workspace: string): Promise<void> {
  await expect.poll(async () => (await t.db.query(
    `select count(*)::int as n from transcripts where workspace_id = $1 and processing_status not in ('completed', 'failed')`, [workspace],
  )).rows[0].n, { timeout: 30_000 }).toBe(0);
}

beforeAll(async () => {
  owner = await signUpVerified(t.base, t.db, { fullName: 'Olivia Owner' });
  member = await signUpVerified(t.base, t.db, { fullName: 'Mo Member' });
  team = await teamWorkspace(t.db, owner, [{ user: member, role: 'member' }]);
});

describe("a team workspace's plan", () => {
  it("is the workspace's own, as every member sees it there; each one's personal workspace keeps its own", async () => {
    await setPlan(team, 'pro');
    for (const user of [owner, member]) {
      expect((await as(user, team, 'GET', '/auth/current-user')).body['user']).toMatchObject({ id: user.userId, subscriptionTier: 'pro', isSubscribed: true });
      expect((await as(user, undefined, 'GET', '/auth/current-user')).body['user']).toMatchObject({ id: user.userId, subscriptionTier: null, isSubscribed: false });
      expect((await as(user, team, 'GET', '/api/subscriptions/current')).body).toMatchObject({ tierId: 'pro', isSubscribed: true });
      expect((await as(user, undefined, 'GET', '/api/subscriptions/current')).body).toMatchObject({ tierId: 'free', isSubscribed: false });
    }
    const [inTeam, alone] = [await as(member, team, 'GET', '/api/token-usage/stats'), await as(owner, undefined, 'GET', '/api/token-usage/stats')];
    expect(inTeam.body['limit']).not.toEqual(alone.body['limit']);
    expect((await as(member, team, 'GET', '/api/subscriptions/tiers')).body['currentTierId']).toBe('pro');
    // Signing in answers with the personal workspace's plan: a sign-in is in no workspace yet.
    await setPlan(team, null);
  });

  it("counts every member's uploads in the workspace alone, never past the month's limit, however many race", async () => {
    // Free: 5 transcripts a month. The owner uses two in the team; the team races for the rest.
    expect(await upload(owner, team, 'first')).toBe(201);
    expect(await upload(owner, team, 'second')).toBe(201);
    const statuses = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(i % 2 ? owner : member, team, `race-${i}`)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(5);
    // The personal workspaces' allowances are their own: the owner's and the member's each still have their five.
    expect(await upload(owner, undefined, 'own')).toBe(201);
    expect(await upload(member, undefined, 'own')).toBe(201);
    // The workspace is upgraded, and the team can upload again at once.
    await setPlan(team, 'pro');
    expect(await upload(member, team, 'after-upgrade')).toBe(201);
  });

  it("spends the workspace's token credits on a member's upload, recorded as the member's, in the workspace", async () => {
    await settled(team);
    const { rows } = await t.db.query<{ user_id: string; workspace_id: string }>(
      `select distinct u.user_id, u.workspace_id from token_usage u join transcripts tr on tr.id = u.transcript_id where tr.workspace_id = $1 and tr.user_id = $2`,
      [team, member.userId],
    );
    expect(rows).toEqual([{ user_id: member.userId, workspace_id: team }]);
    // The history lists what was spent in the workspace, by any member; the stats count it, and only it.
    const spend = (user: SignedInUser, workspace: string, input: number) => t.db.query(
      `insert into token_usage (id, user_id, workspace_id, operation_type, ai_provider, input_tokens, output_tokens, created_at)
       values (gen_random_uuid(), $1, $2, 'ticket_extraction', 'openai', $3, 1, now())`, [user.userId, workspace, input],
    );
    await spend(member, team, 1000);
    await spend(owner, team, 200);
    await spend(owner, owner.workspaceId, 7);
    await spend(member, member.workspaceId, 30);
    const entries = async (workspace: string) =>
      (await t.db.query<{ n: number }>(`select count(*)::int as n from token_usage where workspace_id = $1`, [workspace])).rows[0]!.n;
    const history = async (user: SignedInUser, workspace?: string) =>
      ((await as(user, workspace, 'GET', '/api/token-usage/history?limit=100&offset=0')).body['pagination'] as { total: number }).total;
    const used = async (user: SignedInUser, workspace?: string) =>
      ((await as(user, workspace, 'GET', '/api/token-usage/stats')).body['used'] as { input: number }).input;
    expect(await history(member, team)).toBe(await entries(team));
    expect(await history(owner, team)).toBe(await entries(team));
    expect(await history(owner)).toBe(await entries(owner.workspaceId));
    expect(await used(member, team)).toBe(1200);
    expect(await used(owner, team)).toBe(1200);
    expect(await used(owner)).toBe(7);
    expect(await used(member)).toBe(30);
  });

  it("is changed by its owner alone, who is told so in words when the member tries", async () => {
    const refused = await as(member, team, 'POST', '/api/subscriptions/subscribe', { tierId: 'enterprise' });
    expect(refused.status).toBe(403);
    expect(refused.body['error']).toMatch(/owner/);
    expect((await as(member, team, 'POST', '/api/token-usage/reset')).status).toBe(403);
  });
});
