import { describe, expect, it } from 'vitest';
import { sampleTicket } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerError } from '../../plugins/sdk/index.ts';
import { githubTracker } from '../../plugins/trackers/github/index.ts';
import { exampleOf } from '../support/vendor-fake.ts';
import { gitHubError, useGitHubFake } from './github-fake.ts';

const ISSUES = 'POST /repos/{owner}/{repo}/issues';

const github = useGitHubFake();

const createFails = () => githubTracker.create(sampleTicket(), github.context());

describe('github errors', () => {
  it('turns a refused token into auth', async () => {
    github.fake.routes[ISSUES] = () => gitHubError(401, 'Bad credentials');
    await expect(createFails()).rejects.toMatchObject({ name: 'TrackerError', kind: 'auth', status: 401, message: expect.stringMatching(/^GitHub refused the token/) });
  });

  it('turns a 403 into forbidden with GitHub\'s words', async () => {
    github.fake.routes[ISSUES] = () => gitHubError(403, 'Resource not accessible by personal access token');
    await expect(createFails()).rejects.toMatchObject({ kind: 'forbidden', message: 'GitHub: Resource not accessible by personal access token.' });
  });

  it('turns a spent rate limit (403, x-ratelimit-remaining 0) into rate_limited until the reset time', async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    github.fake.routes[ISSUES] = () => ({
      ...gitHubError(403, 'API rate limit exceeded for user ID 1.'),
      headers: { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
    });
    await expect(createFails()).rejects.toMatchObject({
      kind: 'rate_limited', retryAt: new Date(reset * 1000).toISOString(), message: 'GitHub: API rate limit exceeded for user ID 1.',
    });
  });

  it('turns a 429 with Retry-After into rate_limited at that time', async () => {
    github.fake.routes[ISSUES] = () => ({ ...gitHubError(429, 'You have exceeded a secondary rate limit.'), headers: { 'retry-after': '30' } });
    const before = Date.now();
    const error: unknown = await createFails().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    const wait = Date.parse((error as TrackerError).retryAt!) - before;
    expect(wait).toBeGreaterThanOrEqual(29_000);
    expect(wait).toBeLessThanOrEqual(31_000);
  });

  it('turns a 404 or 410 into not_found', async () => {
    github.fake.routes[ISSUES] = () => gitHubError(410, 'Issues are disabled for this repo');
    await expect(createFails()).rejects.toMatchObject({ kind: 'not_found', message: 'GitHub: Issues are disabled for this repo.' });
    github.fake.routes['GET /repos/{owner}/{repo}/labels'] = () => gitHubError(404, 'Not Found');
    await expect(createFails()).rejects.toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('turns a 422 into validation, with GitHub\'s errors by field', async () => {
    github.fake.routes[ISSUES] = () => gitHubError(422, 'Validation Failed', {
      errors: [
        { resource: 'Issue', field: 'assignees', code: 'invalid', value: ['mallory'] },
        { resource: 'Issue', field: 'title', code: 'custom', message: 'title is too long (maximum is 256 characters)' },
      ],
    });
    await expect(createFails()).rejects.toMatchObject({
      kind: 'validation',
      status: 422,
      fields: { assignees: 'is not valid', title: 'title is too long (maximum is 256 characters)' },
      message: 'GitHub: Validation Failed. assignees: is not valid; title: title is too long (maximum is 256 characters)',
    });
  });

  it('turns 500 and 503 into transient', async () => {
    github.fake.routes[ISSUES] = () => ({ status: 500, body: { message: 'Server Error' } });
    await expect(createFails()).rejects.toMatchObject({ kind: 'transient', status: 500 });
    github.fake.routes[ISSUES] = () => ({ status: 503, body: { code: 'unavailable', message: 'Service unavailable', documentation_url: 'https://docs.github.com/rest' } });
    await expect(createFails()).rejects.toMatchObject({ kind: 'transient', status: 503 });
  });

  it('stops when its signal times out, sending nothing more', async () => {
    github.fake.routes['GET /user'] = async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { status: 200, body: exampleOf('github', 'GET /user', 200) };
    };
    await expect(githubTracker.verify(github.context(AbortSignal.timeout(50)))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(github.requests('GET /repos/{owner}/{repo}')).toEqual([]);
  });

  it('sends nothing when its signal is already aborted', async () => {
    const aborted = AbortSignal.abort(new Error('cancelled'));
    await expect(githubTracker.findByMarker('t1', github.context(aborted))).rejects.toThrow('cancelled');
    await expect(githubTracker.resolveUser('grace', github.context(aborted))).rejects.toThrow('cancelled');
    expect(github.fake.requests).toEqual([]);
  });
});
