// GitHub's limits, each twice: the stand-in refuses what GitHub refuses (its rules cite their sources in
// github-fake.ts), and the plugin keeps within them or says in words what it could not do.
import { describe, expect, it } from 'vitest';
import { fetchHttp, sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import { markerOf, processBudgets, type TrackerError, type TrackerHttpRequest } from '../../plugins/sdk/index.ts';
import { githubTracker } from '../../plugins/trackers/github/index.ts';
import { CONTENT_BUDGETS, ContentPacer } from '../../plugins/trackers/github/pacing.ts';
import { SECONDARY_LIMIT_MESSAGE, useGitHubFake } from './github-fake.ts';

const ISSUES = 'POST /repos/{owner}/{repo}/issues';
const LABELS = 'POST /repos/{owner}/{repo}/labels';
const LIST_ISSUES = 'GET /repos/{owner}/{repo}/issues';
const LIST_LABELS = 'GET /repos/{owner}/{repo}/labels';

const github = useGitHubFake();

/** A request straight to the stand-in, as GitHub would get it from any client. */
const direct = (method: TrackerHttpRequest['method'], path: string, body?: unknown) => fetchHttp({
  method, url: `${github.fake.url}${path}`, ...(body === undefined ? {} : { body }),
  headers: { authorization: `Bearer ${github.settings.credentials.token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
});

const caught = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a failure'); }, (error: unknown) => error as TrackerError);
const contentRequests = () => github.fake.requests.filter((request) => request.method !== 'GET').length;
const long = `Agree ${'the session policy with security and '.repeat(8)}ship the fix`;

describe('titles over 256 characters', () => {
  it('the stand-in refuses them with GitHub\'s 422, and takes 256', async () => {
    const refused = await direct('POST', '/repos/acme/web/issues', { title: 'x'.repeat(257) });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'custom', field: 'title', message: 'title is too long (maximum is 256 characters)' }],
    });
    expect((await direct('POST', '/repos/acme/web/issues', { title: 'x'.repeat(256) })).status).toBe(201);
  });

  it('the plugin cuts one at a word, keeps it whole at the top of the body, and says so, also when found again', async () => {
    expect(long.length).toBeGreaterThan(300);
    const ticket = sampleTicket({ title: long });
    const item = await githubTracker.create(ticket, github.context());

    const notice = "Title cut to 256 characters, GitHub's limit; the full title is at the top of the description.";
    expect(item.notices).toEqual([notice]);
    const { title, body } = github.requests(ISSUES)[0]!.body as { title: string; body: string };
    expect(title.length).toBeLessThanOrEqual(256);
    const kept = title.slice(0, -1);
    expect(title.endsWith('…') && long.startsWith(kept) && long.charAt(kept.length) === ' ').toBe(true);
    expect(body.startsWith(`### Full title\n\n${long}\n\nSessions on mobile`)).toBe(true);
    expect(await githubTracker.findByMarker(ticket.id, github.context())).toEqual(item);
    // A title that fits is sent as it is, without a notice.
    expect((await githubTracker.create(sampleTicket(), github.context())).notices).toBeUndefined();
  });
});

