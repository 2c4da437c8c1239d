// The fault test: a 50-ticket push whose worker is killed (SIGKILL) at random points, again and again, and started
// again each time: at a random moment, or right after the tracker stored an item and before it answered. In the
// end every ticket has exactly one item, its externalUrl points at it, and the dependencies are linked.
// PUSH_CRASH_KILLS sets the number of kills (default 4; the issue's figure is 20).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { freePort } from '../support/free-port.ts';
import { startMainProcess, type StartedProcess } from '../support/process.ts';
import { startGitHubFake, type GitHubFake } from '../trackers/github-fake.ts';
import { call } from './connections-support.ts';
import { blockedBy, createTickets, gitHubConnection, issuesByTicket, PUSH_ENV, type Json, type TicketSpec } from './push-support.ts';

const KILLS = Number(process.env['PUSH_CRASH_KILLS'] ?? 4);
const TICKETS = 50;
const CREATE_ISSUE = 'POST /repos/{owner}/{repo}/issues';
const LINK = 'POST /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small seeded generator, so a failing run can be told apart by its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('worker killed during a push', () => {
  const started: StartedProcess[] = [];
  let github: GitHubFake | undefined;
  let db: pg.Client | undefined;
  afterAll(async () => {
    await Promise.all(started.filter((p) => p.child.exitCode === null && p.child.signalCode === null).map((p) => p.stop()));
    await db?.end();
    await github?.fake.close();
  });

  it(`ends with one item per ticket after ${KILLS} kills`, async () => {
    const seed = Number(process.env['PUSH_CRASH_SEED'] ?? Date.now() % 100_000);
    const next = random(seed);
    const tracker = (github = await startGitHubFake());
    const port = await freePort();
    const env = {
      DATABASE_URL: inject('databaseUrl'), TEMPORAL_ADDRESS: inject('temporalAddress'), DATA_DIR: inject('dataDir'),
      TEMPORAL_TASK_QUEUE: `push-crash-${randomUUID()}`, PORT: String(port), ...PUSH_ENV,
    };
    started.push(await startMainProcess(env, ['--role=api']));
    let worker = await startMainProcess(env, ['--role=worker']);
    started.push(worker);

    // The tracker: a little slow, now and then limiting requests, and able to kill the worker mid-answer.
    const create = github.fake.routes[CREATE_ISSUE]!;
    let creates = 0;
    let killAtCreate: (() => void) | null = null;
    github.fake.routes[CREATE_ISSUE] = async (request) => {
      creates += 1;
      await sleep(250);
      if (creates % 17 === 0) return { status: 429, headers: { 'retry-after': '1' }, body: { message: 'API rate limit exceeded', documentation_url: 'https://docs.github.com/rest' } };
      const answer = await create(request);
      killAtCreate?.();
      return answer;
    };

    const link = github.fake.routes[LINK]!;
    github.fake.routes[LINK] = async (request) => {
      await sleep(100);
      return link(request);
    };

    const base = `http://127.0.0.1:${port}`;
    db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    const { token } = await signUpVerified(base, db);
    const api = (method: string, path: string, body?: unknown) => call(base, token, method, path, body);
    const connectionId = await gitHubConnection(api, github, 'Crash', { userMappings: { 'Grace Hopper': 'grace' } });
    const specs: TicketSpec[] = Array.from({ length: TICKETS }, (_, i) => ({
      title: `Crash ticket ${i + 1}`,
      ...(i % 5 ? { dependsOn: [`Crash ticket ${i}`] } : {}),
      ...(i % 7 === 0 ? { assignee: 'Grace Hopper' } : {}),
    }));
    const ids = await createTickets(api, specs, 'Crash');
    const ticketIds = Object.values(ids).reverse();

    const batchId = 'crash';
    const push = await api('POST', `/api/connections/${connectionId}/bulk-push`, { ticketIds, batchId, waitSeconds: 0 });
    expect(push.status, push.text).toBe(202);
    let finished = false;
    const status = async () => (await api('GET', `/api/connections/${connectionId}/pushes/${batchId}`)).body;
    const watching = (async () => {
      while (!finished) {
        finished = (await status())['status'] !== 'running';
        await sleep(250);
      }
    })();

    const points: string[] = [];
    const waitFor = async (done: () => boolean, ms: number) => {
      for (const until = Date.now() + ms; !done() && Date.now() < until;) await sleep(20);
      return done();
    };
    for (let kill = 0; kill < KILLS; kill++) {
      // Each kill comes once the new worker has taken up the push again, so kills spread over the whole push.
      const seen = tracker.fake.requests.length;
      if (!(await waitFor(() => finished || tracker.fake.requests.length > seen, 60_000)) || finished) break;
      const victim = worker;
      const exited = new Promise((resolve) => victim.child.once('exit', resolve));
      let fired = false;
      if (next() < 0.5) {
        // Right after the tracker stored an item (one of the next few), before its answer reaches the worker.
        let skip = Math.floor(next() * 4);
        killAtCreate = () => void (fired || skip-- > 0 || (fired = victim.child.kill('SIGKILL')));
        await waitFor(() => fired || finished, 5_000);
        killAtCreate = null;
      }
      if (finished && !fired) break;
      if (!fired) await sleep(Math.floor(next() * 3_000));
      points.push(fired ? `right after create ${creates}` : `after ${creates} creates, ${tracker.requests(LINK).length} links`);
      if (!fired) victim.child.kill('SIGKILL');
      await exited;
      worker = await startMainProcess(env, ['--role=worker']);
      started.push(worker);
    }
    const deadline = Date.now() + 240_000;
    while (!finished && Date.now() < deadline) await sleep(250);
    await watching;
    const final = await status();
    const context = `seed ${seed}, kills: ${points.join('; ')}`;
    expect(final['status'], context).toBe('completed');
    expect(points, context).toHaveLength(KILLS);
    expect(final['result'], context).toMatchObject({ totalProcessed: TICKETS, successfulPushes: TICKETS, failedPushes: 0 });

    const issues = issuesByTicket(github);
    const duplicates = [...issues.values()].filter((list) => list.length > 1).length;
    const missing = Object.values(ids).filter((id) => !issues.has(id)).length;
    const { rows } = await db.query<{ id: string; external_url: string | null; external_key: string | null }>(
      'select id, external_url, external_key from tickets where id = any($1)', [Object.values(ids)],
    );
    const wrong = rows.filter((row) => row.external_url !== issues.get(row.id)?.[0]?.['html_url'] || row.external_key !== `#${String(issues.get(row.id)?.[0]?.['number'])}`).length;
    const lookups = github.requests('GET /repos/{owner}/{repo}/issues').length;
    process.stdout.write(`push fault test: ${KILLS} kills (${context}); ${github.state.issues.length} issues for ${TICKETS} tickets, ${duplicates} duplicates, ${missing} missing, ${wrong} wrong URLs, ${lookups} look-ups by marker\n`);
    expect({ duplicates, missing, wrong, issues: github.state.issues.length }, context).toEqual({ duplicates: 0, missing: 0, wrong: 0, issues: TICKETS });

    const numberOf = (title: string) => issues.get(ids[title]!)![0]!['number'] as number;
    const links = blockedBy(github);
    for (const spec of specs.filter((spec) => spec.dependsOn)) {
      expect(links[numberOf(spec.title)], `${spec.title} (${context})`).toEqual([numberOf(spec.dependsOn![0]!)]);
    }
    const assigned = specs.filter((spec) => spec.assignee).map((spec) => (issues.get(ids[spec.title]!)![0]!['assignees'] as Json[]).map((user) => user['login']));
    expect(assigned, context).toEqual(specs.filter((spec) => spec.assignee).map(() => ['grace']));
    expect(github.fake.violations).toEqual([]);
  }, (KILLS * 30 + 300) * 1000);
});
