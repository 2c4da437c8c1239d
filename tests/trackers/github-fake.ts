/**
 * A stateful stand-in of GitHub for the github tracker's tests: the vendor fake (every request and answer checked
 * against GitHub's OpenAPI subset) holding one repository, acme/web, whose labels, issues, assignable users and
 * blocked-by relations change as the plugin calls it. Answers start from GitHub's own examples.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { fetchHttp } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerContext } from '../../plugins/sdk/index.ts';
import { exampleOf, startVendorFake, type VendorFake, type VendorReply, type VendorRequest } from '../support/vendor-fake.ts';
import { requiringCredentials, type StandIn, type StandInOptions } from './stand-in.ts';

type Json = Record<string, unknown>;

export interface GitHubState {
  labels: { name: string; color: string }[];
  issues: Json[];
  assignable: Set<string>;
  blockedBy: Map<number, number[]>;
  repository: Json;
}

export interface GitHubFake {
  fake: VendorFake;
  state: GitHubState;
  settings: { config: { projectIdentifier: string; baseUrl: string }; credentials: { token: string } };
  context(signal?: AbortSignal): TrackerContext;
  /** The requests of one operation ('POST /repos/{owner}/{repo}/issues'). */
  requests(operation: string): VendorRequest[];
}

const REPO = 'acme/web';
const WEB = 'https://github.com';
const API = 'https://api.github.com';
const DOCS = 'https://docs.github.com/rest';

export const gitHubError = (status: number, message: string, extra: Json = {}): VendorReply => ({
  status, body: { message, documentation_url: DOCS, ...extra },
});

function labelObject(label: { name: string; color: string }, index: number): Json {
  const example = (exampleOf('github', 'POST /repos/{owner}/{repo}/labels', 201));
  return { ...example, id: 208045900 + index, name: label.name, color: label.color, description: null, default: false, url: `${API}/repos/${REPO}/labels/${encodeURIComponent(label.name)}` };
}

function issueObject(state: GitHubState, body: Json, web: string): Json {
  const example = exampleOf('github', 'POST /repos/{owner}/{repo}/issues', 201);
  // The example is of an issue that is a pull request and was closed; a new issue is neither.
  delete example.pull_request;
  delete example.state_reason;
  const number = state.issues.length + 1;
  const names = ((body.labels as string[] | undefined) ?? []).map((name) => name.toLowerCase());
  const labels = state.labels.flatMap((label, index) => (names.includes(label.name.toLowerCase()) ? [labelObject(label, index)] : []));
  const user = example.user as Json;
  const assignees = ((body.assignees as string[] | undefined) ?? []).map((login) => ({ ...user, login }));
  const created = new Date(Date.UTC(2026, 10, 1, 9, number)).toISOString().replace('.000', '');
  return {
    ...example, id: 1_800_000_000 + number, number, title: body.title, body: body.body ?? null, labels, assignees,
    assignee: assignees[0] ?? null, milestone: null, state: 'open', closed_at: null, closed_by: null,
    comments: 0, created_at: created, updated_at: created,
    url: `${API}/repos/${REPO}/issues/${number}`, html_url: `${web}/${REPO}/issues/${number}`,
  };
}

const page = <T>(items: T[], query: URLSearchParams) => {
  const size = Number(query.get('per_page') ?? 30);
  const at = Number(query.get('page') ?? 1);
  return items.slice((at - 1) * size, at * size);
};

