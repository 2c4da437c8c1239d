// Follow-through across meetings (issue 28) through the real API, worker, Temporal and PostgreSQL, the LLM a local
// OpenAI-compatible server answering as a model would for each meeting: three weekly meetings of one team
// (bench/data/series) uploaded in order. The second and third restate tasks of the first
// ("same as", with both quotes) and say some are finished ("done", with the sentence); nothing changes until a
// member decides; a merge folds the new ticket into the open one (its quote in the history, its due date and
// priority only as asked), "keep separate" and "dismiss" change nothing, and each decision is made once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, teamWorkspace, type SignedInUser } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { completion, FakeOpenAI } from '../support/fake-openai.ts';
import { series, SERIES_TASKS as TASKS } from '../support/series.ts';
import type { Json } from './connections-support.ts';

let llm: FakeOpenAI;
const env: Record<string, string> = { EXTRACTOR: 'openai', OPENAI_API_KEY: 'test-key', OPENAI_MODEL: 'fake-model' };
beforeAll(async () => {
  llm = await FakeOpenAI.start();
  env['OPENAI_BASE_URL'] = llm.baseURL;
});
const t = useTestApp(env);
afterAll(async () => {
  await llm?.close();
});

let ada: SignedInUser;
let grace: SignedInUser;
let outsider: SignedInUser;
let team: string;


