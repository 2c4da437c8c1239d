import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { containing, foldedValue } from '../../core/db/like.ts';

const t = useTestApp();

const signedIn = () => signUpVerified(t.base, t.db);

type Json = Record<string, unknown>;
async function call(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${t.base}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

const create = async (token: string, fields: Json) => {
  const answer = await call(token, 'POST', '/api/tickets', { title: 'T', description: 'D', project: 'Web', ...fields });
  expect(answer.status).toBe(201);
  return (answer.body['ticket'] as Json)['id'] as string;
};
const titles = (body: Json) => (body['data'] as Json[]).map((t) => t['title']);

describe('creating and reading', () => {
  it('creates with the spec defaults, trims and de-duplicates tags, and reads it back', async () => {
    const { token, userId } = await signedIn();
    const answer = await call(token, 'POST', '/api/tickets', {
      title: ' Fix login ', description: 'Redirect loop', project: 'Web', tags: ['bug', ' bug ', '', 'auth'], user_id: 'ignored',
    });
    expect(answer.status).toBe(201);
    const ticket = answer.body['ticket'] as Json;
    expect(ticket).toMatchObject({
      title: 'Fix login', status: 'ToDo', priority: 'Medium', tags: ['bug', 'auth'], dependencies: [], externalUrl: null, transcriptId: null,
      createdBy: { id: userId, name: 'Ada' }, editedBy: null,
    });
    expect((await call(token, 'GET', `/api/tickets/${String(ticket['id'])}`)).body).toEqual({ ticket });
  });

  it('lists and searches each ticket exactly as it reads alone, every field set or empty', async () => {
    const { token, userId } = await signedIn();
    const plain = await create(token, { title: 'Plain ticket' });
    const full = await create(token, {
      title: 'Full ticket "quoted" \\ ünïcode ✓', description: 'Line one\nLine two\ttabbed', project: 'Web', status: 'InProgress', priority: 'High',
      assignee: 'Ada Lovelace', tags: ['bug', 'auth'], dependencies: [plain], context: 'Why', implementation: 'How', notes: 'Notes', effort: 'Large', dueDate: '2026-12-31',
    });
    // Edited by its user, who then goes by the e-mail address alone; the plain ticket's maker no longer has an account.
    expect((await call(token, 'PUT', `/api/tickets/${full}`, { notes: 'Edited notes' })).status).toBe(200);
    const { rows: [person] } = await t.db.query<{ email: string }>(`update users set full_name = '' where id = $1 returning email`, [userId]);
    await t.db.query(`update tickets set created_by_id = null where id = $1`, [plain]);
    const { rows: [meeting] } = await t.db.query<{ id: string }>(
      `insert into transcripts (id, user_id, title, participants, messages, processing_status, metadata, created_at, updated_at)
       values (gen_random_uuid(), $1, 'Sync', '[]', '[]', 'completed', '{}', now(), now()) returning id`, [userId],
    );
    // Pushed, linked to a meeting, and written at a time with microseconds (milliseconds are what the API shows).
    await t.db.query(
      `update tickets set external_url = 'https://github.com/o/r/issues/7', external_id = '7', external_type = 'github', external_key = 'o/r#7',
         transcript_id = $2, created_at = '2026-11-20 10:11:12.345678+00', updated_at = '2026-11-21 23:59:59.999999+00' where id = $1`, [full, meeting!.id],
    );
    const alone = await Promise.all([plain, full].map(async (id) => (await call(token, 'GET', `/api/tickets/${id}`)).body['ticket'] as Json));
    expect(alone[0]).toMatchObject({ createdBy: null, editedBy: null });
    expect(alone[1]).toMatchObject({ createdBy: { id: userId, name: person!.email }, editedBy: { id: userId, name: person!.email }, notes: 'Edited notes' });
    expect(alone[1]).toMatchObject({ createdAt: '2026-11-20T10:11:12.345Z', updatedAt: '2026-11-21T23:59:59.999Z', transcriptId: meeting!.id, dueDate: '2026-12-31' });
    const byId = (tickets: Json[]) => Object.fromEntries(tickets.map((ticket) => [ticket['id'], ticket]));
    for (const path of ['/api/tickets?page=1&limit=10', '/api/tickets/filtered?page=1&limit=10', '/api/tickets/filtered?page=1&limit=10&priority=All&search=ticket']) {
      expect(byId((await call(token, 'GET', path)).body['data'] as Json[]), path).toEqual(byId(alone));
    }
    expect(byId((await call(token, 'GET', '/api/tickets/search?q=ticket')).body['tickets'] as Json[])).toEqual(byId(alone));
    expect(await call(token, 'GET', '/api/tickets/filtered?page=3&limit=10')).toEqual({
      status: 200, body: { data: [], pagination: { page: 3, limit: 10, total: 2, totalPages: 1 } },
    });
    expect((await call(token, 'GET', '/api/tickets/search?q=nothing-like-this')).body).toEqual({ tickets: [] });
  });

  it.each([
    [{ title: '' }], [{ title: '   ' }], [{ project: undefined }], [{ description: ' ' }],
  ])('refuses %o with the spec message', async (change) => {
    const { token } = await signedIn();
    expect(await call(token, 'POST', '/api/tickets', { title: 'T', description: 'D', project: 'P', ...change })).toEqual({
      status: 400, body: { error: 'Please fill out all required fields' },
    });
  });

  it('refuses unknown fields and values outside the allowed sets', async () => {
    const { token } = await signedIn();
    expect((await call(token, 'POST', '/api/tickets', { title: 'T', description: 'D', project: 'P', status: 'Blocked' })).status).toBe(400);
    expect((await call(token, 'POST', '/api/tickets', { title: 'T', description: 'D', project: 'P', owner: 'x' })).body).toEqual({
      error: "Invalid request: body has an unknown property 'owner'",
    });
  });
});

describe('updating and dependencies', () => {
  it('changes only the given fields; a blanked required field is refused', async () => {
    const { token } = await signedIn();
    const id = await create(token, { priority: 'High', assignee: 'Ada' });
    const updated = await call(token, 'PUT', `/api/tickets/${id}`, { status: 'InProgress', dueDate: '2026-12-01', effort: 'Large' });
    expect(updated.body['ticket']).toMatchObject({ status: 'InProgress', priority: 'High', assignee: 'Ada', dueDate: '2026-12-01', effort: 'Large' });
    expect(updated.body['ticket']).toMatchObject({ createdBy: { name: 'Ada' }, editedBy: { name: 'Ada' } });
    expect(await call(token, 'PUT', `/api/tickets/${id}`, { title: ' ' })).toEqual({ status: 400, body: { error: 'Please fill out all required fields' } });
    expect((await call(token, 'PUT', `/api/tickets/${id}`, { dueDate: '' })).body['ticket']).toMatchObject({ dueDate: null });
  });

  it('refuses, in words, an edit made from a version someone changed since; of edits made at once from one version, one is saved', async () => {
    const { token } = await signedIn();
    const id = await create(token, { title: 'Shared' });
    const shown = ((await call(token, 'GET', `/api/tickets/${id}`)).body['ticket'] as Json)['updatedAt'] as string;
    // Two editors opened the ticket at the same version; the first saves.
    const first = await call(token, 'PUT', `/api/tickets/${id}`, { title: 'First editor', updatedAt: shown });
    expect(first.status).toBe(200);
    const saved = (first.body['ticket'] as Json)['updatedAt'] as string;
    expect(saved).not.toBe(shown);
    // The second is refused and changes nothing.
    expect(await call(token, 'PUT', `/api/tickets/${id}`, { title: 'Second editor', updatedAt: shown })).toEqual({
      status: 409, body: { error: 'Someone changed this ticket after you opened it. Reload it to see their changes, then make yours again.' },
    });
    expect(((await call(token, 'GET', `/api/tickets/${id}`)).body['ticket'] as Json)['title']).toBe('First editor');
    // From the version just saved, it goes through; without one (an API client that sends none), as before.
    expect((await call(token, 'PUT', `/api/tickets/${id}`, { title: 'Second, reloaded', updatedAt: saved })).status).toBe(200);
    expect((await call(token, 'PUT', `/api/tickets/${id}`, { notes: 'no version' })).status).toBe(200);
    expect(await call(token, 'PUT', `/api/tickets/${id}`, { title: 'x', updatedAt: 'yesterday' })).toEqual({
      status: 400, body: { error: "updatedAt must be the ticket's updatedAt as the API gave it (an ISO 8601 time)." },
    });

    // Twenty editors at once from one version: exactly one change is saved, the others are refused.
    const current = ((await call(token, 'GET', `/api/tickets/${id}`)).body['ticket'] as Json)['updatedAt'] as string;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(token, 'PUT', `/api/tickets/${id}`, { title: `Editor ${i}`, updatedAt: current })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const winner = answers.find((answer) => answer.status === 200)!.body['ticket'] as Json;
    expect(((await call(token, 'GET', `/api/tickets/${id}`)).body['ticket'] as Json)['title']).toBe(winner['title']);
  });

  it("accepts the user's own tickets as dependencies, never itself or another user's", async () => {
    const { token } = await signedIn();
    const other = await signedIn();
    const first = await create(token, { title: 'First' });
    const second = await create(token, { title: 'Second', dependencies: [first] });
    const foreign = await create(other.token, {});
    expect(await call(token, 'PUT', `/api/tickets/${second}`, { dependencies: [second] })).toEqual({ status: 400, body: { error: 'A ticket cannot depend on itself.' } });
    expect(await call(token, 'PUT', `/api/tickets/${second}`, { dependencies: [foreign] })).toEqual({ status: 400, body: { error: 'Dependencies must be tickets of this workspace.' } });
    expect(await call(token, 'PUT', `/api/tickets/${second}`, { dependencies: ['nonsense'] })).toEqual({ status: 400, body: { error: 'Dependencies must be tickets of this workspace.' } });
    expect((await call(token, 'DELETE', `/api/tickets/${first}`)).status).toBe(204);
    expect((await call(token, 'GET', `/api/tickets/${second}`)).body['ticket']).toMatchObject({ dependencies: [] });
  });
});

describe('another user', () => {
  it('gets 404 for every ticket route, never data', async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const id = await create(owner.token, { title: 'Private' });
    for (const [method, body] of [['GET', undefined], ['PUT', { title: 'Mine now' }], ['DELETE', undefined]] as const) {
      expect(await call(stranger.token, method, `/api/tickets/${id}`, body)).toEqual({ status: 404, body: { error: 'Ticket not found' } });
    }
    expect((await call(stranger.token, 'GET', '/api/tickets')).body['data']).toEqual([]);
    expect((await call(stranger.token, 'GET', '/api/tickets/search?q=Private')).body).toEqual({ tickets: [] });
    expect((await call(stranger.token, 'GET', '/api/tickets/filtered?search=Private')).body['data']).toEqual([]);
    expect((await call(owner.token, 'GET', `/api/tickets/${id}`)).status).toBe(200);
    expect(await call(stranger.token, 'GET', '/api/tickets/not-a-uuid')).toEqual({ status: 404, body: { error: 'Ticket not found' } });
  });
});

