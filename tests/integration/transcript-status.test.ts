// The status poll reads one row: the transcript's status columns and its ticket count, which PostgreSQL keeps as
// tickets are made (by the ingest or by hand), deleted, moved between transcripts or unlinked. The count must
// always equal the tickets the transcript shows, and another user's transcript stays unseen. The ticket list's
// total comes the same way from the user's ticket count, which must always equal the user's tickets.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { call, type Json } from './connections-support.ts';

const t = useTestApp();
let token: string;
let userId: string;

const MEETING = [
  'Ada Lovelace: I will fix the login redirect bug on Safari by Friday.',
  'Grace Hopper: Can you review the pricing page copy before the launch?',
  'Ada Lovelace: Yes. Alan, please update the deployment runbook for the new region.',
  'Alan Turing: I will update the runbook tomorrow.',
].join('\n');

async function uploaded(name: string): Promise<string> {
  const form = new FormData();
  form.append('transcript', new Blob([MEETING]), name);
  const response = await fetch(`${t.base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(201);
  const id = ((await response.json()) as { transcript: { id: string } }).transcript.id;
  for (const started = Date.now(); (await status(id))['processingStatus'] !== 'completed';) {
    if (Date.now() - started > 30_000) throw new Error(`${name} was not processed within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return id;
}

async function status(id: string, as = token): Promise<Json> {
  const answer = await call(t.base, as, 'GET', `/api/transcripts/${id}/status`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** The ticket count the poll says, and the tickets the transcript shows: they must agree. */
async function counts(id: string): Promise<[number, number]> {
  const detail = await call(t.base, token, 'GET', `/api/transcripts/${id}`);
  return [Number((await status(id))['ticketCount']), (detail.body['tickets'] as Json[]).length];
}

/** The totals the unfiltered ticket lists say; both must equal the user's tickets in the database. */
async function expectListTotals(): Promise<void> {
  const { rows: [row] } = await t.db.query<{ n: number }>('select count(*)::int as n from tickets where user_id = $1', [userId]);
  for (const path of ['/api/tickets?page=1&limit=5', '/api/tickets/filtered?page=1&limit=5']) {
    expect((await call(t.base, token, 'GET', path)).body['pagination'], path).toMatchObject({ total: row!.n });
  }
}

beforeAll(async () => {
  ({ token, userId } = await signUpVerified(t.base, t.db));
});

describe('the status poll', () => {
  let first: string;
  let second: string;

  beforeAll(async () => {
    [first, second] = [await uploaded('first.txt'), await uploaded('second.txt')];
  });

  it('counts the tickets the ingest made', async () => {
    const [polled, shown] = await counts(first);
    expect(shown).toBeGreaterThanOrEqual(2);
    expect(polled).toBe(shown);
    expect(await status(first)).toMatchObject({ id: first, status: 'completed', processingStatus: 'completed', metadata: { ticketCount: shown } });
    await expectListTotals();
  });

  it('follows tickets deleted, made by hand, moved to another transcript and unlinked', async () => {
    const [before] = await counts(first);
    const [secondBefore] = await counts(second);
    const tickets = (await call(t.base, token, 'GET', `/api/transcripts/${first}`)).body['tickets'] as Json[];

    expect((await call(t.base, token, 'DELETE', `/api/tickets/${String(tickets[0]!['id'])}`)).status).toBe(204);
    expect(await counts(first)).toEqual([before - 1, before - 1]);

    const made = await call(t.base, token, 'POST', '/api/tickets', { title: 'Book the room', description: 'For the retro.', project: 'Ops', transcriptId: first });
    expect(made.status, made.text).toBe(201);
    expect(await counts(first)).toEqual([before, before]);

    const moved = await call(t.base, token, 'PUT', `/api/tickets/${String(tickets[1]!['id'])}`, { transcriptId: second });
    expect(moved.status, moved.text).toBe(200);
    expect(await counts(first)).toEqual([before - 1, before - 1]);
    expect(await counts(second)).toEqual([secondBefore + 1, secondBefore + 1]);

    const unlinked = await call(t.base, token, 'PUT', `/api/tickets/${String(tickets[1]!['id'])}`, { transcriptId: null });
    expect(unlinked.status, unlinked.text).toBe(200);
    expect(await counts(second)).toEqual([secondBefore, secondBefore]);
    await expectListTotals();
  });

  it('stays right when many tickets are written at once, in one statement and in concurrent ones', async () => {
    const [before] = await counts(second);
    const insert = (n: number) => t.db.query(
      `insert into tickets (id, user_id, transcript_id, title, description, project, created_at, updated_at)
       select gen_random_uuid(), $1, $2, 'Batch ' || i, 'Made in a batch.', 'Ops', now(), now() from generate_series(1, $3) as i`,
      [userId, second, n],
    );
    await Promise.all([insert(150), insert(50), insert(1)]);
    expect(await counts(second)).toEqual([before + 201, before + 201]);
    await expectListTotals();
    await t.db.query(`delete from tickets where transcript_id = $1 and title like 'Batch %'`, [second]);
    expect(await counts(second)).toEqual([before, before]);
    await expectListTotals();
  });

  it('says 0 tickets while the transcript is still being processed', async () => {
    await t.db.query(`update transcripts set processing_status = 'processing' where id = $1`, [second]);
    expect(await status(second)).toMatchObject({ processingStatus: 'processing', ticketCount: 0 });
    await t.db.query(`update transcripts set processing_status = 'completed' where id = $1`, [second]);
  });

  it('keeps the list total when a transcript is deleted (its tickets stay), and drops the count with the workspace', async () => {
    const doomed = await uploaded('third.txt');
    expect((await call(t.base, token, 'DELETE', `/api/transcripts/${doomed}`)).status).toBe(204);
    await expectListTotals();
    const other = await signUpVerified(t.base, t.db);
    await t.db.query(`insert into tickets (id, user_id, title, description, project, created_at, updated_at) values (gen_random_uuid(), $1, 'Mine', 'd', 'Ops', now(), now())`, [other.userId]);
    expect((await t.db.query('select ticket_count from workspace_ticket_counts where workspace_id = $1', [other.workspaceId])).rows).toEqual([{ ticket_count: 1 }]);
    await t.db.query('delete from users where id = $1', [other.userId]);
    expect((await t.db.query('select 1 from workspace_ticket_counts where workspace_id = $1', [other.workspaceId])).rowCount).toBe(0);
    await expectListTotals();
  });

  it('does not show another user’s transcript, nor one that does not exist', async () => {
    const other = await signUpVerified(t.base, t.db);
    for (const id of [first, crypto.randomUUID(), 'not-an-id']) {
      const answer = await call(t.base, other.token, 'GET', `/api/transcripts/${id}/status`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'Transcript not found' });
    }
  });
});
