// A push against a tracker that throttles, stalls and stumbles: a 429 waits for Retry-After on a workflow timer
// (no sleeping activity), a create whose answer never came is found again by its marker instead of being made
// twice, and a 5xx is retried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubFake, gitHubError, type GitHubFake } from '../trackers/github-fake.ts';
import type { VendorRequest } from '../support/vendor-fake.ts';
import { createTickets, gitHubConnection, issuesByTicket, pushAndWait, usePushApp, type Json } from './push-support.ts';

const context = usePushApp();
const { api } = context;
let github: GitHubFake;
let connectionId: string;

const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';
const LIST_ISSUES = 'GET /repos/{owner}/{repo}/issues';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  github = await startGitHubFake();
  connectionId = await gitHubConnection(api, github);
});
afterAll(async () => {
  expect(github.fake.violations).toEqual([]);
  await github.fake.close();
});

/** Answers the next create with `first`, then as the stand-in does; records when each create came. */
function scriptFirstCreate(first: (request: VendorRequest, create: (request: VendorRequest) => ReturnType<NonNullable<GitHubFake['fake']['routes'][string]>>) => ReturnType<NonNullable<GitHubFake['fake']['routes'][string]>>) {
  const create = github.fake.routes[CREATE_ISSUE]!;
  const times: number[] = [];
  github.fake.routes[CREATE_ISSUE] = (request) => {
    times.push(Date.now());
    return times.length === 1 ? first(request, create) : create(request);
  };
  return { times, restore: () => void (github.fake.routes[CREATE_ISSUE] = create) };
}

const onlyIssue = (ticketId: string) => {
  const issues = issuesByTicket(github).get(ticketId) ?? [];
  expect(issues).toHaveLength(1);
  return issues[0]!;
};

describe('a rate limit', () => {
  it('waits for Retry-After on a durable timer the wizard can see, then creates the ticket once', async () => {
    const ids = await createTickets(api, [{ title: 'Throttled ticket' }]);
    const script = scriptFirstCreate(() => ({ status: 429, headers: { 'retry-after': '2' }, body: { message: 'API rate limit exceeded', documentation_url: 'https://docs.github.com/rest' } }));
    try {
      // Still waiting when the request's second is up: 202, to be followed by its batch id.
      const started = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds: [ids['Throttled ticket']], batchId: 'throttled', waitSeconds: 1 });
      expect(started.status, started.text).toBe(202);
      expect(started.body).toMatchObject({ batchId: 'throttled', status: 'running' });
      let waiting: Json | undefined;
      for (let i = 0; i < 40 && !waiting; i++) {
        const progress = (await api('GET', `/api/connections/${connectionId}/pushes/throttled`)).body['progress'] as Json | null;
        if (progress?.['waitingUntil']) waiting = progress;
        else await sleep(50);
      }
      expect(waiting).toMatchObject({ phase: 'creating', total: 1, done: 0, current: { ticketId: ids['Throttled ticket'], title: 'Throttled ticket' } });
      expect(Date.parse(String(waiting!['waitingUntil'])) - script.times[0]!).toBeGreaterThanOrEqual(1500);

      const result = await pushAndWait(api, connectionId, { ticketIds: [ids['Throttled ticket']], batchId: 'throttled' });
      expect(result).toMatchObject({ successfulPushes: 1, failedPushes: 0 });
      expect(script.times).toHaveLength(2);
      expect(script.times[1]! - script.times[0]!).toBeGreaterThanOrEqual(1900);
      onlyIssue(ids['Throttled ticket']!);

      const history = await context.temporal().workflow.getHandle(`push-${connectionId}-throttled`).fetchHistory();
      const timers = (history.events ?? []).flatMap((event) => (event.timerStartedEventAttributes ? [event.timerStartedEventAttributes] : []));
      expect(timers).toHaveLength(1);
      const seconds = Number(timers[0]!.startToFireTimeout?.seconds ?? 0) + (timers[0]!.startToFireTimeout?.nanos ?? 0) / 1e9;
      expect(seconds).toBeGreaterThan(1);
      expect(seconds).toBeLessThanOrEqual(2);
    } finally {
      script.restore();
    }
  });
});

describe('a create whose answer never comes', () => {
  it('finds the item the tracker made by its marker, with no second create', async () => {
    const ids = await createTickets(api, [{ title: 'Stalled ticket' }, { title: 'After the stall', dependsOn: ['Stalled ticket'] }]);
    const script = scriptFirstCreate(async (request, create) => {
      const answer = await create(request);
      // Stored, but answered after the client gave up (OUTBOUND_TIMEOUT_MS is 1.5 s in these tests).
      await sleep(3_000);
      return answer;
    });
    try {
      const lookupsBefore = github.requests(LIST_ISSUES).length;
      const result = await pushAndWait(api, connectionId, { ticketIds: Object.values(ids) });
      expect(result).toMatchObject({ successfulPushes: 2, failedPushes: 0 });
      const issue = onlyIssue(ids['Stalled ticket']!);
      onlyIssue(ids['After the stall']!);
      expect(script.times).toHaveLength(2);
      expect(github.requests(LIST_ISSUES).length).toBeGreaterThan(lookupsBefore);
      expect((result['results'] as Json[])[0]).toMatchObject({ ticketId: ids['Stalled ticket'], success: true, externalUrl: issue['html_url'] });
      const ledger = await context.t.db.query('select state, attempts, url from push_records where ticket_id = $1', [ids['Stalled ticket']]);
      expect(ledger.rows).toEqual([{ state: 'created', attempts: 1, url: issue['html_url'] }]);
    } finally {
      script.restore();
    }
  });
});

describe('a tracker error', () => {
  it('retries a 5xx with backoff and creates the ticket once', async () => {
    const ids = await createTickets(api, [{ title: 'Bumpy ticket' }]);
    const script = scriptFirstCreate(() => gitHubError(502, 'Server Error'));
    try {
      const result = await pushAndWait(api, connectionId, { ticketIds: [ids['Bumpy ticket']] });
      expect(result).toMatchObject({ successfulPushes: 1 });
      expect(script.times).toHaveLength(2);
      onlyIssue(ids['Bumpy ticket']!);
    } finally {
      script.restore();
    }
  });
});