describe('lists, filters and search', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signedIn());
    const rows: Json[] = [
      { title: 'Fix login redirect', project: 'Web', status: 'ToDo', priority: 'High', assignee: 'Ada Lovelace' },
      { title: 'Write release notes', project: 'Docs', status: 'Done', priority: 'Low', assignee: 'Grace Hopper' },
      { title: 'Migrate the billing tables', project: 'Web', status: 'InProgress', priority: 'Medium', assignee: null, description: 'Move to 100% Postgres_16' },
      { title: 'Pushed one', project: 'Docs', status: 'ToDo', priority: 'High' },
    ];
    for (const row of rows) await create(token, row);
    await t.db.query(`update tickets set external_url = 'https://github.com/o/r/issues/7', external_id = '7' where title = 'Pushed one'`);
  });

  it('pages newest first', async () => {
    const first = await call(token, 'GET', '/api/tickets?page=1&limit=3');
    expect(titles(first.body)).toEqual(['Pushed one', 'Migrate the billing tables', 'Write release notes']);
    expect(first.body['pagination']).toEqual({ page: 1, limit: 3, total: 4, totalPages: 2 });
    expect(titles((await call(token, 'GET', '/api/tickets?page=2&limit=3')).body)).toEqual(['Fix login redirect']);
    // A page past the end is empty and still knows the total, on both lists; so is a filter that matches nothing.
    for (const path of ['/api/tickets?page=3&limit=3', '/api/tickets/filtered?page=3&limit=3']) {
      const beyond = await call(token, 'GET', path);
      expect(beyond.body['data'], path).toEqual([]);
      expect(beyond.body['pagination'], path).toEqual({ page: 3, limit: 3, total: 4, totalPages: 2 });
    }
    const none = await call(token, 'GET', '/api/tickets/filtered?page=1&limit=3&search=nothing-matches-this');
    expect(none.body['data']).toEqual([]);
    expect(none.body['pagination']).toEqual({ page: 1, limit: 3, total: 0, totalPages: 0 });
    expect((await call(token, 'GET', '/api/tickets?limit=500')).status).toBe(400);
  });

  it.each([
    ['status=ToDo', ['Pushed one', 'Fix login redirect']],
    ['status=All', ['Pushed one', 'Migrate the billing tables', 'Write release notes', 'Fix login redirect']],
    ['priority=High', ['Pushed one', 'Fix login redirect']],
    ['project=Docs', ['Pushed one', 'Write release notes']],
    ['pushed=true', ['Pushed one']],
    ['pushed=NotPushed', ['Migrate the billing tables', 'Write release notes', 'Fix login redirect']],
    ['status=ToDo&priority=High&project=Web&pushed=false', ['Fix login redirect']],
    ['search=LOGIN', ['Fix login redirect']],
    ['search=grace', ['Write release notes']],
    ['search=100%25', ['Migrate the billing tables']],
    ['search=Postgres%2516', []],
    ['search=Postgres_x', []],
    ['search=es_1', ['Migrate the billing tables']],
    ['search=release&status=ToDo', []],
    ['search=%20%20', ['Pushed one', 'Migrate the billing tables', 'Write release notes', 'Fix login redirect']],
  ])('filtered?%s', async (query, expected) => {
    const answer = await call(token, 'GET', `/api/tickets/filtered?page=1&limit=10&${query}`);
    expect(answer.status).toBe(200);
    expect(titles(answer.body)).toEqual(expected);
    expect((answer.body['pagination'] as Json)['total']).toBe(expected.length);
  });

  it('refuses unknown filter values', async () => {
    expect((await call(token, 'GET', '/api/tickets/filtered?status=Blocked')).status).toBe(400);
  });

  it('searches tickets for dependencies, 10 at most by default', async () => {
    for (let i = 0; i < 11; i++) await create(token, { title: `Dependency candidate ${i}` });
    const answer = await call(token, 'GET', '/api/tickets/search?q=candidate');
    expect((answer.body['tickets'] as Json[]).length).toBe(10);
    expect((await call(token, 'GET', '/api/tickets/search?q=candidate&limit=3')).body['tickets']).toHaveLength(3);
  });

  it('finds quotes, backslashes, question marks and dollar signs as written, in both searches', async () => {
    const { token: own } = await signedIn();
    const written = [`Why isn't it? O'Brien's $1 path C:\\tmp\\new`, 'Plain neighbour', `What? Really?? '' \\' $2`];
    for (const title of written) await create(own, { title });
    for (const [q, expected] of [
      ["isn't it?", [written[0]]], ['?', [written[2], written[0]]], ['??', [written[2]]], ["O'Brien's $1", [written[0]]],
      ['C:\\tmp\\new', [written[0]]], ["'' \\' $2", [written[2]]], ['\\x3f', []], ["'; drop table tickets; --", []],
    ] as const) {
      const filtered = await call(own, 'GET', `/api/tickets/filtered?page=1&limit=10&status=All&search=${encodeURIComponent(q)}`);
      expect(filtered.status, q).toBe(200);
      expect(titles(filtered.body), q).toEqual(expected);
      const dependencies = await call(own, 'GET', `/api/tickets/search?q=${encodeURIComponent(q)}`);
      expect((dependencies.body['tickets'] as Json[]).map((ticket) => ticket['title']), q).toEqual(expected);
    }
  });

  it('takes %, _ and \\ in a search as the characters themselves, never as wildcards, in both searches', async () => {
    const { token: own } = await signedIn();
    const written = ['Done 100% of it', 'Done 1000 of it', 'rename snake_case keys', 'rename snakeXcase keys', 'path a\\b', 'path ab'];
    for (const title of written) await create(own, { title });
    for (const [q, expected] of [
      ['%', [written[0]]], ['0%', [written[0]]], ['_', [written[2]]], ['e_c', [written[2]]], ['\\', [written[4]]],
      ['a\\b', [written[4]]], ['%_\\', []], ['Done', [written[1], written[0]]],
    ] as const) {
      const filtered = await call(own, 'GET', `/api/tickets/filtered?page=1&limit=10&search=${encodeURIComponent(q)}`);
      expect(filtered.status, q).toBe(200);
      expect(titles(filtered.body), q).toEqual(expected);
      expect((filtered.body['pagination'] as Json)['total'], q).toBe(expected.length);
      const dependencies = await call(own, 'GET', `/api/tickets/search?q=${encodeURIComponent(q)}`);
      expect((dependencies.body['tickets'] as Json[]).map((ticket) => ticket['title']), q).toEqual(expected);
    }
  });

  it('suggests assignees from participants and earlier assignees', async () => {
    await t.db.query(
      `insert into transcripts (id, user_id, title, participants, messages, processing_status, metadata, created_at, updated_at)
       select gen_random_uuid(), user_id, 'Sync', '[{"id":"p1","name":"Alan Turing"},{"id":"p2","name":"Ada Lovelace"}]', '[]', 'completed', '{}', now(), now()
       from tickets where title = 'Fix login redirect' limit 1`,
    );
    expect((await call(token, 'GET', '/api/tickets/users/search?q=')).body).toEqual({
      users: [{ name: 'Ada Lovelace' }, { name: 'Alan Turing' }, { name: 'Grace Hopper' }],
    });
    expect((await call(token, 'GET', '/api/tickets/users/search?q=a&limit=1')).body).toEqual({ users: [{ name: 'Ada Lovelace' }] });
    expect((await call(token, 'GET', '/api/tickets/users/search?q=hop&project=Web')).body).toEqual({ users: [] });
  });
});

