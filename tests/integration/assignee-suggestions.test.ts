// Placeholder speakers ('Unknown speaker', diarisation labels) are not people: the assignee suggestions never
// offer them, whether they come from a transcript's participants or from a ticket's assignee.
import { describe, expect, it } from 'vitest';
import { isPlaceholderName } from '../../plugins/sdk/index.ts';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp();

describe('placeholder speakers', () => {
  it.each(['Unknown speaker', 'unknown', 'Speaker 2', 'Speaker A', 'speaker_10', 'SPK 1', 'Participant 3', 'Guest', '  Unknown   Speaker '])(
    '%j is a placeholder',
    (name) => expect(isPlaceholderName(name)).toBe(true),
  );
  it.each(['Nina Patel', 'Speaker Pelosi', 'Guestley', 'Ada', 'Unknown Pleasures Band'])('%j is a person', (name) => expect(isPlaceholderName(name)).toBe(false));

  it('are never offered as assignees', async () => {
    const { token, userId } = await signUpVerified(t.base, t.db);
    const participants = JSON.stringify([{ id: 'a', name: 'Unknown speaker' }, { id: 'b', name: 'Speaker 2' }, { id: 'c', name: 'Nina Patel' }]);
    await t.db.query(
      `insert into transcripts (id, user_id, title, participants, processing_status, created_at, updated_at)
       values (gen_random_uuid(), $1, 'Sync', $2::jsonb, 'completed', now(), now())`,
      [userId, participants],
    );
    await t.db.query(
      `insert into tickets (id, user_id, title, description, project, assignee, created_at, updated_at)
       values (gen_random_uuid(), $1, 'Document the schema', 'In the catalog.', 'Data', 'Speaker A', now(), now())`,
      [userId],
    );
    const search = async (q: string) =>
      ((await (await fetch(`${t.base}/api/tickets/users/search?q=${q}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { users: { name: string }[] }).users;
    expect(await search('')).toEqual([{ name: 'Nina Patel' }]);
    expect(await search('speaker')).toEqual([]);
  });

  it('are matched ignoring the case of every letter and listed alphabetically', async () => {
    const { token, userId } = await signUpVerified(t.base, t.db);
    const participants = JSON.stringify(['Zoë Quinn', 'émile Zola', 'Émilie Ortiz', 'ada Byron', 'Борис Петров'].map((name, i) => ({ id: String(i), name })));
    await t.db.query(
      `insert into transcripts (id, user_id, title, participants, processing_status, created_at, updated_at)
       values (gen_random_uuid(), $1, 'Sync', $2::jsonb, 'completed', now(), now())`,
      [userId, participants],
    );
    const search = async (q: string) =>
      ((await (await fetch(`${t.base}/api/tickets/users/search?q=${encodeURIComponent(q)}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { users: { name: string }[] }).users.map((user) => user.name);
    expect(await search('')).toEqual(['ada Byron', 'émile Zola', 'Émilie Ortiz', 'Zoë Quinn', 'Борис Петров']);
    expect(await search('ÉMIL')).toEqual(['émile Zola', 'Émilie Ortiz']);
    expect(await search('борис')).toEqual(['Борис Петров']);
  });
});
