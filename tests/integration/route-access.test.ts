// Sign-in and ownership, for every route the API declares: the router refuses a signed-in route to anyone without a
// live session before its handler runs, and a signed-in user reaching for another user's ids finds nothing there.
// The routes are read from the OpenAPI document, so a route is covered as soon as it is declared; a route with ids
// in its path that this test cannot give an owner fails the test until it is taught one.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type SignedInUser } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { call, kanbanConnection, newToken, useTrackerServer } from './connections-support.ts';
import { operations, pathWith, send as sendTo, signedInOnly, WALK_ENV, withIds } from './route-walk.ts';

// Every bot and connection asked for here is another user's.
const t = useTestApp(WALK_ENV);
const tracker = useTrackerServer();
let owner: SignedInUser;
let other: SignedInUser;
/** The owner's resources, by the path parameter that names them. */
const owned: Record<string, string> = {};

const send = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) => sendTo(t.base, method, path, headers, body);

/** The path with the owner's resources in it: `{id}` is the resource its path's collection names. */
const ownersPath = (path: string) => pathWith(owned, path);

beforeAll(async () => {
  owner = await signUpVerified(t.base, t.db);
  other = await signUpVerified(t.base, t.db);
  const api = (method: string, path: string, body?: unknown) => call(t.base, owner.token, method, path, body);
  const ticket = await api('POST', '/api/tickets', { title: 'Fix the login', description: 'Users are logged out.', priority: 'High', status: 'ToDo', project: 'Web' });
  owned['tickets'] = (ticket.body['ticket'] as { id: string }).id;
  const form = new FormData();
  form.append('transcript', new Blob(['Ada: Grace, please fix the login page by Friday.\nGrace: Sure, I will.\n']), 'standup.txt');
  const upload = await fetch(`${t.base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  owned['transcripts'] = ((await upload.json()) as { transcriptId?: string; id?: string; transcript?: { id: string } }).transcriptId
    ?? ((await t.db.query('select id from transcripts where user_id = $1', [owner.userId])).rows[0] as { id: string }).id;
  const trackerToken = newToken();
  tracker.tokens.add(trackerToken);
  tracker.targets.add('WEB');
  const connection = await api('POST', '/api/connections', kanbanConnection(tracker, trackerToken));
  owned['connections'] = (connection.body['connection'] as { id: string }).id;
  owned['project'] = (connection.body['connection'] as { projectIdentifier: string }).projectIdentifier;
  owned['batchId'] = crypto.randomUUID();
  // A connection type names no one's resource: the reconnect's connection in the body is the owner's.
  owned['type'] = 'github';
  // A bot that has finished (so nothing asks the bot service about it), known to the API by the service's id.
  owned['bots'] = crypto.randomUUID();
  await t.db.query(
    `insert into bots (id, user_id, provider, provider_bot_id, meeting_url, status, created_at, updated_at)
       values (gen_random_uuid(), $1, 'recall', $2, 'https://meet.google.com/abc-defg-hij', 'done', now(), now())`,
    [owner.userId, owned['bots']],
  );
  // A team workspace of the owner's with a pending invitation: its members and its invitations are the owner's.
  const team = await api('POST', '/api/workspaces', { name: 'Owners' });
  owned['userId'] = owner.userId;
  owned['token'] = newToken();
  const { rows: [invitation] } = await t.db.query<{ id: string }>(
    `insert into workspace_invitations (id, workspace_id, email, role, token_hash, invited_by_id, created_at, expires_at)
       values (gen_random_uuid(), $1, 'invited@example.com', 'member', encode(sha256(convert_to($2, 'UTF8')), 'hex'), $3, now(), now() + interval '7 days')
       returning id`,
    [(team.body['workspace'] as { id: string }).id, owned['token'], owner.userId],
  );
  // /api/workspace/invitations/{id}: an invitation of the request's workspace.
  owned['workspace'] = invitation!.id;
  // /api/proposals/{id}: what the owner's meeting proposes about the owner's ticket.
  const { rows: [proposal] } = await t.db.query<{ id: string }>(
    `insert into ticket_proposals (id, workspace_id, kind, ticket_id, transcript_id, score, evidence, created_at)
       select gen_random_uuid(), t.workspace_id, 'done', t.id, $2, 0.9, '{"quote": "The login fix is done."}', now() from tickets t where t.id = $1
       returning id`,
    [owned['tickets'], owned['transcripts']],
  );
  owned['proposals'] = proposal!.id;
});

/** The routes anyone may call, each for its reason; any other route is for signed-in users only. */
const PUBLIC = [
  'getHealth', 'signup', 'verifyEmail', 'login', 'requestPasswordReset',
  'logout', // ends the session it is sent with, if any
  'updateUser', // the reset link's token is its bearer token
  'stripeWebhook', 'receiveBotWebhook', 'receiveTrackerWebhook', // signed by Stripe, by the bot service and by a connection's tracker
  'devOutbox', // outside production only
  'uploadLimits', // what this server reads (size, extensions): the same for everyone, nothing of an account
  'getInvitation', // an invitation link's page: the link's token is the key, whoever holds it
];

describe('signed-in routes', () => {
  it('are every route but the public ones', () => {
    expect(operations.filter((operation) => !signedInOnly.includes(operation)).map((operation) => operation.id).sort()).toEqual([...PUBLIC].sort());
  });

  it.each(signedInOnly.map((operation) => [operation.id, operation] as const))('%s answers 401 without a live session, before reading anything', async (_id, operation) => {
    const path = operation.path.replace(/\{\w+\}/g, crypto.randomUUID());
    const words = operation.id === 'currentUser' ? 'User not authenticated.' : 'Authentication required.';
    const tries: Record<string, string>[] = [{}, { authorization: `Bearer ${crypto.randomUUID()}` }, { cookie: `tickscribe_session=${crypto.randomUUID()}`, origin: new URL(t.app.url).origin }];
    for (const headers of tries) {
      // A body that breaks every schema: the refusal is still the sign-in's.
      const body = operation.method === 'GET' || operation.method === 'DELETE' ? undefined : { unexpected: [1, 2, 3] };
      expect(await send(operation.method, path, headers, body), `${operation.id} ${JSON.stringify(headers)}`).toEqual({ status: 401, body: { error: words } });
    }
  });
});

describe("another user's ids", () => {
  it('are found', () => expect(withIds.length).toBeGreaterThanOrEqual(12));

  it.each(withIds.map((operation) => [operation.id, operation] as const))('%s finds nothing of the owner', async (_id, operation) => {
    const path = ownersPath(operation.path);
    const bodies: Record<string, unknown> = { updateTicket: { title: 'Taken over' }, updateConnection: { name: 'Taken over' }, bulkPush: { ticketIds: [owned['tickets']] }, pushCandidates: { ticketIds: [owned['tickets']] }, previewPush: { ticketId: owned['tickets'] },
      startConnectionOAuth: { connection_id: owned['connections'] }, addConnectionProjects: { projects: ['Taken over'] }, changeMemberRole: { role: 'admin' },
    };
    const body = bodies[operation.id] ?? (operation.method === 'POST' ? {} : undefined);
    const answer = await call(t.base, other.token, operation.method, path, body);
    if (operation.id === 'connectionForProject') {
      // Asking whether one's own connection serves a project: the other user has none.
      expect(answer).toMatchObject({ status: 200, body: { exists: false, connection: null } });
    } else if (operation.id === 'acceptInvitation') {
      // An invitation is the invited address's, whoever holds its link: anyone else is told which address it is for.
      expect(answer).toMatchObject({ status: 403, body: { error: 'This invitation was sent to invited@example.com. Sign in with that address to accept it.' } });
    } else {
      expect(answer.status, `${operation.id}: ${answer.text}`).toBe(404);
    }
  });

  it("left the owner's resources as they were", async () => {
    const api = (path: string) => call(t.base, owner.token, 'GET', path);
    expect((await api(`/api/tickets/${owned['tickets']}`)).body).toMatchObject({ ticket: { title: 'Fix the login' } });
    expect((await api(`/api/transcripts/${owned['transcripts']}`)).status).toBe(200);
    expect((await api('/api/connections')).body['connections']).toEqual([expect.objectContaining({ id: owned['connections'], name: expect.not.stringMatching(/Taken over/) })]);
    expect((await api(`/api/recall/bots/${owned['bots']}`)).status).toBe(200);
    const { rows: [invitation] } = await t.db.query(`select used_at, revoked_at from workspace_invitations where id = $1`, [owned['workspace']]);
    expect(invitation).toEqual({ used_at: null, revoked_at: null });
  });

  it('in a body are refused like ids that do not exist', async () => {
    const answer = await call(t.base, other.token, 'POST', '/api/push/analyze', { ticketIds: [owned['tickets']] });
    const missing = await call(t.base, other.token, 'POST', '/api/push/analyze', { ticketIds: [crypto.randomUUID()] });
    expect(answer).toMatchObject({ status: 404, body: { error: 'Ticket not found' } });
    expect(missing).toMatchObject({ status: 404, body: answer.body });
  });
});

/** What each signed-in route needs in the request's workspace; every route not named needs the member role. */
const ROLES: Record<string, 'account' | 'admin' | 'owner'> = {
  currentUser: 'account', changePassword: 'account', listWorkspaces: 'account', createWorkspace: 'account', acceptInvitation: 'account',
  renameWorkspace: 'admin', changeMemberRole: 'admin', inviteMember: 'admin', revokeInvitation: 'admin',
  deleteWorkspace: 'owner', transferWorkspace: 'owner',
  createConnection: 'admin', updateConnection: 'admin', deleteConnection: 'admin', startConnectionOAuth: 'admin', completeConnectionOAuth: 'admin',
  makeConnectionWebhookSecret: 'admin',
  subscribe: 'owner', createPortalSession: 'owner', cancelSubscription: 'owner', resetTokenUsage: 'owner',
};
const roleOf = (id: string) => ROLES[id] ?? 'member';
const inWorkspaces = signedInOnly.filter((operation) => roleOf(operation.id) !== 'account');
const WORKSPACE_NOT_FOUND = 'Workspace not found. It may have been deleted, or you are no longer a member of it.';
/** A body that breaks every route's schema: a refusal for the workspace or the role comes first. */
const brokenBody = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : { unexpected: [1, 2, 3] });
const anyIds = (path: string) => path.replace(/\{\w+\}/g, crypto.randomUUID());

describe('workspaces and roles', () => {
  let team: string;
  let member: SignedInUser;
  let admin: SignedInUser;
  const asIn = (user: SignedInUser, workspace: string, method: string, path: string, body?: unknown) =>
    send(method, path, { authorization: `Bearer ${user.token}`, 'x-workspace-id': workspace }, body);

  beforeAll(async () => {
    [member, admin] = [await signUpVerified(t.base, t.db), await signUpVerified(t.base, t.db)];
    const { rows: [workspace] } = await t.db.query<{ id: string }>(
      `insert into workspaces (id, name, personal, owner_id, created_at, updated_at) values (gen_random_uuid(), 'Acme', false, $1, now(), now()) returning id`,
      [owner.userId],
    );
    team = workspace!.id;
    await t.db.query(
      `insert into workspace_members (id, workspace_id, user_id, role, created_at)
         values (gen_random_uuid(), $1, $2, 'owner', now()), (gen_random_uuid(), $1, $3, 'member', now()), (gen_random_uuid(), $1, $4, 'admin', now())`,
      [team, owner.userId, member.userId, admin.userId],
    );
  });

  it('each signed-in route declares what it needs, in the OpenAPI document too', () => {
    const roles = Object.fromEntries(signedInOnly.map((operation) => [operation.id, operation.role]));
    expect(roles).toEqual(Object.fromEntries(signedInOnly.map((operation) => [operation.id, roleOf(operation.id)])));
  });

  it.each(inWorkspaces.map((operation) => [operation.id, operation] as const))("%s answers 404 in words for a workspace that is none of the caller's", async (_id, operation) => {
    const { rows: [foreign] } = await t.db.query<{ id: string }>(`select id from workspaces where owner_id = $1 and personal`, [other.userId]);
    for (const workspace of [foreign!.id, crypto.randomUUID(), 'not-an-id']) {
      expect(await asIn(owner, workspace, operation.method, anyIds(operation.path), brokenBody(operation.method)), `${operation.id} in ${workspace}`)
        .toEqual({ status: 404, body: { error: WORKSPACE_NOT_FOUND } });
    }
  });

  it('lets account routes through whatever workspace the request names', async () => {
    const { rows: [foreign] } = await t.db.query<{ id: string }>(`select id from workspaces where owner_id = $1 and personal`, [other.userId]);
    expect(await asIn(owner, foreign!.id, 'GET', '/auth/current-user')).toMatchObject({ status: 200 });
  });

  it.each(inWorkspaces.map((operation) => [operation.id, operation] as const))('%s refuses a role below its own in words, before reading the request, and lets its own through', async (_id, operation) => {
    const needs = roleOf(operation.id);
    const path = anyIds(operation.path);
    const answers = {
      member: await asIn(member, team, operation.method, path, brokenBody(operation.method)),
      admin: await asIn(admin, team, operation.method, path, brokenBody(operation.method)),
    };
    const refusal = (you: string) => needs === 'owner'
      ? `Only the owner of this workspace can do this; you are ${you} of it.`
      : `Only an admin or the owner of this workspace can do this; you are ${you} of it.`;
    if (needs === 'member') {
      for (const answer of Object.values(answers)) expect(answer.body.error ?? '', operation.id).not.toMatch(/^Only |^Workspace not found/);
    } else {
      expect(answers.member, operation.id).toEqual({ status: 403, body: { error: refusal('a member') } });
      if (needs === 'owner') expect(answers.admin, operation.id).toEqual({ status: 403, body: { error: refusal('an admin') } });
      else expect(answers.admin.body.error ?? '', operation.id).not.toMatch(/^Only |^Workspace not found/);
    }
  });

  it("gives the owner of the team workspace each route, as in their personal one", async () => {
    expect(await asIn(owner, team, 'GET', '/api/tickets/filtered?page=1&limit=10')).toMatchObject({ status: 200 });
    expect(await asIn(owner, team, 'POST', '/api/subscriptions/subscribe', { unexpected: true })).toMatchObject({ status: 400 });
  });
});
