// Placeholder speakers ('Unknown speaker', diarisation labels) are not people: the assignee suggestions never
// offer them, whether they come from a transcript's participants or from a ticket's assignee.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isPlaceholderName } from '../../plugins/sdk/index.ts';
import { signUpVerified } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

let app: TestApp;
let base: string;
let db: pg.Client;

beforeAll(async () => {
  app = await startTestApp();
  base = app.url.replace('localhost', '127.0.0.1');
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});
afterAll(async () => {
  await app?.stop();
  await db?.end();
});

describe('placeholder speakers', () => {
  it.each(['Unknown speaker', 'unknown', 'Speaker 2', 'Speaker A', 'speaker_10', 'SPK 1', 'Participant 3', 'Guest', '  Unknown   Speaker '])(
    '%j is a placeholder',
    (name) => expect(isPlaceholderName(name)).toBe(true),
  );
  it.each(['Nina Patel', 'Speaker Pelosi', 'Guestley', 'Ada', 'Unknown Pleasures Band'])('%j is a person', (name) => expect(isPlaceholderName(name)).toBe(false));

  it('are never offered as assignees', async () => {
    const { token, userId } = await signUpVerified(base, db);
    const participants = JSON.stringify([{ id: 'a', name: 'Unknown speaker' }, { id: 'b', name: 'Speaker 2' }, { id: 'c', name: 'Nina Patel' }]);
    await db.query(
      `insert into transcripts (id, user_id, title, participants, processing_status, created_at, updated_at)
       values (gen_random_uuid(), $1, 'Sync', $2::jsonb, 'completed', now(), now())`,
      [userId, participants],
    );
    await db.query(
      `insert into tickets (id, user_id, title, description, project, assignee, created_at, updated_at)
       values (gen_random_uuid(), $1, 'Document the schema', 'In the catalog.', 'Data', 'Speaker A', now(), now())`,
      [userId],
    );
    const search = async (q: string) =>
      ((await (await fetch(`${base}/api/tickets/users/search?q=${q}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { users: { name: string }[] }).users;
    expect(await search('')).toEqual([{ name: 'Nina Patel' }]);
    expect(await search('speaker')).toEqual([]);
  });
});