describe('very long lists', () => {
  it('count all tickets exactly, filtered matches up to 10,000, and say when the total is capped', async () => {
    const { token, userId } = await signedIn();
    await t.db.query(
      `insert into tickets (id, user_id, title, description, project, status, priority, tags, dependencies, created_at, updated_at)
       select gen_random_uuid(), $1, 'Generated ' || i, 'd', 'Bulk', 'ToDo', 'Low', '[]', '[]', now() - make_interval(secs => i), now()
       from generate_series(1, 10050) as i`,
      [userId],
    );
    const all = await call(token, 'GET', '/api/tickets/filtered?page=1&limit=10');
    expect(all.body['pagination']).toEqual({ page: 1, limit: 10, total: 10_050, totalPages: 1005 });
    expect(all.body['totalCapped']).toBeUndefined();
    expect(titles(all.body)[0]).toBe('Generated 1');
    const capped = await call(token, 'GET', '/api/tickets/filtered?page=1&limit=10&status=ToDo');
    expect(capped.body['pagination']).toEqual({ page: 1, limit: 10, total: 10_000, totalPages: 1000 });
    expect(capped.body['totalCapped']).toBe(true);
    // A search counts ten pages past the one shown (the pagination's reach), further as the reader pages on, and
    // never past 1,000.
    const searched = await call(token, 'GET', '/api/tickets/filtered?page=1&limit=10&search=Generated');
    expect(searched.body['pagination']).toEqual({ page: 1, limit: 10, total: 110, totalPages: 11 });
    expect(searched.body['totalCapped']).toBe(true);
    const further = await call(token, 'GET', '/api/tickets/filtered?page=11&limit=10&search=Generated');
    expect(further.body['pagination']).toEqual({ page: 11, limit: 10, total: 210, totalPages: 21 });
    expect(titles(further.body)).toHaveLength(10);
    const farthest = await call(token, 'GET', '/api/tickets/filtered?page=5&limit=50&search=Generated');
    expect(farthest.body['pagination']).toEqual({ page: 5, limit: 50, total: 750, totalPages: 15 });
    const capped1000 = await call(token, 'GET', '/api/tickets/filtered?page=20&limit=50&search=Generated');
    expect(capped1000.body['pagination']).toEqual({ page: 20, limit: 50, total: 1_000, totalPages: 20 });
    expect(capped1000.body['totalCapped']).toBe(true);
    const exact = await call(token, 'GET', '/api/tickets/filtered?page=1&limit=10&search=Generated%2010049');
    expect(exact.body['pagination']).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expect(exact.body['totalCapped']).toBeUndefined();
  });
});

