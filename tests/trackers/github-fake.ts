/**
 * A stateful stand-in of GitHub for the github tracker's tests: the vendor fake (every request and answer checked
 * against GitHub's OpenAPI subset) holding one repository, acme/web, whose labels, issues, assignable users and
 * blocked-by relations change as the plugin calls it. Answers start from GitHub's own examples.
 *
 * It refuses what GitHub refuses, each rule with its source beside it: titles over 256 characters, assignees the
 * repository cannot assign, content requests past 80 a minute (and scripted secondary limits), and writes by a
 * token that may only read issues. Listings come in pages of at most 100 with GitHub's `link` header.
 *
 * Like a repository with a webhook, it can deliver signed `issues` events: a test closes or reopens an issue "as a
 * user on GitHub" (closeAsUser, reopenAsUser) and, when a webhook is set (`state.webhook`), the delivery is posted
 * to its payload URL as GitHub posts one (see `deliver`).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect } from 'vitest';
import { fetchHttp } from '../../core/plugins/testkit/trackers.ts';
import type { TrackerContext } from '../../plugins/sdk/index.ts';
import { exampleOf, startVendorFake, type VendorFake, type VendorReply, type VendorRequest, type VendorRoutes } from '../support/vendor-fake.ts';
import { requiringCredentials, type StandIn, type StandInOptions } from './stand-in.ts';

type Json = Record<string, unknown>;

export interface GitHubState {
  labels: { name: string; color: string }[];
  issues: Json[];
  assignable: Set<string>;
  blockedBy: Map<number, number[]>;
  repository: Json;
  /**
   * What the token itself may do with issues. 'read' is a fine-grained token given Issues: read-only while its user
   * may push: the repository's `permissions` still say push: true (they are the user's role), and every write of
   * issues or labels is refused with 403.
   */
  tokenIssues: 'read' | 'write';
  /** Content requests (POST, PATCH, PUT, DELETE) a token may make per minute before the secondary limit; null: no budget. */
  contentPerMinute: number | null;
  /** Answers the next content requests get instead of being served: secondary limits a test scripts. */
  secondaryLimits: SecondaryLimit[];
  /** The repository's webhook, as Settings, Webhooks holds it (content type application/json, Issues events); null: none. */
  webhook: { url: string; secret: string } | null;
  /** Each issue's comments, by its number, oldest first. */
  comments: Map<number, Json[]>;
  /** Searches a token may make per minute (GitHub's 30 for an authenticated user); null: no limit. */
  searchesPerMinute: number | null;
}

/** A webhook delivery as it was posted, and what the receiver answered. */
export interface GitHubDelivery {
  event: string;
  id: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  answer: string;
}

/** A secondary limit GitHub answers: 403 (or 429), with `retry-after` in seconds when it names a wait. */
export interface SecondaryLimit {
  status?: 403 | 429;
  retryAfter?: number;
}

