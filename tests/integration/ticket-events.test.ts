// A ticket's history (issue 28) through the real API, worker, Temporal and PostgreSQL: extracted by an upload's
// ingest (the LLM a local OpenAI-compatible server) and a meeting bot's, created and edited by hand by two members of a team, pushed to
// the GitHub stand-in (created, and refused in the tracker's words), read a page at a time; the table refuses
// changes; the migration gives every ticket made before it its first event.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveExtractedTickets } from '../../core/transcripts/ingest.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import type { ExtractedTicket } from '../../plugins/sdk/index.ts';
import { signUpVerified, teamWorkspace, type SignedInUser } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { useMigrationDatabase } from '../support/migration-database.ts';
import { completion, FakeOpenAI } from '../support/fake-openai.ts';
import { gitHubError, startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { call, type Answer, type Json } from './connections-support.ts';
import { createTickets, gitHubConnection, issuesByTicket, PUSH_ENV, pushAndWait } from './push-support.ts';

let llm: FakeOpenAI;
let github: GitHubFake;
const env: Record<string, string> = { ...PUSH_ENV, EXTRACTOR: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model' };
// Registered before the app's, so the app starts with the fake LLM's address.
beforeAll(async () => {
  llm = await FakeOpenAI.start();
  env['OPENAI_BASE_URL'] = llm.baseURL;
  github = await startGitHubFake();
});
const t = useTestApp(env);
afterAll(async () => {
  await llm?.close();
  expect(github.fake.violations).toEqual([]);
  await github?.fake.close();
});

const as = (user: SignedInUser, workspace?: string) => (method: string, path: string, body?: unknown): Promise<Answer> =>
  workspace ? callIn(user.token, workspace, method, path, body) : call(t.base, user.token, method, path, body);

async function callIn(token: string, workspace: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${t.base}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, 'x-workspace-id': workspace, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as Json) : {} };
}

