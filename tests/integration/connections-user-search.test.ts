// POST /api/connections/users/search: the people a tracker can assign, for the user mapping editor, from the
// connection form before it is saved or from a saved connection, against GitHub's stand-in (through the built-in
// github plugin) and the kanban fixture plugin, which offers no search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { requiringCredentials } from '../trackers/stand-in.ts';
import { call, kanbanConnection, useConnectionApp, type Json } from './connections-support.ts';

const context = useConnectionApp();
const { t, server, token, api } = context;
const SEARCH = '/api/connections/users/search';
let github: GitHubFake;
let githubToken: string;

/** The connection form's fields for GitHub's stand-in, with `changes`. */
const githubForm = (changes: Json = {}): Json => ({
  connection_type: 'github', project_identifier: 'acme/web',
  credentials: { github: { token: githubToken } }, settings: { baseUrl: github.fake.url, projectMappings: [], userMappings: {} }, ...changes,
});

beforeAll(async () => {
  github = await startGitHubFake();
  githubToken = github.settings.credentials.token;
  github.state.assignable = new Set(['grace', 'gregor', 'alan']);
  github.fake.routes = requiringCredentials(github.fake.routes, `Bearer ${githubToken}`, () => ({ status: 401, body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' } }));
});
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  await github.fake.close();
});

describe('POST /api/connections/users/search', () => {
  it('answers 401 without a session', async () => {
    expect((await call(t.base, '', 'POST', SEARCH, { query: 'gr', ...githubForm() })).status).toBe(401);
  });

  it("lists the tracker's people for the form before it is saved, keeping each one's value", async () => {
    const answer = await api('POST', SEARCH, { query: 'gr', ...githubForm() });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      offered: true, message: null,
      users: [{ value: 'grace', name: 'grace', login: 'grace' }, { value: 'gregor', name: 'gregor', login: 'gregor' }],
    });
  });

  it("searches a saved connection by its id alone, takes its sealed token for a blank field, and logs the requests", async () => {
    const created = await api('POST', '/api/connections', { name: 'Web', ...githubForm() });
    expect(created.status).toBe(201);
    const id = String((created.body['connection'] as Json)['id']);
    const users = (answer: { body: Json }) => (answer.body['users'] as Json[]).map((user) => user['value']);
    expect(users(await api('POST', SEARCH, { query: 'al', connection_id: id }))).toEqual(['alan']);
    const blank = githubForm({ credentials: { github: { token: '' } }, connection_id: id });
    expect(users(await api('POST', SEARCH, { query: 'grace', ...blank }))).toEqual(['grace']);
    const deliveries = (await api('GET', `/api/connections/${id}/deliveries`)).body['deliveries'] as Json[];
    expect(deliveries.filter((delivery) => delivery['purpose'] === 'searchUsers').map((delivery) => delivery['url'])).toEqual([
      `${github.fake.url}/repos/acme/web/assignees`, `${github.fake.url}/repos/acme/web/assignees`,
    ]);
  });

  it('says in words when the tracker refuses the credentials, without echoing them', async () => {
    const answer = await api('POST', SEARCH, { query: 'gr', ...githubForm({ credentials: { github: { token: 'ghp_wrong-token-1234' } } }) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ offered: true, users: [], message: expect.stringMatching(/^Credentials refused\. GitHub refused the token/) });
    expect(answer.text).not.toContain('ghp_wrong-token-1234');
  });

  it('says that a tracker plugin without a search offers none, so the username is typed', async () => {
    const { name: _name, ...form } = kanbanConnection(server, token);
    const answer = await api('POST', SEARCH, { query: 'ada', ...form });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ offered: false, users: [], message: expect.stringMatching(/does not offer a search of its users here: type each username/) });
  });

  it("answers 404 for another user's connection, as for one that does not exist", async () => {
    const other = await signUpVerified(t.base, t.db);
    const theirs = await call(t.base, other.token, 'POST', '/api/connections', { name: 'Theirs', ...githubForm() });
    expect(theirs.status).toBe(201);
    const id = String((theirs.body['connection'] as Json)['id']);
    for (const connection_id of [id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await api('POST', SEARCH, { query: 'gr', connection_id });
      expect(answer.status).toBe(404);
      expect(answer.body['error']).toBe('Connection not found');
    }
  });

  it('refuses bad input with 400 in words', async () => {
    const refusals: [Json, RegExp][] = [
      [{ query: 'x'.repeat(101), ...githubForm() }, /query/i],
      [{ ...githubForm() }, /query/i],
      [{ query: 'gr', ...githubForm({ project_identifier: ' ' }) }, /^Please fill out all required fields$/],
      [{ query: 'gr', ...githubForm({ connection_type: 'trello' }) }, /^The connection type is not one this server offers/],
      [{ query: 'gr' }, /^Please fill out all required fields$/],
      [{ query: 'gr', ...githubForm({ credentials: { github: { token: '' } } }) }, /^GitHub token is required$/],
      [{ query: 'gr', ...githubForm({ project_identifier: 'not a repository' }) }, /repository/],
    ];
    for (const [body, words] of refusals) {
      const answer = await api('POST', SEARCH, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(String(answer.body['error'])).toMatch(words);
      expect(answer.text).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});
