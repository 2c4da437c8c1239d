// The github tracker's search of open issues like a ticket and its comment on one, against the GitHub stand-in: the
// query GitHub gets (words made literal, joined by OR, with repo:, is:issue and is:open), hostile titles kept as
// words, GitHub's 422 and search limit in words, and a comment posted once however often it is asked.
import { describe, expect, it } from 'vitest';
import { PluginHost } from '../../core/plugins/host.ts';
import { fetchHttp } from '../../core/plugins/testkit/trackers.ts';
import { isTrackerError, type TrackerComment } from '../../plugins/sdk/index.ts';
import { githubTracker } from '../../plugins/trackers/github/index.ts';
import { searchQuery } from '../../plugins/trackers/github/search.ts';
import { gitHubError, useGitHubFake } from './github-fake.ts';

const SEARCH = 'GET /search/issues';
const github = useGitHubFake();

const query = (words: string[], limit = 10) => ({ title: words.join(' '), words, limit });
const comment: TrackerComment = { ticketId: '0b6a4f8e-1c1d-4c61-9d55-6f3f0f7f1a01', title: 'Fix the login redirect', quote: 'The login redirect still loops on Safari.', meeting: 'Weekly sync', meetingDate: '2026-11-30' };

describe('github search', () => {
  it('finds the open issues that have any of the words, not closed ones nor other words', async () => {
    github.seedIssues([
      { title: 'Login redirect loops on Safari', body: 'Seen on **iOS** too.\n\n<!-- tickscribe-x -->' },
      { title: 'Update the pricing page', body: '' },
      { title: 'Old login bug', body: '' },
    ]);
    await github.closeAsUser(3);
    const found = await githubTracker.search!(query(['login', 'redirect']), github.context());
    expect(found).toEqual([{ externalId: '1', key: '#1', url: github.state.issues[0]!.html_url, title: 'Login redirect loops on Safari', excerpt: 'Seen on iOS too.', status: 'Open' }]);
    expect(github.requests(SEARCH)[0]!.query.get('q')).toBe('login OR redirect repo:acme/web is:issue is:open');
  });

  it('keeps hostile titles as words: quotes, qualifiers and operators never reach the query as syntax', async () => {
    github.seedIssues([{ title: 'Secret thing', body: '' }]);
    const found = await githubTracker.search!(query(['" OR 1=1', 'repo:other/secret', 'is:closed', 'NOT', "it's"]), github.context());
    expect(found).toEqual([]);
    expect(github.requests(SEARCH)[0]!.query.get('q')).toBe('or11 OR repoothersecret OR isclosed OR not OR its repo:acme/web is:issue is:open');
    expect(searchQuery('acme/web', ['"', '(', ':'])).toBeNull();
    expect(searchQuery('acme/web', Array.from({ length: 12 }, (_, i) => `word${i}`))!.split(' OR ')).toHaveLength(6);
  });

  it('says in words when GitHub refuses the query (422) or limits searches', async () => {
    github.fake.routes[SEARCH] = () => gitHubError(422, 'Validation Failed', { errors: [{ message: 'The search is longer than 256 characters.', resource: 'Search', field: 'q', code: 'invalid' }] });
    const refused = await githubTracker.search!(query(['login']), github.context()).catch((error: unknown) => error);
    expect(isTrackerError(refused) && refused.kind).toBe('validation');
    expect((refused as Error).message).toMatch(/^GitHub could not search the issues of acme\/web with these words \(GitHub: Validation Failed/);
  });

  it('keeps under 30 searches a minute: the 31st waits without asking GitHub', async () => {
    const host = await PluginHost.load({ builtins: [githubTracker] });
    const bound = host.tracker('github', github.settings, fetchHttp)!;
    for (let i = 0; i < 30; i++) await bound.search!({ title: 'login', words: ['login'] });
    const limited = await bound.search!({ title: 'login', words: ['login'] }).catch((error: unknown) => error);
    expect(isTrackerError(limited) && limited.kind).toBe('rate_limited');
    expect((limited as { retryAt?: string }).retryAt).toBeTruthy();
    expect(github.requests(SEARCH)).toHaveLength(30);
  });
});

describe('github comment', () => {
  it('posts the meeting\'s words with the ticket\'s marker once, however often it is asked', async () => {
    github.seedIssues([{ title: 'Login redirect loops on Safari', body: '' }]);
    const item = { externalId: '1', key: '#1', url: github.state.issues[0]!.html_url as string };
    expect(await githubTracker.comment!(item, comment, github.context())).toBe('commented');
    expect(await githubTracker.comment!(item, comment, github.context())).toBe('commented');
    const posted = github.state.comments.get(1)!;
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toBe(`Raised again in “Weekly sync” on 2026-11-30: Fix the login redirect\n\n> The login redirect still loops on Safari.\n\n<!-- tickscribe-${comment.ticketId} -->`);
  });
});