/** `web`: where the issues' pages are (html_url), github.com unless given. */
export async function startGitHubFake({ web = WEB }: { web?: string } = {}): Promise<GitHubFake> {
  const repository: Json = { ...exampleOf('github', 'GET /repos/{owner}/{repo}', 200), language: null, full_name: REPO, name: 'web', has_issues: true, archived: false };
  // The example is of a fork; this repository is its own.
  delete repository.source;
  delete repository.parent;
  repository.permissions = { admin: false, maintain: false, push: true, triage: true, pull: true };
  const state: GitHubState = { labels: [{ name: 'bug', color: 'd73a4a' }], issues: [], assignable: new Set(['grace']), blockedBy: new Map(), repository };
  const issue = (request: VendorRequest) => state.issues.find((candidate) => candidate.number === Number(request.params.issue_number));
  const inRepo = (handler: (request: VendorRequest) => VendorReply) => (request: VendorRequest) =>
    `${request.params.owner}/${request.params.repo}` === REPO ? handler(request) : gitHubError(404, 'Not Found');
  const fake = await startVendorFake('github', {
    'GET /user': () => ({ status: 200, body: { ...exampleOf('github', 'GET /user', 200), login: 'ada', name: 'Ada Lovelace' } }),
    'GET /repos/{owner}/{repo}': inRepo(() => ({ status: 200, body: state.repository })),
    'GET /repos/{owner}/{repo}/labels': inRepo((request) => ({ status: 200, body: page(state.labels.map(labelObject), request.query) })),
    'POST /repos/{owner}/{repo}/labels': inRepo((request) => {
      const label = request.body as { name: string; color: string };
      if (state.labels.some((known) => known.name.toLowerCase() === label.name.toLowerCase())) {
        return gitHubError(422, 'Validation Failed', { errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }] });
      }
      state.labels.push(label);
      return { status: 201, body: labelObject(label, state.labels.length - 1) };
    }),
    'POST /repos/{owner}/{repo}/issues': inRepo((request) => {
      const created = issueObject(state, request.body as Json, web);
      state.issues.push(created);
      return { status: 201, headers: { location: String(created.url) }, body: created };
    }),
    'PATCH /repos/{owner}/{repo}/issues/{issue_number}': inRepo((request) => {
      const found = issue(request);
      if (!found) return gitHubError(404, 'Not Found');
      const { state: wanted, state_reason: reason } = request.body as Json;
      Object.assign(found, { state: wanted, ...(reason ? { state_reason: reason } : {}), closed_at: wanted === 'closed' ? found.updated_at : null });
      return { status: 200, body: found };
    }),
    'GET /repos/{owner}/{repo}/issues': inRepo((request) => {
      const wanted = (request.query.get('labels') ?? '').split(',').filter(Boolean);
      const listed = state.issues
        .filter((candidate) => wanted.every((name) => (candidate.labels as Json[]).some((label) => label.name === name)))
        .filter((candidate) => request.query.get('state') === 'all' || candidate.state === (request.query.get('state') ?? 'open'))
        .toReversed();
      return { status: 200, body: page(listed, request.query) };
    }),
    'GET /repos/{owner}/{repo}/issues/{issue_number}': inRepo((request) => {
      const found = issue(request);
      return found ? { status: 200, body: found } : gitHubError(404, 'Not Found');
    }),
    'POST /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by': inRepo((request) => {
      const blocked = issue(request);
      const blocking = state.issues.find((candidate) => candidate.id === (request.body as { issue_id: number }).issue_id);
      if (!blocked || !blocking) return gitHubError(404, 'Not Found');
      const list = state.blockedBy.get(blocked.number as number) ?? [];
      if (list.includes(blocking.id as number)) return gitHubError(422, 'Validation Failed', { errors: [{ resource: 'IssueDependency', code: 'custom', message: 'This dependency already exists' }] });
      state.blockedBy.set(blocked.number as number, [...list, blocking.id as number]);
      return { status: 201, body: blocking };
    }),
    'GET /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by': inRepo((request) => {
      const ids = state.blockedBy.get(Number(request.params.issue_number)) ?? [];
      return { status: 200, body: state.issues.filter((candidate) => ids.includes(candidate.id as number)) };
    }),
    'GET /repos/{owner}/{repo}/assignees/{assignee}': inRepo((request) =>
      (state.assignable.has(request.params.assignee!) ? { status: 204 } : gitHubError(404, 'Not Found'))),
  });
  const settings = { config: { projectIdentifier: REPO, baseUrl: fake.url }, credentials: { token: 'github_pat_11ABCDEFG0123456789' } };
  return {
    fake, state, settings,
    context: (signal) => ({ settings, http: fetchHttp, ...(signal ? { signal } : {}) }),
    requests: (operation) => fake.requests.filter((request) => request.operation === operation),
  };
}

/** A fresh stand-in for each test of the file, checked for contract violations after it; its members are replaced each time. */
export function useGitHubFake(): GitHubFake {
  const current = {} as GitHubFake;
  beforeEach(async () => void Object.assign(current, await startGitHubFake()));
  afterEach(async () => {
    expect(current.fake.violations).toEqual([]);
    await current.fake.close();
  });
  return current;
}

/** The stand-in `npm run fake-trackers` runs: acme/web, refusing any token but its own. */
export async function startGitHubStandIn({ url }: StandInOptions): Promise<StandIn> {
  const github = await startGitHubFake({ web: url });
  const { token } = github.settings.credentials;
  github.fake.routes = requiringCredentials(github.fake.routes, `Bearer ${token}`, () => gitHubError(401, 'Bad credentials'));
  const names = (issue: Json, key: string, field: string) => (issue[key] as Json[]).map((entry) => entry[field]);
  return {
    type: 'GitHub',
    target: github.fake.url,
    form: [['Project Identifier', REPO], ['Personal Access Token', token], ['GitHub Enterprise Server API URL', url]],
    notes: [],
    created: () => github.state.issues.map((issue) => ({
      key: `#${String(issue.number)}`, title: issue.title, state: issue.state, labels: names(issue, 'labels', 'name'),
      assignees: names(issue, 'assignees', 'login'), url: issue.html_url,
      blockedBy: github.state.issues.filter((other) => github.state.blockedBy.get(issue.number as number)?.includes(other.id as number)).map((other) => `#${String(other.number)}`),
    })),
    violations: () => github.fake.violations,
    close: () => github.fake.close(),
  };
}
