// What the push tests share: an app whose tracker requests may reach local fakes, a signed-in user, tickets made
// through the API, a GitHub connection to the stateful GitHub stand-in, and ways to read what the stand-in holds.
import { Client } from '@temporalio/client';
import { beforeAll, expect } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp, type TestAppWithDatabase } from '../support/app.ts';
import type { GitHubFake } from '../trackers/github-fake.ts';
import { call, type Answer, type Json } from './connections-support.ts';

export type { Json };

/** Tracker requests may reach 127.0.0.1 (the fakes); a request gets 1.5 s, so a stalled answer times out soon. */
export const PUSH_ENV = { OUTBOUND_ALLOWLIST: '127.0.0.1', OUTBOUND_TIMEOUT_MS: '1500' };

export interface PushTestContext {
  t: TestAppWithDatabase;
  /** The signed-in user's session token and id. */
  session: string;
  userId: string;
  api(method: string, path: string, body?: unknown): Promise<Answer>;
  /** A Temporal client of the run's server (for workflow histories). */
  temporal(): Client;
}

export function usePushApp(env: Record<string, string> = {}): PushTestContext {
  const t = useTestApp({ ...PUSH_ENV, ...env });
  let client: Client | undefined;
  const context: PushTestContext = {
    t, session: '', userId: '',
    api: (method, path, body) => call(t.base, context.session, method, path, body),
    temporal: () => (client ??= new Client({ connection: t.app.temporal })),
  };
  beforeAll(async () => {
    ({ token: context.session, userId: context.userId } = await signUpVerified(t.base, t.db));
  });
  return context;
}

export interface TicketSpec {
  title: string;
  project?: string;
  assignee?: string;
  priority?: 'Low' | 'Medium' | 'High';
  /** Titles of tickets made earlier in the same call. */
  dependsOn?: string[];
}

/** Creates the tickets through the API in the order given; their ids by title. */
export async function createTickets(api: PushTestContext['api'], specs: TicketSpec[], project = 'Website'): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const spec of specs) {
    const answer = await api('POST', '/api/tickets', {
      title: spec.title, description: `Work on ${spec.title}.`, project: spec.project ?? project,
      ...(spec.assignee ? { assignee: spec.assignee } : {}), ...(spec.priority ? { priority: spec.priority } : {}),
      dependencies: (spec.dependsOn ?? []).map((title) => ids[title]!),
    });
    expect(answer.status, answer.text).toBe(201);
    ids[spec.title] = String((answer.body['ticket'] as Json)['id']);
  }
  return ids;
}

/** Saves a GitHub connection to the stand-in's repository acme/web, serving `project`; its id. */
export async function gitHubConnection(api: PushTestContext['api'], github: GitHubFake, project = 'Website', settings: Json = {}): Promise<string> {
  const answer = await api('POST', '/api/connections', {
    name: `GitHub ${project}`, project_identifier: 'acme/web', connection_type: 'github',
    credentials: { github: { token: github.settings.credentials.token } },
    settings: { baseUrl: github.fake.url, projectMappings: [project], userMappings: {}, ...settings },
  });
  expect(answer.status, answer.text).toBe(201);
  return String((answer.body['connection'] as Json)['id']);
}

/** The stand-in's issues that carry a ticket's marker, by ticket id. */
export function issuesByTicket(github: GitHubFake): Map<string, Json[]> {
  const found = new Map<string, Json[]>();
  for (const issue of github.state.issues) {
    const marker = /<!-- tickscribe-([0-9a-f-]{36}) -->/.exec(String(issue['body'] ?? ''))?.[1];
    if (marker) found.set(marker, [...(found.get(marker) ?? []), issue]);
  }
  return found;
}

/** The issue numbers each issue is blocked by, by issue number. */
export function blockedBy(github: GitHubFake): Record<number, number[]> {
  const numberOf = new Map(github.state.issues.map((issue) => [issue['id'] as number, issue['number'] as number]));
  return Object.fromEntries([...github.state.blockedBy].map(([issue, ids]) => [issue, ids.map((id) => numberOf.get(id)!).sort((a, b) => a - b)]));
}

/** POST bulk-push and, when it answers 202, follow the push until it ends; the final result. */
export async function pushAndWait(api: PushTestContext['api'], connectionId: string, body: Json, timeoutMs = 120_000): Promise<Json> {
  const started = await api('POST', `/api/connections/${connectionId}/bulk-push`, body);
  expect([200, 202], started.text).toContain(started.status);
  if (started.status === 200) return started.body;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await api('GET', `/api/connections/${connectionId}/pushes/${String(started.body['batchId'])}`);
    expect(status.status, status.text).toBe(200);
    if (status.body['status'] !== 'running') {
      expect(status.body['status'], status.text).toBe('completed');
      return status.body['result'] as Json;
    }
    if (Date.now() > until) throw new Error(`the push did not finish: ${status.text}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