describe('text search plans', () => {
  it('look the folded pattern up in the trigram index (a pattern in another collation than the column could not be)', async () => {
    const compiler = new Kysely<object>({
      dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() },
    });
    const explain = sql`explain select id from tickets where search_text like ${foldedValue(containing('checkout'))}`.compile(compiler);
    await t.db.query('begin');
    try {
      // Only a bitmap scan of an index whose condition is the pattern itself remains.
      await t.db.query('set local enable_seqscan = off');
      await t.db.query('set local enable_indexscan = off');
      const { rows } = await t.db.query<{ 'QUERY PLAN': string }>(explain.sql, [...explain.parameters]);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Bitmap Index Scan on tickets_search_trgm_idx[\s\S]*Index Cond: .*search_text ~~/);
    } finally {
      await t.db.query('rollback');
    }
  });

  // A search chooses as it runs between cutting the page from its matches (few matches, found through the trigram
  // index) and walking the newest-first index (a common word, or text too short for a trigram): each way must
  // answer exactly what a plain scan would, page by page.
  it('answers every page as a plain scan would, for rare, common, short, mixed-case and accented text', async () => {
    const { token, userId } = await signedIn();
    const words = ['Checkout', 'login', 'ÉTÉ café', 'pricing', 'a%b', 'Жук x_y'];
    await t.db.query(
      `insert into tickets (id, user_id, title, description, project, assignee, status, priority, tags, dependencies, created_at, updated_at)
       select gen_random_uuid(), $1, 'Task ' || i || ' ' || ($2::text[])[1 + i % 6] || case when i % 97 = 0 then ' rarity' else '' end,
         'About ' || ($2::text[])[1 + (i / 6) % 6], (array['Web','Mobile'])[1 + i % 2], case when i % 5 = 0 then 'Grace Hopper' end,
         (array['ToDo','Done'])[1 + i % 2], 'Low', '[]', '[]', now() - make_interval(secs => i), now()
       from generate_series(1, 600) as i`,
      [userId, words],
    );
    const { rows } = await t.db.query<{ title: string; text: string; status: string }>(
      `select title, status, title || ' ' || description || ' ' || coalesce(assignee, '') || ' ' || project as text
       from tickets where user_id = $1 order by created_at desc, id desc`,
      [userId],
    );
    // Case is ignored for every letter, not only A-Z: "CAFÉ" finds "café" and "жук" finds "Жук".
    for (const q of ['checkout', 'RARITY', 'grace', 'é', 'ab', 'été', 'a%b', 'x_y', 'CAFÉ', 'жук', 'task 5', '#', 'mobile']) {
      const matching = rows.filter((row) => row.text.toLowerCase().includes(q.toLowerCase()));
      expect(matching.length, q).toBeGreaterThan(['#', 'ab'].includes(q) ? -1 : 0);
      for (const [status, expected] of [['All', matching], ['Done', matching.filter((row) => row.status === 'Done')]] as const) {
        for (const page of [1, 2, 7]) {
          const answer = await call(token, 'GET', `/api/tickets/filtered?page=${page}&limit=10&status=${status}&search=${encodeURIComponent(q)}`);
          expect(titles(answer.body), `${q} ${status} page ${page}`).toEqual(expected.slice((page - 1) * 10, page * 10).map((row) => row.title));
          const cap = Math.min(1_000, (page + 10) * 10);
          expect((answer.body['pagination'] as Json)['total'], `${q} ${status} page ${page}`).toBe(Math.min(cap, expected.length));
        }
      }
      const picker = await call(token, 'GET', `/api/tickets/search?q=${encodeURIComponent(q)}&limit=5`);
      expect((picker.body['tickets'] as Json[]).map((ticket) => ticket['title']), q).toEqual(matching.slice(0, 5).map((row) => row.title));
    }
  });
});