describe('secondary rate limits', () => {
  it('the stand-in answers a scripted one as GitHub does, and one past 80 content requests a minute', async () => {
    github.limitContent(1);
    const limited = await direct('POST', '/repos/acme/web/labels', { name: 'first', color: 'ffffff' });
    expect(limited.status).toBe(403);
    expect(limited.json).toMatchObject({ message: SECONDARY_LIMIT_MESSAGE });
    expect(limited.headers['x-ratelimit-remaining']).not.toBe('0');
    expect(limited.headers['retry-after']).toBeUndefined();

    for (let index = 0; index < 80; index++) {
      expect((await direct('POST', '/repos/acme/web/labels', { name: `label ${index}`, color: 'ffffff' })).status).toBe(201);
    }
    const past = await direct('POST', '/repos/acme/web/issues', { title: 'One too many' });
    expect([past.status, (past.json as { message: string }).message]).toEqual([403, SECONDARY_LIMIT_MESSAGE]);
    expect(github.state.issues).toEqual([]);
    // Reading is not content creation.
    expect((await direct('GET', '/repos/acme/web/labels')).status).toBe(200);
  });

  it('the plugin waits at least a minute on one that names no wait, then backs off exponentially, from a minute again after a success', async () => {
    const waits: number[] = [];
    for (let index = 0; index < 2; index++) {
      github.limitContent(1);
      const before = Date.now();
      const error = await caught(githubTracker.create(sampleTicket({ tags: [] }), github.context()));
      expect(error).toMatchObject({ name: 'TrackerError', kind: 'rate_limited', status: 403, message: `GitHub: ${SECONDARY_LIMIT_MESSAGE}` });
      waits.push(Date.parse(error.retryAt!) - before);
    }
    expect(waits[0]).toBeGreaterThanOrEqual(60_000);
    expect(waits[0]).toBeLessThan(62_000);
    expect(waits[1]).toBeGreaterThanOrEqual(120_000);
    expect(waits[1]).toBeLessThan(122_000);

    await githubTracker.create(sampleTicket({ tags: [] }), github.context());
    github.limitContent(1, { status: 429 });
    const before = Date.now();
    const error = await caught(githubTracker.create(sampleTicket({ tags: [] }), github.context()));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(Date.parse(error.retryAt!) - before).toBeGreaterThanOrEqual(60_000);
    expect(Date.parse(error.retryAt!) - before).toBeLessThan(62_000);
  });

  it('the plugin honours retry-after when GitHub names one', async () => {
    github.limitContent(1, { retryAfter: 7 });
    const before = Date.now();
    const error = await caught(githubTracker.create(sampleTicket(), github.context()));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 403 });
    expect(Date.parse(error.retryAt!) - before).toBeGreaterThanOrEqual(6_000);
    expect(Date.parse(error.retryAt!) - before).toBeLessThan(9_000);
  });

  it('the plugin paces content requests under 80 a minute per token, a create wholly or not at all, before GitHub must refuse', async () => {
    const started = Date.now();
    await githubTracker.create(sampleTicket(), github.context()); // four labels and the issue
    for (let index = 0; index < 74; index++) await githubTracker.create(sampleTicket(), github.context());
    expect(contentRequests()).toBe(79);

    // A ticket that is done needs two (create, close): only one fits, so it sends nothing and says when both fit.
    const error = await caught(githubTracker.create(sampleTicket({ status: 'Done' }), github.context()));
    expect(error).toMatchObject({ kind: 'rate_limited', message: expect.stringMatching(/^Tickscribe keeps under GitHub's limits for creating content/) });
    expect(Date.parse(error.retryAt!)).toBeGreaterThanOrEqual(started + 60_000);
    expect(Date.parse(error.retryAt!)).toBeLessThan(Date.now() + 60_000 + 1_000);
    expect(contentRequests()).toBe(79);

    await githubTracker.create(sampleTicket(), github.context());
    await expect(githubTracker.create(sampleTicket(), github.context())).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(contentRequests()).toBe(80);
    // GitHub never had to say no.
    expect(github.state.issues).toHaveLength(76);
  });

  it('the pacer keeps to 500 an hour as well', async () => {
    let now = Date.parse('2026-11-02T09:00:00Z');
    const pacer = new ContentPacer(processBudgets(() => now), 'token', CONTENT_BUDGETS);
    const start = now;
    for (let minute = 0; minute < 6; minute++) {
      await pacer.take(80);
      await expect(pacer.take(1)).rejects.toThrow(/80 requests a minute/);
      now += 61_000;
    }
    await pacer.take(20);
    await expect(pacer.take(1)).rejects.toMatchObject({ kind: 'rate_limited', retryAt: new Date(start + 3_600_000 + 1).toISOString() });
  });
});

describe('a fine-grained token that may read issues but not write them', () => {
  it('the stand-in refuses its writes with GitHub\'s 403 and the permissions needed, while the repository says push', async () => {
    github.state.tokenIssues = 'read';
    const refused = await direct('POST', '/repos/acme/web/issues', { title: 'Hello' });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ message: 'Resource not accessible by personal access token' });
    expect(refused.headers['x-accepted-github-permissions']).toBe('issues=write');
    expect(((await direct('GET', '/repos/acme/web')).json as { permissions: { push: boolean } }).permissions.push).toBe(true);
  });

  it('verify refuses it in words', async () => {
    github.state.tokenIssues = 'read';
    await expect(githubTracker.verify(github.context())).rejects.toMatchObject({
      name: 'TrackerError', kind: 'forbidden', status: 403,
      message: 'The token can read acme/web but may not write its issues (GitHub: Resource not accessible by personal access token; it needs issues=write; pull_requests=write). Give a fine-grained token the repository permission Issues: Read and write (a classic token: the repo scope), then save it again on the connection.',
    });
    expect(github.state.labels.map((label) => label.name)).toEqual(['bug']);
  });

  it('verify passes a token that may write, which made the marker label or found it there', async () => {
    expect(await githubTracker.verify(github.context())).toEqual({ account: 'ada', target: 'acme/web' });
    expect(await githubTracker.verify(github.context())).toEqual({ account: 'ada', target: 'acme/web' });
    expect(github.state.labels.map((label) => label.name)).toEqual(['bug', 'tickscribe']);
    expect(github.requests(LABELS).map((request) => request.body)).toEqual([{ name: 'tickscribe', color: '5319e7' }, { name: 'tickscribe', color: '5319e7' }]);
  });
});