type Api = ReturnType<typeof as>;
const events = async (api: Api, ticketId: string, query = '') => {
  const answer = await api('GET', `/api/tickets/${ticketId}/events${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { events: (Json & { kind: string; data: Json; actor: Json | null })[]; pagination: Json };
};

const MEETING = [
  'WEBVTT', '',
  '1', '00:00:01.000 --> 00:00:05.000', 'Ada Lovelace: Grace, can you fix the login redirect bug by Friday? It is urgent.', '',
  '2', '00:12:04.000 --> 00:12:09.000', "Grace Hopper: Sure, I'll fix it and then   update the release notes.", '',
].join('\n');

const extracted = (overrides: Json) => ({
  title: 'Fix the login redirect bug', description: 'Users are sent to the wrong page after logging in.', context: null,
  implementation: null, dependsOn: [], effort: 'Small', priority: 'High', assignee: 'Grace Hopper', dueDate: null, tags: ['bug'],
  notes: null, project: 'Web app', quote: 'Grace, can you fix the login redirect bug by Friday?', ...overrides,
});

async function settled(api: Api, id: string): Promise<Json> {
  for (let i = 0; i < 900; i++) {
    const { body } = await api('GET', `/api/transcripts/${id}/status`);
    if (body['processingStatus'] === 'completed' || body['processingStatus'] === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('processing did not finish');
}

describe('a meeting uploaded', () => {
  it('gives each ticket an extracted event: the meeting, the extractor and model, the tokens, the quote and its time', async () => {
    const ada = await signUpVerified(t.base, t.db, { fullName: 'Ada Lovelace' });
    llm.script(completion({ tickets: [
      extracted({}),
      // Quoted with other spacing and case than the meeting's: still found, at 12:04.
      extracted({ title: 'Update the release notes', description: 'After the fix.', priority: 'Medium', tags: [], quote: "i'll fix it and then update the release notes." }),
      // Words the meeting never said: kept as given, with no time.
      extracted({ title: 'Tell the customers', description: 'Once it is fixed.', priority: 'Low', tags: [], assignee: null, quote: 'Someone should tell the customers.' }),
    ] }, { promptTokens: 321, completionTokens: 123 }));
    const form = new FormData();
    form.append('transcript', new Blob([MEETING]), 'Sprint planning.vtt');
    const uploaded = (await (await fetch(`${t.base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${ada.token}` }, body: form })).json()) as { transcript: { id: string } };
    expect(await settled(as(ada), uploaded.transcript.id)).toMatchObject({ processingStatus: 'completed', ticketCount: 3 });
    const { body } = await as(ada)('GET', `/api/transcripts/${uploaded.transcript.id}`);
    const tickets = body['tickets'] as Json[];
    const common = {
      transcriptId: uploaded.transcript.id, transcriptTitle: 'Sprint planning', source: 'upload', botProvider: null,
      // The model the API answered with, not the one asked for.
      extractor: 'openai', model: 'fake-model-2025', tokens: { input: 321, output: 123 }, ticketsFromMeeting: 3,
    };
    const expected: Record<string, Json> = {
      'Fix the login redirect bug': { quote: 'Grace, can you fix the login redirect bug by Friday?', quoteAt: 1 },
      'Update the release notes': { quote: "i'll fix it and then update the release notes.", quoteAt: 724 },
      'Tell the customers': { quote: 'Someone should tell the customers.', quoteAt: null },
    };
    expect(tickets).toHaveLength(3);
    for (const ticket of tickets) {
      const history = await events(as(ada), String(ticket['id']));
      expect(history).toEqual({
        events: [{ id: expect.any(String), kind: 'extracted', at: expect.any(String), actor: { id: ada.userId, name: 'Ada Lovelace' }, data: { ...common, ...expected[String(ticket['title'])] } }],
        pagination: { limit: 20, offset: 0, total: 1, hasMore: false },
      });
    }

    // Pushed, the issue carries the meeting's words the ticket came from; a ticket made by hand has none to carry.
    const fix = tickets.find((ticket) => ticket['title'] === 'Fix the login redirect bug')!;
    const connectionId = await gitHubConnection(as(ada), github, 'Web app');
    expect(await pushAndWait(as(ada), connectionId, { ticketIds: [String(fix['id'])] })).toMatchObject({ successfulPushes: 1 });
    const issue = issuesByTicket(github).get(String(fix['id']))![0]!;
    expect(String(issue['body'])).toContain('### From the meeting\n\n> Grace, can you fix the login redirect bug by Friday?');
  });
});

describe('a meeting bot\'s transcript', () => {
  it('gives its tickets extracted events that name the bot service, the quote timed by the meeting\'s messages', async () => {
    const owner = await signUpVerified(t.base, t.db, { fullName: 'Ada Lovelace' });
    const messages = [
      { id: 'm1', content: 'Welcome, everyone.', timestamp: 0, speaker: { id: 's1' } },
      { id: 'm2', content: 'Linus, please   rotate the API keys before the release.', timestamp: 3729.5, speaker: { id: 's1' } },
    ];
    const { rows: [row] } = await t.db.query<{ id: string }>(
      `insert into transcripts (id, user_id, title, source, participants, messages, processing_status, metadata, created_at, updated_at)
       values (gen_random_uuid(), $1, 'Zoom meeting, 2026-11-29', 'recall', '[]', $2, 'processing', $3, now(), now()) returning id`,
      [owner.userId, JSON.stringify(messages), JSON.stringify({ bot: { provider: 'recall', providerBotId: 'b1', meetingUrl: 'https://zoom.us/j/1' } })],
    );
    // The bot's ingest saves its tickets as an upload's does (workflows/activities.ts, the heuristic extractor's usage recorded).
    await t.db.query(
      `insert into token_usage (id, user_id, transcript_id, operation_type, ai_provider, model, input_tokens, output_tokens, created_at)
       values (gen_random_uuid(), $1, $2, 'ticket_extraction', 'heuristic', 'heuristic-v1', 0, 0, now())`, [owner.userId, row!.id],
    );
    expect(await saveExtractedTickets(t.app.orm.em.fork(), row!.id, [
      extracted({ title: 'Rotate the API keys', assignee: 'Linus', quote: 'Linus, please rotate the API keys before the release.' }) as ExtractedTicket,
    ])).toBe(1);
    // Saved again (a replayed step): nothing more.
    expect(await saveExtractedTickets(t.app.orm.em.fork(), row!.id, [])).toBe(1);
    const { body } = await as(owner)('GET', `/api/transcripts/${row!.id}`);
    const history = await events(as(owner), String((body['tickets'] as Json[])[0]!['id']));
    expect(history.events.map(({ kind, actor, data }) => ({ kind, actor, data }))).toEqual([{
      kind: 'extracted', actor: { id: owner.userId, name: 'Ada Lovelace' },
      data: {
        transcriptId: row!.id, transcriptTitle: 'Zoom meeting, 2026-11-29', source: 'bot', botProvider: 'recall', extractor: 'heuristic', model: 'heuristic-v1',
        tokens: { input: 0, output: 0 }, ticketsFromMeeting: 1, quote: 'Linus, please rotate the API keys before the release.', quoteAt: 3729.5,
      },
    }]);
  });
});

describe('a team ticket made and edited by hand', () => {
  let grace: SignedInUser;
  let alan: SignedInUser;
  let team: string;
  let ticketId: string;

  beforeAll(async () => {
    grace = await signUpVerified(t.base, t.db, { fullName: 'Grace Hopper' });
    alan = await signUpVerified(t.base, t.db, { fullName: 'Alan Turing' });
    team = await teamWorkspace(t.db, grace, [{ user: alan, role: 'member' }]);
    const made = await as(grace, team)('POST', '/api/tickets', { title: 'Fix login', description: 'Redirect loop', project: 'Web', assignee: 'Ada' });
    expect(made.status, made.text).toBe(201);
    ticketId = String((made.body['ticket'] as Json)['id']);
  });

  it('records who made it, then each edit with who, and before and after of only the fields that changed', async () => {
    const first = await as(alan, team)('PUT', `/api/tickets/${ticketId}`, { priority: 'High', dueDate: '2026-12-04', assignee: 'Ada', title: 'Fix login' });
    expect(first.status, first.text).toBe(200);
    const second = await as(grace, team)('PUT', `/api/tickets/${ticketId}`, { title: 'Fix the login redirect', tags: ['auth'], dueDate: null, priority: 'High' });
    expect(second.status, second.text).toBe(200);
    // A save that changes nothing is no event.
    expect((await as(alan, team)('PUT', `/api/tickets/${ticketId}`, { priority: 'High', title: ' Fix the login redirect ' })).status).toBe(200);

    const history = await events(as(alan, team), ticketId);
    expect(history.pagination).toEqual({ limit: 20, offset: 0, total: 3, hasMore: false });
    expect(history.events.map(({ kind, actor, data }) => ({ kind, actor, data }))).toEqual([
      { kind: 'edited', actor: { id: grace.userId, name: 'Grace Hopper' }, data: { changes: [
        { field: 'title', before: 'Fix login', after: 'Fix the login redirect' },
        { field: 'tags', before: [], after: ['auth'] },
        { field: 'dueDate', before: '2026-12-04', after: null },
      ] } },
      { kind: 'edited', actor: { id: alan.userId, name: 'Alan Turing' }, data: { changes: [
        { field: 'priority', before: 'Medium', after: 'High' },
        { field: 'dueDate', before: null, after: '2026-12-04' },
      ] } },
      { kind: 'created', actor: { id: grace.userId, name: 'Grace Hopper' }, data: { transcriptId: null, transcriptTitle: null } },
    ]);
    const times = history.events.map((event) => Date.parse(String(event['at'])));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 404 to anyone outside the workspace, and for an id that is no ticket', async () => {
    const stranger = await signUpVerified(t.base, t.db);
    for (const path of [`/api/tickets/${ticketId}/events`, `/api/tickets/${randomUUID()}/events`, '/api/tickets/not-a-ticket/events']) {
      const answer = await as(stranger)('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ error: 'Ticket not found' });
    }
    // Grace's own personal workspace is not the team's either.
    expect((await as(grace)('GET', `/api/tickets/${ticketId}/events`)).status).toBe(404);
  });

  it('pages newest first, and refuses a bad page in words', async () => {
    const api = as(alan, team);
    for (const priority of ['Low', 'Medium', 'High', 'Low']) expect((await api('PUT', `/api/tickets/${ticketId}`, { priority })).status).toBe(200);
    const all = (await events(api, ticketId, '?limit=100')).events;
    expect(all).toHaveLength(7);
    const pages = [];
    for (let offset = 0; offset < 7; offset += 3) pages.push(await events(api, ticketId, `?limit=3&offset=${offset}`));
    expect(pages.map((page) => page.pagination)).toEqual([
      { limit: 3, offset: 0, total: 7, hasMore: true }, { limit: 3, offset: 3, total: 7, hasMore: true }, { limit: 3, offset: 6, total: 7, hasMore: false },
    ]);
    expect(pages.flatMap((page) => page.events.map((event) => event['id']))).toEqual(all.map((event) => event['id']));
    expect(all[0]!.data).toEqual({ changes: [{ field: 'priority', before: 'High', after: 'Low' }] });
    expect(all.at(-1)!.kind).toBe('created');
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?offset=-1', '?order=asc']) {
      const answer = await api('GET', `/api/tickets/${ticketId}/events${query}`);
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body['message'] === 'string' || typeof answer.body['error'] === 'string', answer.text).toBe(true);
      expect(answer.text).not.toMatch(/\n\s+at /);
    }
  });

  it('is append-only in the database: a change is refused, the actor\'s leaving only clears their name, the ticket takes its history with it', async () => {
    await expect(t.db.query(`update ticket_events set data = '{}' where ticket_id = $1`, [ticketId])).rejects.toThrow(/append-only/);
    await expect(t.db.query(`update ticket_events set actor_id = null, kind = 'status' where ticket_id = $1`, [ticketId])).rejects.toThrow(/append-only/);
    await expect(t.db.query(`insert into ticket_events (id, ticket_id, workspace_id, kind, data, created_at) values (gen_random_uuid(), $1, $2, 'renamed', '{}', now())`, [ticketId, team]))
      .rejects.toThrow(/ticket_events_kind_check/);
    // Alan leaves (his account goes): his edits stay, by no one named.
    const before = (await events(as(grace, team), ticketId, '?limit=100')).events;
    await t.db.query(`delete from users where id = $1`, [alan.userId]);
    const after = (await events(as(grace, team), ticketId, '?limit=100')).events;
    expect(after.map((event) => event['id'])).toEqual(before.map((event) => event['id']));
    expect(after.map((event) => event.actor?.['name'] ?? null)).toEqual(before.map((event) => (event.actor?.['id'] === alan.userId ? null : event.actor!['name'])));
    expect((await as(grace, team)('DELETE', `/api/tickets/${ticketId}`)).status).toBe(204);
    expect((await t.db.query(`select count(*)::int as n from ticket_events where ticket_id = $1`, [ticketId])).rows[0].n).toBe(0);
  });
});

describe('a push', () => {
  it('records each ticket pushed: the tracker, the connection, the item, or the tracker\'s words when it failed', async () => {
    const pusher = await signUpVerified(t.base, t.db, { fullName: 'Linus' });
    const api = as(pusher);
    const connectionId = await gitHubConnection(api, github, 'History');
    const ids = await createTickets(api, [{ title: 'Good one' }, { title: 'Broken one' }], 'History');
    const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';
    const create = github.fake.routes[CREATE_ISSUE]!;
    github.fake.routes[CREATE_ISSUE] = (request) => (String((request.body as Json)['title']).startsWith('Broken')
      ? gitHubError(422, 'Validation Failed', { errors: [{ resource: 'Issue', field: 'title', code: 'custom', message: 'title is not allowed here' }] })
      : create(request));
    let result: Json;
    try {
      result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids), batchId: 'history-push' });
    } finally {
      github.fake.routes[CREATE_ISSUE] = create;
    }
    expect(result).toMatchObject({ successfulPushes: 1, failedPushes: 1 });
    const issue = issuesByTicket(github).get(ids['Good one']!)![0]!;
    const common = { connectionId, connectionName: 'GitHub History', tracker: 'github', trackerName: 'GitHub', batchId: 'history-push' };
    const good = await events(api, ids['Good one']!);
    expect(good.events.map(({ kind, actor, data }) => ({ kind, actor, data }))).toEqual([
      { kind: 'pushed', actor: { id: pusher.userId, name: 'Linus' }, data: { ...common, result: 'created', externalId: String(issue['number']), key: `#${String(issue['number'])}`, url: issue['html_url'], error: null } },
      { kind: 'created', actor: { id: pusher.userId, name: 'Linus' }, data: { transcriptId: null, transcriptTitle: null } },
    ]);
    const broken = await events(api, ids['Broken one']!);
    expect(broken.events[0]).toMatchObject({ kind: 'pushed', data: { ...common, result: 'failed', externalId: null, key: null, url: null, error: expect.stringContaining('title is not allowed here') } });

    // Pushed again: the failed one is created now; the one already pushed is skipped, and is no new event.
    result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids), batchId: 'history-again' });
    expect(result).toMatchObject({ successfulPushes: 1, skippedTickets: 1 });
    expect((await events(api, ids['Good one']!)).pagination['total']).toBe(2);
    expect((await events(api, ids['Broken one']!)).events.map((event) => [event.kind, event.data['result'] ?? null])).toEqual([['pushed', 'created'], ['pushed', 'failed'], ['created', null]]);
  });
});

