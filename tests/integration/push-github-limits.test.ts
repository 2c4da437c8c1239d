// A push to GitHub through the real app that meets GitHub's limits on the way: titles over 256 characters, a mapped
// assignee the repository cannot assign, and a secondary rate limit midway. Every ticket becomes one issue, and
// what GitHub made the push do differently is said on the ticket it concerns. A secondary limit that names no wait
// is waited out for at least GitHub's minute (on the workflow's timer) before the next write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { createTickets, gitHubConnection, issuesByTicket, pushAndWait, usePushApp, type Json } from './push-support.ts';

const { api } = usePushApp();
let github: GitHubFake;

const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';
const CUT = "Title cut to 256 characters, GitHub's limit; the full title is at the top of the description.";
const UNASSIGNED = 'Not assigned to "mallory" (the connection\'s user mapping): GitHub has no user by that name who can be assigned here. Check the mapping on the Connections page.';

/** A title of 300 characters, told apart by its start. */
const longTitle = (start: string) => `${start} ${'and agree the session policy with security '.repeat(8)}`.slice(0, 300).trimEnd().padEnd(300, '.');

/** When the stand-in got each request. */
const requestTimes = new WeakMap<object, number>();

beforeAll(async () => {
  github = await startGitHubFake();
  const requests = github.fake.requests;
  const push = requests.push.bind(requests);
  requests.push = (...added) => {
    for (const request of added) requestTimes.set(request, Date.now());
    return push(...added);
  };
});
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  await github.fake.close();
});

describe('a GitHub push that meets GitHub\'s limits', () => {
  it('creates every item once and names every deviation on its ticket', async () => {
    const connectionId = await gitHubConnection(api, github, 'Limits');
    const titles = [longTitle('Ship the login fix'), longTitle('Rework the session store'), longTitle('Document the policy'), 'Fix the footer'];
    expect(titles.slice(0, 3).map((title) => title.length)).toEqual([300, 300, 300]);
    const ids = await createTickets(api, [
      { title: titles[0]! },
      { title: titles[1]!, assignee: 'Mallory' },
      { title: titles[2]!, assignee: 'Grace' },
      { title: titles[3]! },
    ], 'Limits');

    // GitHub answers the content request after the first issue with its secondary limit, naming a short wait.
    const create = github.fake.routes[CREATE_ISSUE]!;
    let created = 0;
    github.fake.routes[CREATE_ISSUE] = async (request) => {
      const reply = await create(request);
      if (reply.status === 201 && ++created === 1) github.limitContent(1, { retryAfter: 2 });
      return reply;
    };

    const result = await pushAndWait(api, connectionId, {
      ticketIds: Object.values(ids), updatedUserMappings: { Mallory: 'mallory', Grace: 'grace' },
    });

    expect(result).toMatchObject({ successfulPushes: 4, failedPushes: 0 });
    // One create was refused by the limit and tried again: five requests, four issues, one per ticket.
    const creates = github.requests(CREATE_ISSUE);
    expect(creates).toHaveLength(5);
    expect(github.state.issues).toHaveLength(4);
    const issues = issuesByTicket(github);
    for (const id of Object.values(ids)) expect(issues.get(id)).toHaveLength(1);

    const entries = new Map((result['results'] as Json[]).map((entry) => [entry['ticketId'], entry]));
    expect(entries.get(ids[titles[0]!])).toMatchObject({ success: true, warning: CUT });
    expect(entries.get(ids[titles[1]!])).toMatchObject({ success: true, warning: `${UNASSIGNED} ${CUT}` });
    expect(entries.get(ids[titles[2]!])).toMatchObject({ success: true, warning: CUT });
    expect(entries.get(ids[titles[3]!])!['warning']).toBeUndefined();

    for (const [index, title] of titles.entries()) {
      const issue = issues.get(ids[title]!)![0]!;
      expect(String(issue['title']).length).toBeLessThanOrEqual(256);
      if (index < 3) expect(String(issue['body']).startsWith(`### Full title\n\n${title}\n\n`)).toBe(true);
    }
    const assignees = (title: string) => (issues.get(ids[title]!)![0]!['assignees'] as Json[]).map((user) => user['login']);
    expect([assignees(titles[1]!), assignees(titles[2]!)]).toEqual([[], ['grace']]);
  });

  it('waits at least a minute on a secondary limit that names no wait, then creates the issue once', async () => {
    const connectionId = await gitHubConnection(api, github, 'Patience');
    const ids = await createTickets(api, [{ title: 'Wait for GitHub' }], 'Patience');
    const before = github.fake.requests.length;
    github.limitContent(1);

    const result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids) });

    expect(result).toMatchObject({ successfulPushes: 1, failedPushes: 0 });
    expect(issuesByTicket(github).get(ids['Wait for GitHub']!)).toHaveLength(1);
    // The refused request and the next write are at least GitHub's minute apart.
    const writes = github.fake.requests.slice(before).flatMap((request, index) => (request.method === 'GET' ? [] : [index]));
    expect(writes.length).toBeGreaterThanOrEqual(2);
    const at = (index: number) => requestTimes.get(github.fake.requests[before + index]!)!;
    expect(at(writes[1]!) - at(writes[0]!)).toBeGreaterThanOrEqual(59_000);
  }, 150_000);
});