describe('listings of more than 1,000', () => {
  const labels = Array.from({ length: 1_150 }, (_, index) => ({ name: `area ${index}`, color: 'ededed' }));

  it('the stand-in pages them by at most 100 with GitHub\'s link header, none on the last page', async () => {
    github.state.labels.push(...labels);
    const first = await direct('GET', '/repos/acme/web/labels?per_page=500');
    expect((first.json as unknown[]).length).toBe(100);
    expect(first.headers['link']).toBe(
      `<${github.fake.url}/repos/acme/web/labels?per_page=500&page=2>; rel="next", <${github.fake.url}/repos/acme/web/labels?per_page=500&page=12>; rel="last"`,
    );
    const last = await direct('GET', '/repos/acme/web/labels?per_page=100&page=12');
    expect((last.json as unknown[]).length).toBe(51);
    expect(last.headers['link']).not.toContain('rel="next"');
  });

  it('the plugin reads every page of labels and creates none that is there, wherever it is', async () => {
    github.state.labels.push(...labels, { name: 'Tickscribe', color: '5319e7' }, { name: 'priority: high', color: 'b60205' });
    await githubTracker.create(sampleTicket({ tags: ['area 1149'] }), github.context());
    expect(github.requests(LIST_LABELS)).toHaveLength(12);
    expect(github.requests(LABELS)).toEqual([]);
    expect((github.requests(ISSUES)[0]!.body as { labels: string[] }).labels).toEqual(['Tickscribe', 'priority: high', 'area 1149']);
  });

  it('the plugin finds a marker behind more than 1,000 newer issues', async () => {
    github.state.labels.push({ name: 'tickscribe', color: '5319e7' });
    github.seedIssues([{ title: 'Oldest', body: `<!-- ${markerOf('oldest')} -->`, labels: ['tickscribe'] }]);
    github.seedIssues(Array.from({ length: 1_200 }, (_, index) => ({ title: `Newer ${index}`, body: `<!-- ${markerOf(`newer-${index}`)} -->`, labels: ['tickscribe'] })));

    expect(await githubTracker.findByMarker('oldest', github.context())).toEqual({ externalId: '1', key: '#1', url: 'https://github.com/acme/web/issues/1' });
    expect(github.requests(LIST_ISSUES)).toHaveLength(13);
    expect(await githubTracker.findByMarker('never-pushed', github.context())).toBeNull();
  });

  it('the plugin stops at 100 pages, and says so rather than answering that there is none', async () => {
    github.fake.routes[LIST_ISSUES] = (request) => ({
      status: 200, body: [],
      headers: { link: `<${github.fake.url}/repos/acme/web/issues?labels=tickscribe&per_page=100&page=${Number(request.query.get('page') ?? 1) + 1}>; rel="next"` },
    });
    await expect(githubTracker.findByMarker('anything', github.context())).rejects.toMatchObject({
      kind: 'not_found', message: expect.stringMatching(/^Looked through the newest 10000 issues labelled 'tickscribe' in acme\/web/),
    });
    expect(github.requests(LIST_ISSUES)).toHaveLength(100);
  });
});

describe('an assignee the repository cannot assign', () => {
  it('the stand-in answers 404 to the check and refuses the login on an issue with GitHub\'s 422', async () => {
    const check = await direct('GET', '/repos/acme/web/assignees/mallory');
    expect([check.status, (check.json as { message: string }).message]).toEqual([404, 'Not Found']);
    expect((await direct('GET', '/repos/acme/web/assignees/grace')).status).toBe(204);
    const refused = await direct('POST', '/repos/acme/web/issues', { title: 'Hello', assignees: ['mallory'] });
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ message: 'Validation Failed', errors: [{ resource: 'Issue', field: 'assignees', code: 'invalid', value: ['mallory'] }] });
  });

  it('resolveUser answers null for it, so the push leaves the issue unassigned', async () => {
    expect(await githubTracker.resolveUser('mallory', github.context())).toBeNull();
  });
});
