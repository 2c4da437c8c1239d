import { describe, expect, it } from 'vitest';
import { assertTrackerContract, fetchHttp, sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import { markerOf } from '../../plugins/sdk/index.ts';
import { githubTracker } from '../../plugins/trackers/github/index.ts';
import { gitHubError, useGitHubFake } from './github-fake.ts';

const ISSUES = 'POST /repos/{owner}/{repo}/issues';
const LABELS = 'POST /repos/{owner}/{repo}/labels';
const CLOSE = 'PATCH /repos/{owner}/{repo}/issues/{issue_number}';
const BLOCKED_BY = 'POST /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by';

const github = useGitHubFake();

describe('github create', () => {
  it('maps every field of the ticket onto the issue', async () => {
    const ticket = sampleTicket({ assignee: { id: 'grace', name: 'grace' } });
    const item = await githubTracker.create(ticket, github.context());

    expect(item).toEqual({ externalId: '1', key: '#1', url: 'https://github.com/acme/web/issues/1' });
    const [request] = github.requests(ISSUES);
    expect(request!.headers).toMatchObject({
      accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', authorization: 'Bearer github_pat_11ABCDEFG0123456789',
    });
    expect(request!.body).toEqual({
      title: 'Fix the login timeout on mobile',
      body: [
        'Sessions on mobile end after a minute.',
        'Users are logged out mid-form.',
        '### Context\n\nReported by three customers this week.',
        '### Implementation details\n\nRaise the idle timeout and refresh the token in the background.',
        '### Notes\n\nCheck the tablet layout too.',
        '### Effort\n\nMedium',
        '### Depends on\n\n- Agree the session policy (SEC-1 https://tracker.example/SEC-1)',
        '### From the meeting\n\n> Grace, can you fix the login timeout on mobile by Friday?',
        '### Due date\n\n2026-12-04',
        `<!-- ${markerOf(ticket.id)} -->`,
      ].join('\n\n'),
      labels: ['tickscribe', 'priority: high', 'mobile', 'login flow'],
      assignees: ['grace'],
    });
    expect(github.requests(CLOSE)).toEqual([]);
    expect(github.state.issues[0]).toMatchObject({ state: 'open' });
  });

  it('creates the labels the repository lacks, with colours, and reuses the ones it has as they are spelled', async () => {
    github.state.labels.push({ name: 'Mobile', color: '000000' });
    await githubTracker.create(sampleTicket({ priority: 'Low', tags: ['mobile', ' Login flow ', 'login flow', ''] }), github.context());

    expect(github.requests(LABELS).map((request) => request.body)).toEqual([
      { name: 'tickscribe', color: '5319e7' },
      { name: 'priority: low', color: '0e8a16' },
      { name: 'Login flow', color: 'c5def5' },
    ]);
    expect((github.requests(ISSUES)[0]!.body as { labels: string[] }).labels).toEqual(['tickscribe', 'priority: low', 'Mobile', 'Login flow']);
    await githubTracker.create(sampleTicket({ priority: 'Low', tags: ['mobile'] }), github.context());
    expect(github.requests(LABELS)).toHaveLength(3);
  });

  it('leaves an issue without assignee, tags, due date or long fields lean', async () => {
    const ticket = sampleTicket({ context: null, implementation: null, notes: null, effort: null, quote: null, tags: [], dueDate: null, dependsOn: [] });
    await githubTracker.create({ ...ticket, description: 'Only this.', priority: 'Medium' }, github.context());
    expect(github.requests(ISSUES)[0]!.body).toEqual({
      title: ticket.title, body: `Only this.\n\n<!-- ${markerOf(ticket.id)} -->`, labels: ['tickscribe', 'priority: medium'],
    });
  });

  it('closes the issue of a ticket that is done, and leaves one in progress open', async () => {
    const done = await githubTracker.create(sampleTicket({ status: 'Done' }), github.context());
    await githubTracker.create(sampleTicket({ status: 'InProgress' }), github.context());

    expect(github.requests(CLOSE).map((request) => [request.params.issue_number, request.body])).toEqual([
      [done.externalId, { state: 'closed', state_reason: 'completed' }],
    ]);
    expect(github.state.issues.map((issue) => issue.state)).toEqual(['closed', 'open']);
  });

  it('says the issue exists when closing it fails', async () => {
    github.fake.routes[CLOSE] = () => gitHubError(403, 'Must have admin rights to Repository.');
    await expect(githubTracker.create(sampleTicket({ status: 'Done' }), github.context())).rejects.toMatchObject({
      kind: 'forbidden', message: expect.stringMatching(/^Created issue #1, but could not close it: GitHub: Must have admin rights/),
    });
  });
});

describe('github findByMarker', () => {
  it('finds the issue right after it is created, among marked issues only, and null for a ticket never pushed', async () => {
    const first = sampleTicket();
    const item = await githubTracker.create(first, github.context());
    await githubTracker.create(sampleTicket(), github.context());

    expect(await githubTracker.findByMarker(first.id, github.context())).toEqual(item);
    expect(await githubTracker.findByMarker('never-pushed', github.context())).toBeNull();
    const listing = github.requests('GET /repos/{owner}/{repo}/issues')[0]!;
    expect(Object.fromEntries(listing.query)).toEqual({ labels: 'tickscribe', state: 'all', sort: 'created', direction: 'desc', per_page: '100' });
  });

  it('finds closed issues and reads further pages, but not an issue whose marker only starts the same', async () => {
    const ticket = sampleTicket({ id: 'a1', status: 'Done' });
    const item = await githubTracker.create(ticket, github.context());
    // A hundred newer ones, put there directly: made through the API they would pass GitHub's 80 a minute.
    github.seedIssues(Array.from({ length: 100 }, (_, index) => ({ title: 'Later', body: `<!-- ${markerOf(`a1-${index}`)} -->`, labels: ['tickscribe'] })));

    expect(await githubTracker.findByMarker('a1', github.context())).toEqual(item);
    expect(github.requests('GET /repos/{owner}/{repo}/issues').map((request) => request.query.get('page'))).toEqual([null, '2']);
  });
});

describe('github resolveUser', () => {
  it('answers a login the repository can assign, and null for one it cannot', async () => {
    expect(await githubTracker.resolveUser('@grace', github.context())).toEqual({ id: 'grace', name: 'grace' });
    expect(await githubTracker.resolveUser('mallory', github.context())).toBeNull();
    expect(github.requests('GET /repos/{owner}/{repo}/assignees/{assignee}').map((request) => request.params.assignee)).toEqual(['grace', 'mallory']);
  });

  it('answers null for names and addresses that cannot be logins, without asking', async () => {
    expect(await githubTracker.resolveUser('Grace Hopper', github.context())).toBeNull();
    expect(await githubTracker.resolveUser('grace@example.com', github.context())).toBeNull();
    expect(github.fake.requests).toEqual([]);
  });
});

describe('github link', () => {
  it('records that the item is blocked by its dependency, and counts an existing relation as linked', async () => {
    const dependency = await githubTracker.create(sampleTicket(), github.context());
    const item = await githubTracker.create(sampleTicket(), github.context());

    expect(await githubTracker.link(item, dependency, github.context())).toBe('linked');
    const [request] = github.requests(BLOCKED_BY);
    expect(request!.params.issue_number).toBe(item.externalId);
    expect(request!.body).toEqual({ issue_id: github.state.issues[0]!.id });
    expect(await githubTracker.link(item, dependency, github.context())).toBe('linked');
    expect(github.state.blockedBy.get(2)).toEqual([github.state.issues[0]!.id]);
  });

  it('answers unsupported where the server does not offer dependencies, and fails on other refusals', async () => {
    const dependency = await githubTracker.create(sampleTicket(), github.context());
    const item = await githubTracker.create(sampleTicket(), github.context());
    github.fake.routes[BLOCKED_BY] = () => gitHubError(404, 'Not Found');
    expect(await githubTracker.link(item, dependency, github.context())).toBe('unsupported');
    github.fake.routes[BLOCKED_BY] = () => gitHubError(422, 'Validation Failed', { errors: [{ resource: 'IssueDependency', code: 'custom', message: 'Issues cannot block themselves' }] });
    await expect(githubTracker.link(item, dependency, github.context())).rejects.toMatchObject({ kind: 'validation' });
  });
});

describe('github verify', () => {
  it('names the account and the repository', async () => {
    expect(await githubTracker.verify(github.context())).toEqual({ account: 'ada', target: 'acme/web' });
  });

  it('says when the token is refused, and when the repository is missing, in different words', async () => {
    const missing = { ...github.settings, config: { ...github.settings.config, projectIdentifier: 'acme/gone' } };
    await expect(githubTracker.verify({ settings: missing, http: fetchHttp })).rejects.toMatchObject({
      kind: 'not_found', message: 'The token works, but the repository acme/gone was not found or the token cannot see it.',
    });
    github.fake.routes['GET /user'] = () => gitHubError(401, 'Bad credentials');
    await expect(githubTracker.verify(github.context())).rejects.toMatchObject({ kind: 'auth', message: expect.stringMatching(/^GitHub refused the token/) });
  });

  it('refuses a repository the token cannot write to, or whose issues are turned off', async () => {
    github.state.repository.permissions = { admin: false, push: false, pull: true };
    await expect(githubTracker.verify(github.context())).rejects.toMatchObject({ kind: 'forbidden', message: expect.stringContaining('but not write to it') });
    github.state.repository.permissions = { admin: false, push: true, pull: true };
    github.state.repository.has_issues = false;
    await expect(githubTracker.verify(github.context())).rejects.toMatchObject({ kind: 'forbidden', message: expect.stringContaining('Issues are turned off in acme/web') });
  });
});

describe('github tracker contract', () => {
  it('keeps the tracker contract against the stand-in', async () => {
    await assertTrackerContract(githubTracker, { settings: github.settings, http: fetchHttp, assignee: { id: 'grace', name: 'grace' } });
  });
});