describe('the ticket events migration, on a database with tickets', () => {
  const EVENTS = 'Migration20261211000000_ticket_events';
  const database = useMigrationDatabase('ticket_events', MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === EVENTS) - 1]!.name);

  it('gives every ticket one first event, dated its creation: extracted (with what its meeting recorded) or created', async () => {
    const { db, orm } = database;
    const before = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === EVENTS) - 1]!.name;
    const user = randomUUID();
    await db.query(`insert into users (id, email, full_name, created_at, updated_at) values ($1, $2, 'Ada', now(), now())`, [user, `${user}@example.com`]);
    const [upload, bot, bare] = [randomUUID(), randomUUID(), randomUUID()];
    await db.query(`insert into transcripts (id, user_id, title, metadata, created_at, updated_at) values ($1, $2, 'Sprint planning', '{}', now(), now())`, [upload, user]);
    await db.query(`insert into transcripts (id, user_id, title, metadata, created_at, updated_at) values ($1, $2, 'Zoom meeting', '{"bot": {"provider": "recall"}}', now(), now())`, [bot, user]);
    await db.query(`insert into transcripts (id, user_id, title, metadata, created_at, updated_at) values ($1, $2, 'Notes', '{}', now(), now())`, [bare, user]);
    for (const [input, output, model] of [[100, 10, 'gpt-a'], [200, 20, 'gpt-a']] as const) {
      await db.query(
        `insert into token_usage (id, user_id, transcript_id, operation_type, ai_provider, model, input_tokens, output_tokens, created_at) values ($1, $2, $3, 'ticket_extraction', 'openai', $4, $5, $6, now())`,
        [randomUUID(), user, upload, model, input, output],
      );
    }
    const tickets: Record<string, { transcript: string | null; at: string }> = {};
    for (const [index, transcript] of [upload, upload, bot, bare, null, null].entries()) {
      const id = randomUUID();
      const at = new Date(Date.UTC(2026, 10, 1 + index, 9, 30)).toISOString();
      await db.query(
        `insert into tickets (id, user_id, created_by_id, transcript_id, title, description, project, created_at, updated_at) values ($1, $2, $2, $3, 'Fix it', 'Now', 'Web', $4, $4)`,
        [id, user, transcript, at],
      );
      tickets[id] = { transcript, at };
    }
    expect((await orm.migrator.up({ to: EVENTS })).map((m) => m.name)).toEqual([EVENTS]);

    const { rows } = await db.query(`select e.ticket_id, e.workspace_id = t.workspace_id as same_workspace, e.kind, e.actor_id, e.data, e.created_at from ticket_events e join tickets t on t.id = e.ticket_id`);
    expect(rows).toHaveLength(6);
    const extractedData = (transcript: string, title: string, more: Json) => ({
      transcriptId: transcript, transcriptTitle: title, source: 'upload', botProvider: null, extractor: null, model: null, tokens: null, quote: null, quoteAt: null, ...more,
    });
    const expected: Record<string, Json> = {
      [upload]: extractedData(upload, 'Sprint planning', { extractor: 'openai', model: 'gpt-a', tokens: { input: 300, output: 30 }, ticketsFromMeeting: 2 }),
      [bot]: extractedData(bot, 'Zoom meeting', { source: 'bot', botProvider: 'recall', ticketsFromMeeting: 1 }),
      [bare]: extractedData(bare, 'Notes', { ticketsFromMeeting: 1 }),
    };
    for (const row of rows) {
      const ticket = tickets[row.ticket_id as string]!;
      expect(row).toMatchObject({ same_workspace: true, actor_id: user, kind: ticket.transcript ? 'extracted' : 'created' });
      expect((row.created_at as Date).toISOString()).toBe(ticket.at);
      expect(row.data).toEqual(ticket.transcript ? expected[ticket.transcript] : { transcriptId: null, transcriptTitle: null });
    }
    await expect(db.query(`update ticket_events set kind = 'created'`)).rejects.toThrow(/append-only/);
    // And down again: the table and its trigger go.
    await orm.migrator.down({ to: before });
    expect((await db.query(`select to_regclass('ticket_events') as t`)).rows[0].t).toBeNull();
  });
});
