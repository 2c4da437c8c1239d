// Workspaces share their rows among their members and nothing else: every route with ids in its path, walked with
// two workspaces (a team's and its owner's personal one) and two roles (the team's owner and a member). A route's
// ids of another workspace answer 404, as ids that do not exist; the same ids in their own workspace answer for any
// member of it; and no list, search, suggestion or count includes another workspace's rows.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, teamWorkspace, type SignedInUser } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { kanbanConnection, newToken, useTrackerServer } from './connections-support.ts';
import { pathWith, send, WALK_ENV, withIds } from './route-walk.ts';

const t = useTestApp(WALK_ENV);
const tracker = useTrackerServer();
let owner: SignedInUser;
let member: SignedInUser;
let team: string;
/** Each workspace's resources, by the path parameter that names them. */
const inTeam: Record<string, string> = {};
const inPersonal: Record<string, string> = {};

/** A call as `user` in `workspace` (undefined: their personal one, the header left out). */
const as = (user: SignedInUser, workspace: string | undefined, method: string, path: string, body?: unknown) =>
  send(t.base, method, path, { authorization: `Bearer ${user.token}`, ...(workspace ? { 'x-workspace-id': workspace } : {}) }, body);

/** Makes a ticket, a transcript, a connection and a finished bot in `workspace`, as `user` there. */
async function fill(user: SignedInUser, workspace: string | undefined, into: Record<string, string>, name: string): Promise<void> {
  const ticket = await as(user, workspace, 'POST', '/api/tickets', { title: `${name} ticket`, description: 'd', project: 'WEB', assignee: `${name} Assignee` });
  into['tickets'] = (ticket.body['ticket'] as { id: string }).id;
  const form = new FormData();
  form.append('transcript', new Blob([`${name} Speaker: Grace, please fix the login page by Friday.\nGrace: Sure.\n`]), `${name}.txt`);
  const upload = await fetch(`${t.base}/api/transcripts/upload`, {
    method: 'POST', headers: { authorization: `Bearer ${user.token}`, ...(workspace ? { 'x-workspace-id': workspace } : {}) }, body: form,
  });
  expect(upload.status).toBe(201);
  into['transcripts'] = ((await upload.json()) as { transcript: { id: string } }).transcript.id;
  // Its tickets extracted, so the lists below hold all the workspace will have.
  for (let i = 0; i < 120; i++) {
    const status = await as(user, workspace, 'GET', `/api/transcripts/${into['transcripts']}/status`);
    if (status.body['status'] === 'completed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const trackerToken = newToken();
  tracker.tokens.add(trackerToken);
  tracker.targets.add('WEB');
  const connection = await as(owner, workspace, 'POST', '/api/connections', kanbanConnection(tracker, trackerToken, { name: `${name} board` }));
  expect(connection.status).toBe(201);
  into['connections'] = (connection.body['connection'] as { id: string }).id;
  into['project'] = 'WEB';
  into['batchId'] = crypto.randomUUID();
  into['type'] = 'github';
  into['bots'] = crypto.randomUUID();
  const { rows: [row] } = await t.db.query<{ id: string }>(`select coalesce($1::uuid, (select id from workspaces where owner_id = $2 and personal)) as id`, [workspace ?? null, user.userId]);
  await t.db.query(
    `insert into bots (id, user_id, workspace_id, provider, provider_bot_id, meeting_url, meeting_title, status, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, 'recall', $3, 'https://meet.google.com/abc-defg-hij', $4, 'recording', now(), now())`,
    [user.userId, row!.id, into['bots'], `${name} meeting`],
  );
}

beforeAll(async () => {
  owner = await signUpVerified(t.base, t.db, { fullName: 'Olivia Owner' });
  member = await signUpVerified(t.base, t.db, { fullName: 'Mo Member' });
  team = await teamWorkspace(t.db, owner, [{ user: member, role: 'member' }]);
  await fill(member, team, inTeam, 'Team');
  await fill(owner, undefined, inPersonal, 'Personal');
});

/** The walk's routes: those whose ids are a workspace's rows. */
const dataRoutes = withIds.filter((operation) => /^\/api\/(tickets|transcripts|connections|recall|push)\b/.test(operation.path));
const bodies = (owned: Record<string, string>): Record<string, unknown> => ({
  updateTicket: { title: 'Taken over' }, updateConnection: { name: 'Taken over' }, bulkPush: { ticketIds: [owned['tickets']] }, pushCandidates: { ticketIds: [owned['tickets']] },
  previewPush: { ticketId: owned['tickets'] },
  startConnectionOAuth: { connection_id: owned['connections'] }, addConnectionProjects: { projects: ['Taken over'] },
});
const bodyOf = (id: string, method: string, owned: Record<string, string>) => bodies(owned)[id] ?? (method === 'POST' ? {} : undefined);

describe("another workspace's ids", () => {
  it('are walked on every route that has them', () => expect(dataRoutes.length).toBeGreaterThanOrEqual(12));

  it.each(dataRoutes.map((operation) => [operation.id, operation] as const))('%s finds nothing of the other workspace, for its owner and for a member', async (_id, operation) => {
    const tries = [
      // The team's owner in their personal workspace, reaching for the team's rows.
      { who: owner, workspace: undefined, owned: inTeam },
      // The team's member in the team, reaching for the owner's personal rows.
      { who: member, workspace: team, owned: inPersonal },
      // The owner in the team, reaching for their own personal rows: a row is its workspace's, not its maker's.
      { who: owner, workspace: team, owned: inPersonal },
    ];
    for (const { who, workspace, owned } of tries) {
      const answer = await as(who, workspace, operation.method, pathWith(owned, operation.path), bodyOf(operation.id, operation.method, owned));
      const label = `${operation.id} as ${who === owner ? 'owner' : 'member'} in ${workspace ? 'team' : 'personal'}`;
      if (operation.id === 'connectionForProject') {
        // Asked by project: each workspace has its own connection for WEB, and never answers with the other's.
        expect(answer.status, label).toBe(200);
        expect((answer.body['connection'] as { id: string }).id, label).not.toBe(owned['connections']);
      } else if (operation.role === 'admin' && who === member) {
        expect(answer.status, label).toBe(403);
      } else {
        expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(404);
      }
    }
  });

  it('left every row as it was', async () => {
    for (const [workspace, owned, name] of [[team, inTeam, 'Team'], [undefined, inPersonal, 'Personal']] as const) {
      expect((await as(owner, workspace, 'GET', `/api/tickets/${owned['tickets']}`)).body).toMatchObject({ ticket: { title: `${name} ticket` } });
      expect((await as(owner, workspace, 'GET', `/api/connections/${owned['connections']}/deliveries`)).status).toBe(200);
      expect((await as(owner, workspace, 'GET', '/api/connections')).body['connections']).toEqual([expect.objectContaining({ name: `${name} board` })]);
    }
  });
});

describe("a workspace's own rows", () => {
  it.each(dataRoutes.filter((operation) => operation.method === 'GET').map((operation) => [operation.id, operation] as const))(
    '%s answers any member of the workspace alike', async (_id, operation) => {
      const path = pathWith(inTeam, operation.path);
      const [asOwner, asMember] = [await as(owner, team, 'GET', path), await as(member, team, 'GET', path)];
      // A push that never ran is not found either way: what matters is that both see the same.
      expect(asMember, operation.id).toEqual(asOwner);
      if (operation.id !== 'pushStatus') expect(asMember.status, `${operation.id}: ${JSON.stringify(asMember.body)}`).toBe(200);
    },
  );

  it("are edited by any member, who is named as the ticket's editor", async () => {
    const ticket = `/api/tickets/${inTeam['tickets']}`;
    const edited = await as(owner, team, 'PUT', ticket, { priority: 'High' });
    expect(edited.body).toMatchObject({ ticket: { priority: 'High', createdBy: { id: member.userId, name: 'Mo Member' }, editedBy: { id: owner.userId, name: 'Olivia Owner' } } });
    expect((await as(member, team, 'GET', ticket)).body).toMatchObject({ ticket: { priority: 'High', editedBy: { name: 'Olivia Owner' } } });
  });

  it("let a member push through the workspace's connection: map projects to it and find its tracker's people, never change it", async () => {
    const connection = inTeam['connections']!;
    // Twenty members' wizards adding a project each at once: every one stays, with those mapped before.
    const added = await Promise.all(Array.from({ length: 20 }, (_, i) => as(member, team, 'POST', `/api/connections/${connection}/projects`, { projects: [`Project ${i}`, 'web '] })));
    expect(added.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const { body } = await as(member, team, 'GET', '/api/connections');
    const mappings = (body['connections'] as { settings: { projectMappings: string[] } }[])[0]!.settings.projectMappings;
    expect(mappings.toSorted()).toEqual(Array.from({ length: 20 }, (_, i) => `Project ${i}`).concat('web').toSorted());
    expect(await as(member, team, 'POST', `/api/connections/${connection}/projects`, { projects: ['  '] })).toEqual({ status: 400, body: { error: 'Name at least one project.' } });
    expect((await as(member, team, 'POST', '/api/connections/users/search', { connection_id: connection, query: 'ada' })).status).toBe(200);
    expect(await as(member, team, 'POST', '/api/connections/users/search', { connection_id: connection, query: 'ada', credentials: {} })).toEqual({
      status: 403, body: { error: 'Only an admin or the owner of this workspace can do this; you are a member of it.' },
    });
    expect((await as(member, team, 'PUT', `/api/connections/${connection}`, { name: 'Mine now' })).status).toBe(403);
  });

  it('are all a list, a search, a count and a suggestion hold, and nothing else', async () => {
    const lists = async (who: SignedInUser, workspace: string | undefined) => {
      const tickets = (await as(who, workspace, 'GET', '/api/tickets?page=1&limit=50')).body as { data: { id: string }[]; pagination: { total: number } };
      const filtered = (await as(who, workspace, 'GET', '/api/tickets/filtered?page=1&limit=50&search=ticket&project=WEB')).body as { data: { id: string }[]; pagination: { total: number } };
      const picker = (await as(who, workspace, 'GET', '/api/tickets/search?q=ticket')).body as { tickets: { id: string }[] };
      const transcripts = (await as(who, workspace, 'GET', '/api/transcripts?page=1&limit=50')).body as { data: { id: string }[]; pagination: { total: number } };
      const bots = (await as(who, workspace, 'GET', '/api/recall/bots')).body as { bots: { recallBotId: string }[] };
      const names = (await as(who, workspace, 'GET', '/api/tickets/users/search?q=')).body as { users: { name: string }[] };
      return {
        tickets: tickets.data.map((row) => row.id), ticketTotal: tickets.pagination.total,
        filtered: filtered.data.map((row) => row.id), filteredTotal: filtered.pagination.total,
        picker: picker.tickets.map((row) => row.id),
        transcripts: transcripts.data.map((row) => row.id), transcriptTotal: transcripts.pagination.total,
        bots: bots.bots.map((bot) => bot.recallBotId),
        names: names.users.map((user) => user.name),
      };
    };
    /** The workspace's tickets as the database has them, newest first. */
    const ticketsOf = async (workspace: string) =>
      (await t.db.query<{ id: string }>('select id from tickets where workspace_id = $1 order by created_at desc, id desc', [workspace])).rows.map((row) => row.id);
    const personal = (await t.db.query<{ id: string }>('select id from workspaces where owner_id = $1 and personal', [owner.userId])).rows[0]!.id;
    const [teamTickets, personalTickets] = [await ticketsOf(team), await ticketsOf(personal)];
    // The ticket made by hand and those extracted from the meeting.
    expect(teamTickets.length).toBeGreaterThan(1);
    expect(teamTickets).toContain(inTeam['tickets']);
    const expected = (tickets: string[], owned: Record<string, string>) => ({
      tickets, ticketTotal: tickets.length, filtered: [owned['tickets']], filteredTotal: 1, picker: [owned['tickets']],
      transcripts: [owned['transcripts']], transcriptTotal: 1, bots: [owned['bots']],
    });
    // The team's members are offered as assignees with its meetings' participants and its assignees; a personal
    // workspace offers what it always did, its participants and assignees.
    expect(await lists(member, team)).toEqual({
      ...expected(teamTickets, inTeam), names: expect.arrayContaining(['Mo Member', 'Olivia Owner', 'Team Assignee', 'Team Speaker', 'Grace']),
    });
    expect(await lists(owner, team)).toEqual(await lists(member, team));
    expect((await lists(member, team)).names).not.toContain('Personal Assignee');
    const own = await lists(owner, undefined);
    expect(own).toEqual({ ...expected(personalTickets, inPersonal), names: expect.arrayContaining(['Personal Assignee', 'Personal Speaker']) });
    expect(own.names).not.toContain('Olivia Owner');
    expect(own.names).not.toContain('Team Assignee');
    const alone = await lists(member, undefined);
    expect(alone).toEqual({ tickets: [], ticketTotal: 0, filtered: [], filteredTotal: 0, picker: [], transcripts: [], transcriptTotal: 0, bots: [], names: [] });
  });
});
