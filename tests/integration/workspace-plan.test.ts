// A workspace's plan is its owner's: its members see it, and their uploads, bots and token credits count against it,
// however many of them upload at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, teamWorkspace, type SignedInUser } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { send } from './route-walk.ts';

const t = useTestApp();
let owner: SignedInUser;
let member: SignedInUser;
let team: string;

const as = (user: SignedInUser, workspace: string | undefined, method: string, path: string) =>
  send(t.base, method, path, { authorization: `Bearer ${user.token}`, ...(workspace ? { 'x-workspace-id': workspace } : {}) });

async function upload(user: SignedInUser, workspace: string | undefined, name: string): Promise<number> {
  const form = new FormData();
  form.append('transcript', new Blob([`Ada: Grace, please fix the ${name} page by Friday.\nGrace: Sure, I will.\n`]), `${name}.txt`);
  const response = await fetch(`${t.base}/api/transcripts/upload`, {
    method: 'POST', headers: { authorization: `Bearer ${user.token}`, ...(workspace ? { 'x-workspace-id': workspace } : {}) }, body: form,
  });
  await response.body?.cancel();
  return response.status;
}

beforeAll(async () => {
  owner = await signUpVerified(t.base, t.db, { fullName: 'Olivia Owner' });
  member = await signUpVerified(t.base, t.db, { fullName: 'Mo Member' });
  team = await teamWorkspace(t.db, owner, [{ user: member, role: 'member' }]);
});

describe("a team workspace's plan", () => {
  it("is its owner's, as its members see it, and each member's own in their personal workspace", async () => {
    await t.db.query(`update users set subscription_tier = 'pro', is_subscribed = true where id = $1`, [owner.userId]);
    expect((await as(member, team, 'GET', '/auth/current-user')).body['user']).toMatchObject({ id: member.userId, subscriptionTier: 'pro', isSubscribed: true });
    expect((await as(member, undefined, 'GET', '/auth/current-user')).body['user']).toMatchObject({ id: member.userId, subscriptionTier: null, isSubscribed: false });
    const [inTeam, alone] = [await as(member, team, 'GET', '/api/token-usage/stats'), await as(member, undefined, 'GET', '/api/token-usage/stats')];
    expect(inTeam.body['limit']).toEqual((await as(owner, undefined, 'GET', '/api/token-usage/stats')).body['limit']);
    expect(inTeam.body['limit']).not.toEqual(alone.body['limit']);
    expect((await as(member, team, 'GET', '/api/subscriptions/current')).body).toEqual((await as(owner, team, 'GET', '/api/subscriptions/current')).body);
    await t.db.query(`update users set subscription_tier = null, is_subscribed = false where id = $1`, [owner.userId]);
  });

  it("counts every member's uploads in every workspace its owner owns, never past the month's limit, however many race", async () => {
    // Free: 5 transcripts a month. The owner uses two in their personal workspace; the team races for the rest.
    expect(await upload(owner, undefined, 'first')).toBe(201);
    expect(await upload(owner, undefined, 'second')).toBe(201);
    const statuses = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(i % 2 ? owner : member, team, `race-${i}`)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(5);
    // The member's own plan is untouched: their personal workspace still has its five.
    expect(await upload(member, undefined, 'own')).toBe(201);
    // The owner upgrades, and the team can upload again at once.
    await t.db.query(`update users set subscription_tier = 'pro', is_subscribed = true where id = $1`, [owner.userId]);
    expect(await upload(member, team, 'after-upgrade')).toBe(201);
  });

  it("spends its owner's token credits on a member's upload, recorded in the team workspace", async () => {
    for (let i = 0; i < 120; i++) {
      // Every ingest the owner pays for has finished: the team's and the owner's personal ones.
      const { rows } = await t.db.query(
        `select 1 from transcripts t join workspaces w on w.id = t.workspace_id where w.owner_id = $1 and t.processing_status not in ('completed', 'failed')`, [owner.userId],
      );
      if (!rows.length) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { rows } = await t.db.query<{ user_id: string; workspace_id: string }>(
      `select distinct u.user_id, u.workspace_id from token_usage u join transcripts tr on tr.id = u.transcript_id where tr.workspace_id = $1`, [team],
    );
    expect(rows).toEqual([{ user_id: owner.userId, workspace_id: team }]);
    // The history lists what was spent in the workspace it is read in: the team's members never see what its owner
    // spent in their personal workspace, though the plan's figures count both.
    const count = async (workspace: string) =>
      (await t.db.query<{ n: number }>(`select count(*)::int as n from token_usage where user_id = $1 and workspace_id = $2`, [owner.userId, workspace])).rows[0]!.n;
    const history = async (user: SignedInUser, workspace?: string) =>
      ((await as(user, workspace, 'GET', '/api/token-usage/history?limit=100&offset=0')).body['pagination'] as { total: number }).total;
    const personal = (await t.db.query<{ id: string }>('select id from workspaces where owner_id = $1 and personal', [owner.userId])).rows[0]!.id;
    expect(await count(team)).toBeGreaterThan(0);
    expect(await count(personal)).toBeGreaterThan(0);
    expect(await history(member, team)).toBe(await count(team));
    expect(await history(owner, team)).toBe(await count(team));
    expect(await history(owner)).toBe(await count(personal));
    expect((await t.db.query(`select count(*)::int as n from token_usage where user_id = $1`, [member.userId])).rows[0].n).toBe(
      (await t.db.query(`select count(*)::int as n from token_usage u join transcripts tr on tr.id = u.transcript_id where tr.user_id = $1 and tr.workspace_id <> $2`, [member.userId, team])).rows[0].n,
    );
  });
});