export interface GitHubFake {
  fake: VendorFake;
  state: GitHubState;
  settings: { config: { projectIdentifier: string; baseUrl: string }; credentials: { token: string } };
  context(signal?: AbortSignal): TrackerContext;
  /** The requests of one operation ('POST /repos/{owner}/{repo}/issues'). */
  requests(operation: string): VendorRequest[];
  /** Answers the next `count` content requests with GitHub's secondary limit. */
  limitContent(count: number, limit?: SecondaryLimit): void;
  /** Puts issues straight into the repository (labelled with the labels named, which must exist), oldest first. */
  seedIssues(bodies: { title: string; body: string; labels?: string[] }[]): void;
  /**
   * Closes an issue as a person does on GitHub (state_reason completed, or not_planned) and, when a webhook is set,
   * delivers its `issues` event with action `closed`; the delivery, or null without a webhook.
   */
  closeAsUser(number: number, reason?: 'completed' | 'not_planned'): Promise<GitHubDelivery | null>;
  /** Reopens an issue as a person does on GitHub, delivering `issues` with action `reopened` when a webhook is set. */
  reopenAsUser(number: number): Promise<GitHubDelivery | null>;
  /** Posts one delivery of `event` with `payload` to the webhook, signed with its secret (a `ping`, say). */
  deliver(event: string, payload: Json): Promise<GitHubDelivery>;
  /** Every delivery posted, oldest first. */
  deliveries: GitHubDelivery[];
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

/** GitHub's list endpoints give 30 a page unless asked, and at most 100 (per_page, "max 100", in its REST reference). */
const PAGE_DEFAULT = 30;
const PAGE_MAX = 100;

/**
 * One page of a listing, with GitHub's `link` header naming the next and last pages (prev and first too) and left out
 * when everything fits on one page ("Using pagination in the REST API"). GitHub's links may name the repository by id
 * (/repositories/1300192/issues?page=2); these name it by path, the form the contract knows.
 */
function page<T>(items: T[], request: VendorRequest, root: string): VendorReply {
  const size = Math.min(Math.max(Number(request.query.get('per_page') ?? PAGE_DEFAULT) || PAGE_DEFAULT, 1), PAGE_MAX);
  const at = Math.max(Number(request.query.get('page') ?? 1) || 1, 1);
  const last = Math.max(Math.ceil(items.length / size), 1);
  const pageUrl = (number: number) => {
    const query = new URLSearchParams(request.query);
    query.set('page', String(number));
    return `<${root}${request.path}?${query.toString()}>`;
  };
  const links = [
    ...(at > 1 ? [`${pageUrl(at - 1)}; rel="prev"`] : []),
    ...(at < last ? [`${pageUrl(at + 1)}; rel="next"`, `${pageUrl(last)}; rel="last"`] : []),
    ...(at > 1 ? [`${pageUrl(1)}; rel="first"`] : []),
  ];
  return { status: 200, ...(links.length ? { headers: { link: links.join(', ') } } : {}), body: items.slice((at - 1) * size, at * size) };
}

/** GitHub's refusal of a title over 256 characters, as reported in googleapis/repo-automation-bots#1895. */
export const TITLE_LIMIT = 256;
const titleTooLong = () => gitHubError(422, 'Validation Failed', {
  errors: [{ resource: 'Issue', code: 'custom', field: 'title', message: `title is too long (maximum is ${TITLE_LIMIT} characters)` }],
});

/**
 * GitHub's secondary limit on content creation: 403 (GitHub also answers 429) with this message, as reported in
 * hisxo/gitGraber#43 (and "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."
 * in hisxo/gitGraber#41); `x-ratelimit-remaining` is not 0, as the primary limit is not spent. The budget it guards:
 * "no more than 80 content-generating requests per minute and no more than 500 content-generating requests per hour"
 * (docs.github.com, "Rate limits for the REST API", About secondary rate limits).
 */
export const SECONDARY_LIMIT_MESSAGE = 'You have exceeded a secondary rate limit and have been temporarily blocked from content creation. Please retry your request again later.';
const secondaryLimit = ({ status = 403, retryAfter }: SecondaryLimit = {}): VendorReply => ({
  ...gitHubError(status, SECONDARY_LIMIT_MESSAGE, { documentation_url: 'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits' }),
  headers: { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4987', 'x-ratelimit-used': '13', ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }) },
});
export const CONTENT_PER_MINUTE = 80;
/** GitHub's search limit for an authenticated user. */
export const SEARCHES_PER_MINUTE = 30;

/**
 * A token that may not write issues: 403 "Resource not accessible by personal access token" (the body as reported in
 * RoamJS/roamjs-components#31), with the permissions the endpoint accepts in `x-accepted-github-permissions` (GitHub
 * changelog 2023-08-10, "X-Accepted-GitHub-Permissions header for fine-grained permission actors").
 */
const notAccessible = (accepted: string, documentation: string): VendorReply => ({
  status: 403,
  headers: { 'x-accepted-github-permissions': accepted },
  body: { message: 'Resource not accessible by personal access token', documentation_url: `https://docs.github.com/rest/${documentation}`, status: '403' },
});

const CONTENT_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** `web`: where the issues' pages are (html_url), github.com unless given. */
export async function startGitHubFake({ web = WEB }: { web?: string } = {}): Promise<GitHubFake> {
  const repository: Json = { ...exampleOf('github', 'GET /repos/{owner}/{repo}', 200), language: null, full_name: REPO, name: 'web', has_issues: true, archived: false };
  // The example is of a fork; this repository is its own.
  delete repository.source;
  delete repository.parent;
  repository.permissions = { admin: false, maintain: false, push: true, triage: true, pull: true };
  const state: GitHubState = {
    labels: [{ name: 'bug', color: 'd73a4a' }], issues: [], assignable: new Set(['grace']), blockedBy: new Map(), repository,
    tokenIssues: 'write', contentPerMinute: CONTENT_PER_MINUTE, secondaryLimits: [], webhook: null, comments: new Map(), searchesPerMinute: SEARCHES_PER_MINUTE,
  };
  const searched = new Map<string, number[]>();
  const deliveries: GitHubDelivery[] = [];
  /** The person who closes and reopens issues on GitHub, as a delivery's `sender` names them. */
  const sender = { ...(exampleOf('github', 'GET /user', 200)), login: 'grace', type: 'User' };
  const deliver = async (event: string, payload: Json): Promise<GitHubDelivery> => {
    if (!state.webhook) throw new Error('The repository has no webhook: set state.webhook first.');
    // GitHub's delivery headers ("Webhook events and payloads", Delivery headers): X-GitHub-Event names the event,
    // X-GitHub-Delivery is a GUID naming the delivery (the same on a redelivery), X-GitHub-Hook-ID the webhook,
    // X-Hub-Signature-256 "sha256=" and the hex HMAC-SHA256 of the body with the webhook's secret ("Validating webhook
    // deliveries"); the user agent starts with GitHub-Hookshot/. The body is the payload as JSON, content type
    // application/json as the webhook is set.
    const body = JSON.stringify(payload);
    const id = randomUUID();
    const headers = {
      'content-type': 'application/json', 'user-agent': 'GitHub-Hookshot/7f2e1c4', 'x-github-event': event, 'x-github-delivery': id,
      'x-github-hook-id': '498765432', 'x-github-hook-installation-target-type': 'repository', 'x-github-hook-installation-target-id': String(repository.id),
      'x-hub-signature-256': `sha256=${createHmac('sha256', state.webhook.secret).update(body).digest('hex')}`,
    };
    const response = await fetch(state.webhook.url, { method: 'POST', headers, body });
    const delivery = { event, id, headers, body, status: response.status, answer: await response.text() };
    deliveries.push(delivery);
    return delivery;
  };
  /**
   * An issue's state changed by a person: what the issue then says (state, state_reason, closed_at, closed_by), and
   * the `issues` delivery with `action`, the issue, the repository and the sender.
   */
  const changeAsUser = async (number: number, action: 'closed' | 'reopened', reason: string): Promise<GitHubDelivery | null> => {
    const found = state.issues.find((candidate) => candidate.number === number);
    if (!found) throw new Error(`There is no issue #${number}.`);
    const at = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    Object.assign(found, action === 'closed'
      ? { state: 'closed', state_reason: reason, closed_at: at, closed_by: sender, updated_at: at }
      : { state: 'open', state_reason: 'reopened', closed_at: null, closed_by: null, updated_at: at });
    return state.webhook ? deliver('issues', { action, issue: found, repository: state.repository, sender }) : null;
  };
  let root = '';
  const issue = (request: VendorRequest) => state.issues.find((candidate) => candidate.number === Number(request.params.issue_number));
  const inRepo = (handler: (request: VendorRequest) => VendorReply) => (request: VendorRequest) =>
    `${request.params.owner}/${request.params.repo}` === REPO ? handler(request) : gitHubError(404, 'Not Found');
  /** A write of issues or labels: refused to a token that may only read them (labels accept Pull requests: write too). */
  const writes = (accepted: string, documentation: string, handler: (request: VendorRequest) => VendorReply) => (request: VendorRequest) =>
    (state.tokenIssues === 'read' ? notAccessible(accepted, documentation) : handler(request));
  const fake = await startVendorFake('github', {
    'GET /user': () => ({ status: 200, body: { ...exampleOf('github', 'GET /user', 200), login: 'ada', name: 'Ada Lovelace' } }),
    'GET /repos/{owner}/{repo}': inRepo(() => ({ status: 200, body: state.repository })),
    'GET /repos/{owner}/{repo}/labels': inRepo((request) => page(state.labels.map(labelObject), request, root)),
    'POST /repos/{owner}/{repo}/labels': inRepo(writes('issues=write; pull_requests=write', 'issues/labels#create-a-label', (request) => {
      const label = request.body as { name: string; color: string };
      if (state.labels.some((known) => known.name.toLowerCase() === label.name.toLowerCase())) {
        return gitHubError(422, 'Validation Failed', { errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }] });
      }
      state.labels.push(label);
      return { status: 201, body: labelObject(label, state.labels.length - 1) };
    })),
    'POST /repos/{owner}/{repo}/issues': inRepo(writes('issues=write', 'issues/issues#create-an-issue', (request) => {
      const body = request.body as { title: string | number; assignees?: string[] };
      if (String(body.title).length > TITLE_LIMIT) return titleTooLong();
      // A login the repository cannot assign: 422 {resource: Issue, field: assignees, code: invalid}, as reported in
      // trstringer/manual-approval#71 (GitHub's words for it: "Value notauser cannot be set for field assignees").
      const refused = (body.assignees ?? []).filter((login) => !state.assignable.has(login));
      if (refused.length) return gitHubError(422, 'Validation Failed', { errors: [{ resource: 'Issue', field: 'assignees', code: 'invalid', value: refused }] });
      const created = issueObject(state, request.body as Json, web);
      state.issues.push(created);
      return { status: 201, headers: { location: String(created.url) }, body: created };
    })),
    'PATCH /repos/{owner}/{repo}/issues/{issue_number}': inRepo(writes('issues=write', 'issues/issues#update-an-issue', (request) => {
      const found = issue(request);
      if (!found) return gitHubError(404, 'Not Found');
      const { state: wanted, state_reason: reason } = request.body as Json;
      const { title } = request.body as Json;
      if (title !== undefined && String(title).length > TITLE_LIMIT) return titleTooLong();
      // GitHub's reference ("Update an issue"): state_reason "Ignored unless `state` is changed"; an issue closed
      // now has closed_at now, one opened again none.
      if (wanted !== undefined && wanted !== found.state) {
        const at = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
        Object.assign(found, { state: wanted, ...(reason ? { state_reason: reason } : {}), closed_at: wanted === 'closed' ? at : null, updated_at: at });
      }
      return { status: 200, body: found };
    })),
    'GET /repos/{owner}/{repo}/issues': inRepo((request) => {
      const wanted = (request.query.get('labels') ?? '').split(',').filter(Boolean);
      const listed = state.issues
        .filter((candidate) => wanted.every((name) => (candidate.labels as Json[]).some((label) => label.name === name)))
        .filter((candidate) => request.query.get('state') === 'all' || candidate.state === (request.query.get('state') ?? 'open'))
        .toReversed();
      return page(listed, request, root);
    }),
    'GET /repos/{owner}/{repo}/issues/{issue_number}': inRepo((request) => {
      const found = issue(request);
      return found ? { status: 200, body: found } : gitHubError(404, 'Not Found');
    }),
    'POST /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by': inRepo(writes('issues=write', 'issues/issue-dependencies#add-a-dependency-an-issue-is-blocked-by', (request) => {
      const blocked = issue(request);
      const blocking = state.issues.find((candidate) => candidate.id === (request.body as { issue_id: number }).issue_id);
      if (!blocked || !blocking) return gitHubError(404, 'Not Found');
      const list = state.blockedBy.get(blocked.number as number) ?? [];
      if (list.includes(blocking.id as number)) return gitHubError(422, 'Validation Failed', { errors: [{ resource: 'IssueDependency', code: 'custom', message: 'This dependency already exists' }] });
      state.blockedBy.set(blocked.number as number, [...list, blocking.id as number]);
      return { status: 201, body: blocking };
    })),
    'GET /repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by': inRepo((request) => {
      const ids = state.blockedBy.get(Number(request.params.issue_number)) ?? [];
      return { status: 200, body: state.issues.filter((candidate) => ids.includes(candidate.id as number)) };
    }),
    // GitHub's reference ("Search issues and pull requests", GET /search/issues): `q` holds the keywords and
    // qualifiers (repo:, is:issue, is:open); per_page at most 100. Keywords without an operator must all appear; OR
    // joins alternatives; "You can't use more than five AND, OR, or NOT operators" and a query "can't be longer than
    // 256 characters (not including operators or qualifiers)" ("Troubleshooting search queries", Limitations on query
    // length), both answered 422 Validation Failed. Symbols such as " ' : = ( ) are ignored in keywords ("Understanding
    // the search syntax"). Searches have their own limit, 30 a minute for an authenticated user ("Rate limits for the
    // REST API"): past it, 403 "API rate limit exceeded" with x-ratelimit-resource search and remaining 0.
    'GET /search/issues': (request) => {
      const token = request.headers['authorization'] ?? '';
      const now = Date.now();
      const recent = (searched.get(token) ?? []).filter((at) => at > now - 60_000);
      searched.set(token, recent);
      if (state.searchesPerMinute !== null && recent.length >= state.searchesPerMinute) {
        return {
          ...gitHubError(403, 'API rate limit exceeded for user ID 1.', { documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' }),
          headers: { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '0', 'x-ratelimit-resource': 'search', 'x-ratelimit-reset': String(Math.ceil((recent[0]! + 60_000) / 1000)) },
        };
      }
      recent.push(now);
      const terms = (request.query.get('q') ?? '').split(/\s+/).filter(Boolean);
      const qualifiers = terms.filter((term) => /^-?[a-z_]+:/.test(term));
      const keywords = terms.filter((term) => !qualifiers.includes(term));
      const operators = keywords.filter((term) => ['AND', 'OR', 'NOT'].includes(term)).length;
      if (operators > 5 || keywords.filter((term) => !['AND', 'OR', 'NOT'].includes(term)).join(' ').length > 256) {
        return gitHubError(422, 'Validation Failed', { errors: [{ message: operators > 5 ? 'The search contains more than five AND / OR / NOT operators.' : 'The search is longer than 256 characters.', resource: 'Search', field: 'q', code: 'invalid' }] });
      }
      const repo = qualifiers.find((term) => term.startsWith('repo:'))?.slice(5);
      const open = qualifiers.includes('is:open') ? 'open' : qualifiers.includes('is:closed') ? 'closed' : null;
      const alternatives = keywords.join(' ').split(/\s+OR\s+/).map((group) => group.split(/\s+/).map((word) => word.replace(/[.,:;/\\`'"=*!?#$&+^|~<>(){}[\]@]/g, '').toLowerCase()).filter(Boolean));
      const found = state.issues.filter((issue) => {
        if (repo !== undefined && repo.toLowerCase() !== REPO) return false;
        if (open && issue.state !== open) return false;
        const text = `${String(issue.title)} ${String(issue.body ?? '')}`.toLowerCase();
        return alternatives.some((group) => group.length > 0 && group.every((word) => text.includes(word)));
      }).toReversed();
      const listed = page(found.map((issue) => ({ ...issue, score: 1 })), request, root);
      return { ...listed, body: { total_count: found.length, incomplete_results: false, items: listed.body, search_type: 'lexical' } };
    },
    // GitHub's reference ("List issue comments", "Create an issue comment"): the comments of an issue, oldest first,
    // per_page at most 100; a new one from `body`. Checked against tests/contracts/github.supplement.openapi.json.
    'GET /repos/{owner}/{repo}/issues/{issue_number}/comments': inRepo((request) => {
      const found = issue(request);
      return found ? page(state.comments.get(found.number as number) ?? [], request, root) : gitHubError(404, 'Not Found');
    }),
    'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': inRepo(writes('issues=write; pull_requests=write', 'issues/comments#create-an-issue-comment', (request) => {
      const found = issue(request);
      if (!found) return gitHubError(404, 'Not Found');
      const list = state.comments.get(found.number as number) ?? [];
      const example = exampleOf('github', 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 201);
      const id = 1_100_000 + [...state.comments.values()].flat().length;
      const comment = { ...example, id, body: (request.body as Json).body, html_url: `${String(found.html_url)}#issuecomment-${id}`, issue_url: found.url };
      state.comments.set(found.number as number, [...list, comment]);
      found.comments = list.length + 1;
      return { status: 201, headers: { location: `${API}/repos/${REPO}/issues/comments/${id}` }, body: comment };
    })),
    // GitHub's reference ("List assignees", GET /repos/{owner}/{repo}/assignees): "the available assignees for issues in
    // a repository" as simple users, per_page (max 100) and page, the link header naming the next page; no search term.
    // Checked against tests/contracts/github.supplement.openapi.json.
    'GET /repos/{owner}/{repo}/assignees': inRepo((request) => {
      const [template] = exampleOf('github', 'GET /repos/{owner}/{repo}/assignees', 200) as unknown as Json[];
      const users = [...state.assignable].map((login, index) => ({
        ...template, login, id: 583231 + index, node_id: `MDQ6VXNlcj${index}`, url: `${API}/users/${login}`, html_url: `${WEB}/${login}`,
      }));
      return page(users, request, root);
    }),
    // GitHub's reference ("Check if a user can be assigned"): "If the assignee can be assigned to issues in the
    // repository, a 204 header with no content is returned. Otherwise a 404 status code is returned."
    'GET /repos/{owner}/{repo}/assignees/{assignee}': inRepo((request) =>
      (state.assignable.has(request.params.assignee!) ? { status: 204 } : gitHubError(404, 'Not Found', { documentation_url: 'https://docs.github.com/rest/issues/assignees#check-if-a-user-can-be-assigned', status: '404' }))),
  });
  root = fake.url;
  fake.routes = pacedRoutes(fake.routes, state);
  const settings = { config: { projectIdentifier: REPO, baseUrl: fake.url }, credentials: { token: 'github_pat_11ABCDEFG0123456789' } };
  return {
    fake, state, settings,
    context: (signal) => ({ settings, http: fetchHttp, ...(signal ? { signal } : {}) }),
    requests: (operation) => fake.requests.filter((request) => request.operation === operation),
    limitContent: (count, limit = {}) => void state.secondaryLimits.push(...Array.from({ length: count }, () => limit)),
    seedIssues: (bodies) => {
      for (const body of bodies) state.issues.push(issueObject(state, body, web));
    },
    closeAsUser: (number, reason = 'completed') => changeAsUser(number, 'closed', reason),
    reopenAsUser: (number) => changeAsUser(number, 'reopened', 'reopened'),
    deliver,
    deliveries,
  };
}

const paced = new WeakSet<VendorRoutes[string]>();

/**
 * The routes behind GitHub's secondary limit on content: a content request (POST, PATCH, PUT, DELETE) first takes a
 * scripted secondary limit, if any, then is refused once its token made `contentPerMinute` in the last minute. Routes
 * a test sets later are put behind it as well (once: a route read and set back is not limited twice).
 */
function pacedRoutes(routes: VendorRoutes, state: GitHubState): VendorRoutes {
  const sent = new Map<string, number[]>();
  const limit = (handler: VendorRoutes[string]): VendorRoutes[string] => {
    if (paced.has(handler)) return handler;
    const wrapped: VendorRoutes[string] = (request) => {
      if (!CONTENT_METHODS.has(request.method)) return handler(request);
      const scripted = state.secondaryLimits.shift();
      if (scripted) return secondaryLimit(scripted);
      const token = request.headers['authorization'] ?? '';
      const now = Date.now();
      const recent = (sent.get(token) ?? []).filter((at) => at > now - 60_000);
      sent.set(token, recent);
      if (state.contentPerMinute !== null && recent.length >= state.contentPerMinute) return secondaryLimit();
      recent.push(now);
      return handler(request);
    };
    paced.add(wrapped);
    return wrapped;
  };
  return new Proxy(routes, {
    get: (target, key: string) => (typeof target[key] === 'function' ? limit(target[key]) : target[key]),
  });
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
