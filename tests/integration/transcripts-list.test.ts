// The transcripts list searches, sorts and pages in the database: GET /api/transcripts?search&sort&order&page&limit.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, type SignedInUser } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp();
let ada: SignedInUser;
let émile: SignedInUser;

interface ListAnswer {
  data: { title: string; source: string | null }[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** Transcripts stored straight in the table, one minute apart in the given order (the first is the oldest). */
async function store(userId: string, rows: [title: string, source: string][]): Promise<void> {
  for (const [index, [title, source]] of rows.entries()) {
    await t.db.query(
      `insert into transcripts (id, user_id, title, source, processing_status, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, $3, 'completed', now() - make_interval(mins => $4), now())`,
      [userId, title, source, rows.length - index],
    );
  }
}

async function list(query: string, user = ada): Promise<{ status: number; body: ListAnswer & { error?: string } }> {
  const response = await fetch(`${t.base}/api/transcripts?${query}`, { headers: { authorization: `Bearer ${user.token}` } });
  return { status: response.status, body: (await response.json()) as ListAnswer & { error?: string } };
}
const titles = (answer: { body: ListAnswer }) => answer.body.data.map((t) => t.title);

beforeAll(async () => {
  ada = await signUpVerified(t.base, t.db);
  émile = await signUpVerified(t.base, t.db);
  const grace = await signUpVerified(t.base, t.db);
  await store(ada.userId, [
    ['Sprint planning', 'zoom'],
    ['alpha review', 'teams'],
    ['Budget 100% sign-off', 'text'],
    ['Weekly sync', 'google-meet'],
    ['Design_review', 'webvtt'],
  ]);
  await store(émile.userId, [['Zebra crossing', 'text'], ['Été planning', 'text'], ['ЖУРНАЛ review', 'zoom'], ['eagle', 'text'], ['Éclair', 'text']]);
  await store(grace.userId, [['Sprint planning (Grace)', 'zoom']]);
});

describe('GET /api/transcripts: search, sort, pages', () => {
  it('sorts by upload time, newest first by default, and oldest first on request', async () => {
    expect(titles(await list(''))).toEqual(['Design_review', 'Weekly sync', 'Budget 100% sign-off', 'alpha review', 'Sprint planning']);
    expect(titles(await list('sort=date&order=oldest'))).toEqual(['Sprint planning', 'alpha review', 'Budget 100% sign-off', 'Weekly sync', 'Design_review']);
  });

  it('sorts by title ignoring case, A to Z for oldest and Z to A for newest', async () => {
    expect(titles(await list('sort=title&order=oldest'))).toEqual(['alpha review', 'Budget 100% sign-off', 'Design_review', 'Sprint planning', 'Weekly sync']);
    expect(titles(await list('sort=title&order=newest'))).toEqual(['Weekly sync', 'Sprint planning', 'Design_review', 'Budget 100% sign-off', 'alpha review']);
  });

  it('searches title and source ignoring case, never showing another user’s transcripts', async () => {
    expect(titles(await list('search=SPRINT'))).toEqual(['Sprint planning']);
    expect(titles(await list('search=meet'))).toEqual(['Weekly sync']);
    expect(titles(await list('search=review&sort=title&order=oldest'))).toEqual(['alpha review', 'Design_review']);
    expect(titles(await list('search=nothing-like-this'))).toEqual([]);
  });

  it('ignores the case of every letter, not only A-Z, and sorts accented titles beside their letter', async () => {
    expect(titles(await list('search=%C3%89T%C3%89', émile))).toEqual(['Été planning']);
    expect(titles(await list(`search=${encodeURIComponent('журнал')}`, émile))).toEqual(['ЖУРНАЛ review']);
    expect(titles(await list('sort=title&order=oldest', émile))).toEqual(['eagle', 'Éclair', 'Été planning', 'Zebra crossing', 'ЖУРНАЛ review']);
  });

  it('takes % and _ in the search literally', async () => {
    expect(titles(await list(`search=${encodeURIComponent('100%')}`))).toEqual(['Budget 100% sign-off']);
    expect(titles(await list('search=n_r'))).toEqual(['Design_review']);
    expect(titles(await list(`search=${encodeURIComponent('%')}`))).toEqual(['Budget 100% sign-off']);
  });

  it('pages the searched list, with totals that count the search', async () => {
    const first = await list('search=e&sort=title&order=oldest&limit=2&page=1');
    const second = await list('search=e&sort=title&order=oldest&limit=2&page=2');
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
    expect([...titles(first), ...titles(second)]).toEqual(['alpha review', 'Budget 100% sign-off', 'Design_review', 'Weekly sync']);
    expect((await list('search=review&limit=1')).body.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
  });

  it.each([
    ['sort=size', /sort must be one of: date, title/],
    ['order=sideways', /order must be one of: newest, oldest/],
    [`search=${'x'.repeat(201)}`, /search must NOT have more than 200 characters/],
  ])('refuses %s with a clear 400', async (query, message) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });
});