async function callIn(user: SignedInUser, method: string, path: string, body?: unknown): Promise<{ status: number; text: string; body: Json }> {
  const response = await fetch(`${t.base}${path}`, {
    method, headers: { authorization: `Bearer ${user.token}`, 'x-workspace-id': team, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as Json) : {} };
}

/** Uploads a meeting into the team and waits until its tickets are saved; its transcript id. */
async function meeting(user: SignedInUser, name: string): Promise<string> {
  llm.script(completion({ tickets: TASKS[name] }));
  const form = new FormData();
  form.append('transcript', new Blob([series(name)]), name);
  const response = await fetch(`${t.base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'x-workspace-id': team }, body: form });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const id = (JSON.parse(text) as { transcript: { id: string } }).transcript.id;
  let status = '';
  for (let i = 0; i < 240 && status !== 'completed' && status !== 'failed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await t.db.query('select processing_status from transcripts where id = $1', [id])).rows[0].processing_status;
  }
  if (status !== 'completed') throw new Error(`${name} ended ${status || 'unprocessed'}`);
  return id;
}

interface Proposal {
  id: string; kind: 'same' | 'done'; state: string; score: number; quote: string | null; newTitle: string | null; sharedWords: string[];
  ticket: { id: string; title: string; status: string; priority: string; dueDate: string | null; quote: string | null; meeting: { id: string; title: string | null; date: string | null } | null };
  newTicket: { id: string; title: string; dueDate: string | null; priority: string } | null;
  proposed: { dueDate?: string; priority?: string };
}

async function proposals(transcriptId: string, user = ada): Promise<Proposal[]> {
  const answer = await callIn(user, 'GET', `/api/transcripts/${transcriptId}/proposals`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as unknown as { proposals: Proposal[] }).proposals;
}

const ticketCount = async () => (await t.db.query('select count(*)::int as n from tickets where workspace_id = $1', [team])).rows[0].n as number;
const first: { id: string; tickets: { id: string; title: string }[] } = { id: '', tickets: [] };
let second = '';
let third = '';

beforeAll(async () => {
  ada = await signUpVerified(t.base, t.db, { fullName: 'Hannah Becker' });
  grace = await signUpVerified(t.base, t.db, { fullName: 'Sofia Lindqvist' });
  outsider = await signUpVerified(t.base, t.db, { fullName: 'Otto Outsider' });
  team = await teamWorkspace(t.db, ada, [{ user: grace, role: 'member' }]);
  first.id = await meeting(ada, 'data-weekly-2026-05-04.txt');
  first.tickets = (await t.db.query('select id, title from tickets where transcript_id = $1 order by created_at', [first.id])).rows;
  second = await meeting(grace, 'data-weekly-2026-05-11.txt');
  third = await meeting(ada, 'data-weekly-2026-05-18.txt');
}, 120_000);

afterAll(async () => {
  await t.db.query('delete from workspaces where id = $1', [team]);
});

describe('follow-through across three weekly meetings', () => {
  it('the first meeting proposes nothing: there was nothing open before it', async () => {
    expect(first.tickets.length, JSON.stringify(first.tickets)).toBeGreaterThanOrEqual(5);
    expect(await proposals(first.id)).toEqual([]);
  });

  it('a later meeting restating a task proposes "same as" the open ticket, with both quotes and the meeting it came from, and changes nothing', async () => {
    const found = await proposals(second);
    const same = found.filter((p) => p.kind === 'same');
    expect(same.length).toBeGreaterThanOrEqual(2);
    for (const p of same) {
      expect(p.state).toBe('open');
      expect(first.tickets.map((ticket) => ticket.id)).toContain(p.ticket.id);
      expect(p.ticket.meeting).toMatchObject({ id: first.id, title: expect.any(String) });
      expect(p.ticket.quote, JSON.stringify(p)).toEqual(expect.any(String));
      expect(p.quote, JSON.stringify(p)).toEqual(expect.any(String));
      expect(p.newTicket?.title).toBe(p.newTitle);
      expect(p.sharedWords.length).toBeGreaterThan(0);
      expect(p.score).toBeGreaterThanOrEqual(0.55);
    }
    const pairs = same.map((p) => [p.newTitle, p.ticket.title]);
    // Each task restated is found as the first meeting's, with the due date and priority the meeting gave proposed.
    expect(pairs, JSON.stringify(pairs)).toEqual(expect.arrayContaining([
      ['Move the nightly ETL jobs to Airflow', 'Migrate the nightly ETL from cron to Airflow'],
      ['Upgrade the warehouse to Postgres 16', 'Upgrade the warehouse to Postgres 16'],
      ['Fix the duplicate orders in the orders table', 'Fix the duplicate orders from the Shopify import'],
    ]));
    expect(same.find((p) => p.newTitle === 'Upgrade the warehouse to Postgres 16')!.proposed).toEqual({ dueDate: '2026-05-16', priority: 'High' });
    // A different task sharing words ("revenue dashboard" beside "churn dashboard"), and a new one, are not proposed.
    expect(same.filter((p) => /revenue|alerting/i.test(p.newTitle ?? ''))).toEqual([]);
    // The push wizard's analysis names each of them: pushed before a decision, each would file a second item.
    const secondTickets = (await t.db.query('select id from tickets where transcript_id = $1', [second])).rows.map((r) => r.id as string);
    const analysis = await callIn(ada, 'POST', '/api/push/analyze', { ticketIds: secondTickets });
    expect(analysis.status, analysis.text).toBe(200);
    const undecided = analysis.body['undecided'] as { ticketId: string; title: string; transcriptId: string; proposalId: string; sameAs: { id: string; title: string } }[];
    expect(undecided.map((u) => u.proposalId).sort()).toEqual(same.map((p) => p.id).sort());
    expect(undecided.find((u) => u.title === 'Upgrade the warehouse to Postgres 16')).toMatchObject({ transcriptId: second, sameAs: { title: 'Upgrade the warehouse to Postgres 16' } });
    // Proposed, not applied: every ticket of both meetings is still there.
    expect(await t.db.query('select count(*)::int as n from tickets where transcript_id = $1', [second]).then((r) => r.rows[0].n)).toBeGreaterThan(0);
  });

  it('a meeting saying a task is finished proposes Done for it, with the sentence and who said it', async () => {
    const done = (await proposals(third)).filter((p) => p.kind === 'done');
    const etl = done.find((p) => /airflow|etl/i.test(p.ticket.title));
    expect(etl, JSON.stringify(done.map((p) => [p.quote, p.ticket.title]))).toBeDefined();
    expect(etl).toMatchObject({ state: 'open', quote: 'Moving the nightly ETL to Airflow is done.', speaker: 'Omar Haddad' });
    expect(etl!.ticket.status).toBe('ToDo');
    // A plan is no "done": "I'll publish the data retention policy" proposes nothing finished.
    expect(done.filter((p) => /retention/i.test(p.ticket.title))).toEqual([]);
  });

  it('merging folds the new ticket into the open one: its quote joins the history, due date and priority only as asked', async () => {
    const same = (await proposals(second)).find((p) => p.kind === 'same' && /duplicate/i.test(p.ticket.title))!;
    const before = await ticketCount();
    const merged = await callIn(grace, 'POST', `/api/proposals/${same.id}/accept`, {});
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body['proposal']).toMatchObject({ state: 'accepted', decidedBy: 'Sofia Lindqvist', newTicket: null, newTitle: same.newTitle });
    expect(await ticketCount()).toBe(before - 1);
    expect((await t.db.query('select count(*)::int as n from tickets where id = $1', [same.newTicket!.id])).rows[0].n).toBe(0);
    const ticket = (await callIn(ada, 'GET', `/api/tickets/${same.ticket.id}`)).body['ticket'] as Json;
    expect(ticket['priority']).toBe(same.ticket.priority);
    expect(ticket['dueDate']).toBe(same.ticket.dueDate);
    const history = (await callIn(ada, 'GET', `/api/tickets/${same.ticket.id}/events`)).body as { events: { kind: string; data: Json; actor: Json | null }[] };
    expect(history.events.map((e) => e.kind)).toEqual(['merged', 'extracted']);
    expect(history.events[0]).toMatchObject({
      actor: { name: 'Sofia Lindqvist' },
      data: { mergedTicketId: same.newTicket!.id, mergedTitle: same.newTitle, transcriptId: second, quote: same.quote, changes: [] },
    });
    // Decided once: a second accept, or a dismiss, is refused in words.
    for (const action of ['accept', 'dismiss']) {
      const again = await callIn(ada, 'POST', `/api/proposals/${same.id}/${action}`, action === 'accept' ? {} : undefined);
      expect(again.status).toBe(409);
      expect(JSON.parse(again.text)).toEqual({ error: 'This proposal was already accepted.' });
    }
  });

  it('a new ticket already pushed is not merged, in words; one that others depend on hands them to the open ticket', async () => {
    const open = (await proposals(second)).find((p) => p.kind === 'same' && p.newTitle === 'Upgrade the warehouse to Postgres 16')!;
    await t.db.query(`update tickets set external_url = 'https://github.com/acme/web/issues/9', external_type = 'github', external_key = '#9' where id = $1`, [open.newTicket!.id]);
    const refused = await callIn(ada, 'POST', `/api/proposals/${open.id}/accept`, {});
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text)).toEqual({
      error: '"Upgrade the warehouse to Postgres 16" was already pushed to github (#9): merging it would leave that item behind. Keep them separate, or delete one.',
    });
    expect((await proposals(second)).find((p) => p.id === open.id)!.state).toBe('open');
    await t.db.query('update tickets set external_url = null, external_type = null, external_key = null where id = $1', [open.newTicket!.id]);
    // Another ticket of the second meeting depends on the new one, and one depends on both: each ends depending on the open ticket once.
    const [alerting, revenue] = (await t.db.query(`select id from tickets where transcript_id = $1 and title in ('Set up alerting for failed Airflow DAGs', 'Build a revenue dashboard for finance') order by title desc`, [second])).rows.map((r) => r.id as string);
    await t.db.query('update tickets set dependencies = $2 where id = $1', [alerting, JSON.stringify([open.newTicket!.id])]);
    await t.db.query('update tickets set dependencies = $2 where id = $1', [revenue, JSON.stringify([open.newTicket!.id, open.ticket.id])]);
    const merged = await callIn(ada, 'POST', `/api/proposals/${open.id}/accept`, { applyDueDate: true, applyPriority: true });
    expect(merged.status, merged.text).toBe(200);
    const deps = new Map((await t.db.query('select id, dependencies from tickets where id = any($1)', [[alerting, revenue]])).rows.map((r) => [r.id, r.dependencies]));
    expect(deps.get(alerting)).toEqual([open.ticket.id]);
    expect(deps.get(revenue)).toEqual([open.ticket.id]);
  });

  it('that merge applied the due date and priority the meeting proposed, as asked, in the history', async () => {
    const open = (await proposals(second)).find((p) => p.kind === 'same' && p.newTitle === 'Upgrade the warehouse to Postgres 16')!;
    expect(open.state).toBe('accepted');
    const ticket = (await callIn(ada, 'GET', `/api/tickets/${open.ticket.id}`)).body['ticket'] as Json;
    expect(ticket).toMatchObject({ dueDate: '2026-05-16', priority: 'High' });
    const [event] = ((await callIn(ada, 'GET', `/api/tickets/${open.ticket.id}/events`)).body as { events: { kind: string; data: Json }[] }).events;
    expect(event).toMatchObject({ kind: 'merged', data: { changes: [{ field: 'dueDate', before: null, after: '2026-05-16' }, { field: 'priority', before: 'Medium', after: 'High' }] } });
  });

  it('the third meeting restates tickets of both earlier meetings', async () => {
    const pairs = (await proposals(third)).filter((p) => p.kind === 'same').map((p) => [p.newTitle, p.ticket.title]);
    expect(pairs, JSON.stringify(pairs)).toEqual(expect.arrayContaining([['Build the revenue dashboard for finance', 'Build a revenue dashboard for finance']]));
    expect(pairs.filter(([title]) => /GDPR/.test(title ?? ''))).toEqual([]);
  });

  it('accepting "done" sets the status Done with the meeting\'s sentence in the history; dismissing changes nothing', async () => {
    const done = (await proposals(third)).filter((p) => p.kind === 'done' && p.state === 'open');
    const etl = done.find((p) => /airflow|etl/i.test(p.ticket.title))!;
    const accepted = await callIn(grace, 'POST', `/api/proposals/${etl.id}/accept`, {});
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body['proposal']).toMatchObject({ state: 'accepted', ticket: { status: 'Done' } });
    const [event] = ((await callIn(ada, 'GET', `/api/tickets/${etl.ticket.id}/events`)).body as { events: { kind: string; data: Json }[] }).events;
    expect(event).toMatchObject({
      kind: 'edited', data: { changes: [{ field: 'status', before: 'ToDo', after: 'Done' }], because: { transcriptId: third, quote: 'Moving the nightly ETL to Airflow is done.' } },
    });
    const other = (await proposals(third)).find((p) => p.state === 'open');
    expect(other).toBeDefined();
    {
      const before = (await t.db.query('select status, updated_at from tickets where id = $1', [other!.ticket.id])).rows[0];
      const dismissed = await callIn(ada, 'POST', `/api/proposals/${other!.id}/dismiss`);
      expect(dismissed.status, dismissed.text).toBe(200);
      expect(dismissed.body['proposal']).toMatchObject({ state: 'dismissed', decidedBy: 'Hannah Becker' });
      expect((await t.db.query('select status, updated_at from tickets where id = $1', [other!.ticket.id])).rows[0]).toEqual(before);
    }
  });

  it('a decided "same as" no longer warns the push wizard', async () => {
    const secondTickets = (await t.db.query('select id from tickets where transcript_id = $1', [second])).rows.map((r) => r.id as string);
    const open = (await proposals(second)).filter((p) => p.kind === 'same' && p.state === 'open').map((p) => p.id);
    const analysis = await callIn(ada, 'POST', '/api/push/analyze', { ticketIds: secondTickets });
    expect((analysis.body['undecided'] as { proposalId: string }[]).map((u) => u.proposalId).sort()).toEqual(open.sort());
  });

  it('a ticket said done or merged is not matched again; open ones first in the list', async () => {
    const list = await proposals(second);
    const states = list.map((p) => p.state);
    expect(states).toEqual([...states].sort((a, b) => Number(b === 'open') - Number(a === 'open')));
  });

  it('concurrent decisions on one proposal: exactly one wins, the others are refused in words', async () => {
    const open = (await proposals(second)).find((p) => p.state === 'open' && p.newTitle === 'Move the nightly ETL jobs to Airflow')!;
    expect(open).toBeDefined();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => callIn(i % 2 ? ada : grace, 'POST', `/api/proposals/${open.id}/${i % 3 ? 'accept' : 'dismiss'}`, i % 3 ? {} : undefined)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status, answer.text).toBe(409);
      expect(answer.text).toMatch(/^\{"error":"This proposal was already (accepted|dismissed)\."\}$/);
    }
  });

  it("another workspace's member, and an unknown or malformed id, get a 404 in words", async () => {
    const [p] = await proposals(second);
    for (const [method, path] of [['GET', `/api/transcripts/${second}/proposals`], ['POST', `/api/proposals/${p!.id}/dismiss`], ['POST', `/api/proposals/${p!.id}/accept`]] as const) {
      const response = await fetch(`${t.base}${path}`, { method, headers: { authorization: `Bearer ${outsider.token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: path.includes('transcripts') ? 'Transcript not found' : 'Proposal not found' });
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await callIn(ada, 'POST', `/api/proposals/${id}/dismiss`);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ error: 'Proposal not found' });
    }
    const bad = await callIn(ada, 'POST', `/api/proposals/${p!.id}/accept`, { applyDueDate: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.text).not.toMatch(/\bat .*\.(?:js|ts):\d+/);
  });
});
