// The preview of a push through the API against the GitHub stand-in: the issue a push would create for a ticket,
// with its assignee through the user mappings the wizard typed (saved or not), built by the plugin's create code, and
// nothing written to GitHub or to the connection; then the push sends exactly that issue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { gitHubConnection, pushAndWait, usePushApp, type Json } from './push-support.ts';

const { api } = usePushApp();
let github: GitHubFake;
let connectionId: string;

const writes = () => github.fake.requests.filter((request) => request.method !== 'GET');

async function ticket(fields: Json): Promise<string> {
  const answer = await api('POST', '/api/tickets', { project: 'Website', description: 'Safari users are sent back to the login page.', ...fields });
  expect(answer.status, answer.text).toBe(201);
  return String((answer.body['ticket'] as Json)['id']);
}

const preview = async (body: Json, id = connectionId) => api('POST', `/api/connections/${id}/preview`, body);

beforeAll(async () => {
  github = await startGitHubFake();
  connectionId = await gitHubConnection(api, github);
});
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  await github.fake.close();
});

describe('previewing a push', () => {
  it('shows the issue a push would create, assigned through the mapping typed in the wizard, and changes nothing', async () => {
    const id = await ticket({ title: 'Fix the login redirect loop on Safari', assignee: 'Grace Hopper', priority: 'High', status: 'Done', tags: ['auth'] });
    const before = writes().length;
    const answer = await preview({ ticketId: id, updatedUserMappings: { 'Grace Hopper': 'grace' } });
    expect(answer.status, answer.text).toBe(200);
    const shown = answer.body['preview'] as Json & { request: { body: Json } };
    expect(answer.body).toMatchObject({ ticketId: id, trackerName: 'GitHub', problems: [] });
    expect(shown).toMatchObject({
      title: 'Fix the login redirect loop on Safari',
      fields: [{ name: 'Labels', value: 'tickscribe, priority: high, auth' }],
      then: ['Closed as completed, since the ticket is Done.'],
      request: { method: 'POST', url: `${github.fake.url}/repos/acme/web/issues` },
    });
    expect(shown['assignee']).toMatchObject({ id: 'grace' });
    expect(String(shown['body'])).toContain('Safari users are sent back to the login page.');
    expect(writes()).toHaveLength(before);
    const connection = (await api('GET', '/api/connections')).body['connections'] as Json[];
    expect(JSON.stringify(connection)).not.toContain('"Grace Hopper":"grace"');

    const pushed = await pushAndWait(api, connectionId, { ticketIds: [id], updatedUserMappings: { 'Grace Hopper': 'grace' } });
    expect(pushed['successfulPushes']).toBe(1);
    const created = github.fake.requests.filter((request) => request.operation === 'POST /repos/{owner}/{repo}/issues').at(-1)!;
    expect(created.body).toEqual(shown.request.body);
  });

  it('says in words why a ticket goes unassigned, and what GitHub answered when it cannot be read', async () => {
    const id = await ticket({ title: 'Tidy the sign-in form', assignee: 'Ada Lovelace' });
    const unmapped = await preview({ ticketId: id });
    expect(unmapped.body['problems']).toEqual([expect.stringMatching(/^Not assigned: "Ada Lovelace" has no user mapping for /)]);
    expect((unmapped.body['preview'] as Json)['assignee']).toBeNull();

    const unknown = await preview({ ticketId: id, updatedUserMappings: { 'Ada Lovelace': 'nobody-here' } });
    expect(unknown.body['problems']).toEqual(['Not assigned to "nobody-here": GitHub has no user by that name who can be assigned here.']);

    const saved = github.fake.routes['GET /repos/{owner}/{repo}/labels']!;
    github.fake.routes['GET /repos/{owner}/{repo}/labels'] = () => ({ status: 403, body: { message: 'Resource not accessible by personal access token', documentation_url: 'https://docs.github.com/rest' } });
    try {
      const refused = await preview({ ticketId: id });
      expect(refused.status).toBe(200);
      expect(refused.body['preview']).toBeNull();
      expect((refused.body['problems'] as string[]).at(-1)).toMatch(/Resource not accessible by personal access token/);
    } finally {
      github.fake.routes['GET /repos/{owner}/{repo}/labels'] = saved;
    }
  });

  it('answers 404 for a ticket or connection that is not the workspace\'s, and 400 for a body that breaks the schema', async () => {
    expect((await preview({ ticketId: '00000000-0000-0000-0000-000000000000' })).status).toBe(404);
    expect((await preview({ ticketId: 'x' }, '00000000-0000-0000-0000-000000000000')).status).toBe(404);
    const bad = await preview({ ticketId: 'x'.repeat(101) });
    expect(bad.status).toBe(400);
    expect(bad.body['error']).toMatch(/ticketId/);
  });
});
