/**
 * The `github` tracker: pushes tickets as issues of one repository through the Issues API (api.github.com or a
 * GitHub Enterprise Server). The body carries the ticket's sections in Markdown, its due date (issues have no due
 * date field) and a hidden marker comment; priority and tags become labels, created with a colour when missing; a
 * ticket that is Done is closed right after it is created. The Tickscribe project is not written: the connection
 * maps it to this repository. Every issue also carries the fixed label 'tickscribe', so `findByMarker` lists those
 * issues (a listing sees an issue at once; the search API may not yet) and reads the marker in their bodies.
 * Dependencies become GitHub's "blocked by" relation. A ticket follows its issue (closed is Done, reopened is To Do)
 * through the repository's webhook and by reading the issue, and a status changed in Tickscribe closes or reopens it
 * (status.ts). Before a push, the wizard finds open issues like each ticket with GitHub's issue search, and a ticket
 * may be linked to one of them or comment on it instead of creating an issue (search.ts).
 */
import {
  isTrackerError, markerOf, TrackerError, type TrackerItem, type TrackerManifest, type TrackerPlugin, type TrackerTicket, type TrackerUserMatch,
} from '../../sdk/index.ts';
import { sectionsToMarkdown, ticketSections } from '../shared/sections.ts';
import { fitTitle } from '../shared/title.ts';
import { afterCreate, issueItem, repositoryOf, type GitHubIssue, type GitHubRepository } from './client.ts';
import { alreadyExists, createLabels, labelsOf, MARKER_COLOUR, MARKER_LABEL, planLabels } from './labels.ts';
import { CONFIG_SCHEMA, CREDENTIALS_SCHEMA, type GitHubSettings } from './settings.ts';
import { matchPeople } from '../shared/people.ts';
import { GITHUB_OAUTH } from './oauth.ts';
import { GITHUB_WEBHOOK, readIssueStatus, writeIssueStatus } from './status.ts';
import { commentOnIssue, searchIssues } from './search.ts';

const MANIFEST: TrackerManifest = {
  apiVersion: 1,
  id: 'github',
  kind: 'tracker',
  name: 'GitHub',
  version: '1.0.0',
  description: 'Creates GitHub issues, with labels for priority and tags, and links dependencies as "blocked by".',
  configSchema: CONFIG_SCHEMA,
  credentialsSchema: CREDENTIALS_SCHEMA,
};

/**
 * Pages of marked issues read, newest first, when looking for a marker (10,000 issues): a retried push looks for an
 * issue made moments ago, so reaching the cap means something else is wrong, and the look-up says so.
 */
const MARKER_PAGES = 100;
/** GitHub's largest page (per_page "max 100" in its REST reference). */
const PAGE_SIZE = 100;

/**
 * GitHub refuses a longer title: 422 Validation Failed, {resource: Issue, code: custom, field: title, message: "title
 * is too long (maximum is 256 characters)"}, as reported in googleapis/repo-automation-bots#1895.
 */
const TITLE_LIMIT = 256;
const titleOf = (ticket: TrackerTicket) => fitTitle(ticket.title, TITLE_LIMIT, 'GitHub');

const markerComment = (ticketId: string) => `<!-- ${markerOf(ticketId)} -->`;

/** The issue body: the full title when it was cut, the sections, the due date, and the hidden marker. */
function issueBody(ticket: TrackerTicket): string {
  const sections = ticketSections(ticket, titleOf(ticket).full);
  if (ticket.dueDate) sections.push({ heading: 'Due date', paragraphs: [ticket.dueDate] });
  return [sectionsToMarkdown(sections), markerComment(ticket.id)].filter(Boolean).join('\n\n');
}

/**
 * The request that creates the ticket's issue, and what it needs first (the labels the repository lacks): what
 * `create` sends and `preview` shows. It reads the repository's labels.
 */
async function issueRequest(repository: GitHubRepository, ticket: TrackerTicket) {
  const labels = await planLabels(repository, labelsOf(ticket));
  const title = titleOf(ticket);
  const body = {
    title: title.title,
    body: issueBody(ticket),
    labels: labels.names,
    ...(ticket.assignee ? { assignees: [ticket.assignee.id] } : {}),
  };
  return { labels, title, request: { method: 'POST' as const, path: `${repository.path}/issues`, body } };
}

const tracker: TrackerPlugin<GitHubSettings> = {
  manifest: MANIFEST,
  oauth: GITHUB_OAUTH,

  async verify(context) {
    const repository = repositoryOf(context);
    const user = (await repository.expect('GET', '/user')).json as { login: string };
    const answer = await repository.send('GET', repository.path);
    if (answer.status === 404) {
      throw new TrackerError('not_found', `The token works, but the repository ${repository.fullName} was not found or the token cannot see it.`, { status: 404 });
    }
    if (answer.status !== 200) throw await repository.failure(answer);
    const found = answer.json as { full_name: string; has_issues?: boolean; archived?: boolean; permissions?: { push?: boolean } };
    const name = found.full_name;
    if (found.permissions?.push === false) {
      throw new TrackerError('forbidden', `The token can read ${name} but not write to it: creating issues with labels needs write access to the repository.`);
    }
    if (found.archived) throw new TrackerError('forbidden', `${name} is archived: GitHub accepts no new issues in it.`);
    if (found.has_issues === false) {
      throw new TrackerError('forbidden', `Issues are turned off in ${name}: turn them on in the repository's settings (General, Features, Issues).`);
    }
    await mayWriteIssues(repository, name);
    return { account: user.login, target: name };
  },

  async create(ticket, context) {
    const repository = repositoryOf(context);
    const { labels, title, request } = await issueRequest(repository, ticket);
    const done = ticket.status === 'Done';
    // Every content request of the create is paced up front: it starts when all of them fit, or not at all.
    await repository.reserve(labels.missing.length + 1 + (done ? 1 : 0));
    await createLabels(repository, labels.missing);
    const created = await repository.expect(request.method, request.path, request.body);
    const issue = created.json as GitHubIssue;
    const item = issueItem(issue);
    const notices = title.notice ? [title.notice] : [];
    if (done) {
      // Issues are created open; "In Progress" has no state of its own in the Issues API and stays open.
      const closed = await repository
        .expect('PATCH', `${repository.path}/issues/${issue.number}`, { state: 'closed', state_reason: 'completed' })
        .then(() => true, (error: unknown) => {
          // A limit now would leave the issue open for good (a retry finds it by its marker): say so instead.
          if (isTrackerError(error) && error.kind === 'rate_limited') return false;
          throw afterCreate(item.key, 'could not close it', error);
        });
      if (!closed) notices.push(`GitHub limited requests right after creating ${item.key}, so it was left open: close it on GitHub.`);
    }
    return notices.length ? { ...item, notices } : item;
  },

  async preview(ticket, context) {
    const repository = repositoryOf(context);
    const { labels, title, request } = await issueRequest(repository, ticket);
    return {
      title: request.body.title,
      body: request.body.body,
      fields: [{ name: 'Labels', value: request.body.labels.join(', ') }],
      assignee: ticket.assignee,
      then: ticket.status === 'Done' ? ['Closed as completed, since the ticket is Done.'] : [],
      notices: [
        ...(title.notice ? [title.notice] : []),
        ...(labels.missing.length ? [`Labels made in ${repository.fullName} first: ${labels.missing.map((label) => label.name).join(', ')}.`] : []),
      ],
      request: { method: request.method, url: `${repository.root}${request.path}`, body: request.body },
    };
  },

  async findByMarker(ticketId, context) {
    const repository = repositoryOf(context);
    const marker = markerComment(ticketId);
    let found: GitHubIssue | undefined;
    const query = `labels=${MARKER_LABEL}&state=all&sort=created&direction=desc&per_page=${PAGE_SIZE}`;
    const ended = await repository.eachPage<GitHubIssue>(`${repository.path}/issues?${query}`, MARKER_PAGES, (issues) => {
      found = issues.find((candidate) => !candidate.pull_request && candidate.body?.includes(marker));
      return found !== undefined;
    });
    if (found) return foundItem(found);
    if (ended === 'capped') {
      throw new TrackerError('not_found', `Looked through the newest ${MARKER_PAGES * PAGE_SIZE} issues labelled '${MARKER_LABEL}' in ${repository.fullName} for this ticket's issue and stopped there: check on GitHub whether it exists before pushing it again.`);
    }
    return null;
  },

  async link(item, dependency, context) {
    const repository = repositoryOf(context);
    const blocking = (await repository.expect('GET', `${repository.path}/issues/${dependency.externalId}`)).json as GitHubIssue;
    const path = `${repository.path}/issues/${item.externalId}/dependencies/blocked_by`;
    const answer = await repository.send('POST', path, { issue_id: blocking.id });
    if (answer.status === 201) return 'linked';
    // A GitHub Enterprise Server without issue dependencies does not know the address.
    if (answer.status === 404) return 'unsupported';
    if (answer.status === 422 && (await alreadyBlockedBy(repository, path, blocking.id))) return 'linked';
    throw await repository.failure(answer);
  },

  async resolveUser(username, context) {
    const login = username.trim().replace(/^@/, '');
    if (!login || /[\s/@]/.test(login)) return null;
    const repository = repositoryOf(context);
    const answer = await repository.send('GET', `${repository.path}/assignees/${encodeURIComponent(login)}`);
    if (answer.status === 204) return { id: login, name: login };
    // GitHub's reference ("Check if a user can be assigned"): 204 when the login can be assigned, otherwise 404.
    if (answer.status === 404) return null;
    throw await repository.failure(answer);
  },

  searchUsers: (query, context) => searchAssignees(repositoryOf(context), query),

  itemStatus: (item, context) => readIssueStatus(repositoryOf(context), item),

  setStatus: (item, status, context) => writeIssueStatus(repositoryOf(context), item, status),

  webhook: GITHUB_WEBHOOK,

  search: (query, context) => searchIssues(context, query),

  comment: (item, comment, context) => commentOnIssue(repositoryOf(context), item, comment),
};

/** Pages of assignees read when searching them (1,000 people): GitHub's listing cannot be filtered, so it is read and matched here. */
const ASSIGNEE_PAGES = 10;

/**
 * The repository's assignable users whose login (or name, when the listing shows one) contains the query.
 * GitHub's "List assignees" (GET /repos/{owner}/{repo}/assignees, REST reference "Assignees") lists "the available
 * assignees for issues in a repository", per_page at most 100, paged by the link header; it takes no search term.
 * The mapping keeps the login, which resolveUser checks.
 */
async function searchAssignees(repository: GitHubRepository, query: string): Promise<TrackerUserMatch[]> {
  const users: { login: string; name?: string | null }[] = [];
  await repository.eachPage<{ login: string; name?: string | null }>(`${repository.path}/assignees?per_page=${PAGE_SIZE}`, ASSIGNEE_PAGES, (page) => {
    users.push(...page);
    return false;
  });
  return matchPeople(users, query.replace(/^\s*@/, ''), (user) => [user.login, ...(user.name ?? '').split(/\s+/)])
    .map((user) => ({ value: user.login, name: user.name || user.login, login: user.login }));
}

/** An issue found by its marker; one whose title was cut says so again (its body starts with the full title). */
function foundItem(issue: GitHubIssue): TrackerItem {
  const item = issueItem(issue);
  const full = /^### Full title\n\n([^\n]+)/.exec(issue.body ?? '')?.[1];
  const notice = full ? fitTitle(full, TITLE_LIMIT, 'GitHub').notice : null;
  return notice ? { ...item, notices: [notice] } : item;
}

/**
 * Refuses, in words, a token that can read the repository but not write its issues. For a classic token GitHub's
 * `permissions` on the repository (checked before) are the token's; for a fine-grained token they are the user's
 * role, while the token may hold Issues: read-only. GitHub documents no call that names a fine-grained token's own
 * permissions; it names what an endpoint needs in `x-accepted-github-permissions` ("X-Accepted-GitHub-Permissions
 * header for fine-grained permission actors", GitHub changelog 2023-08-10) and refuses the rest with 403 "Resource
 * not accessible by personal access token". So this makes the one write a push would make first anyway: it creates
 * the marker label (Issues: write, per "Permissions required for fine-grained personal access tokens"), and an
 * answer that the label is there already proves the permission just as well.
 */
async function mayWriteIssues(repository: GitHubRepository, name: string): Promise<void> {
  const answer = await repository.send('POST', `${repository.path}/labels`, { name: MARKER_LABEL, color: MARKER_COLOUR });
  if ((answer.status >= 200 && answer.status < 300) || alreadyExists(answer)) return;
  const failure = await repository.failure(answer);
  if (answer.status !== 403 || failure.kind !== 'forbidden') throw failure;
  const needs = answer.headers['x-accepted-github-permissions'];
  throw new TrackerError(
    'forbidden',
    `The token can read ${name} but may not write its issues (${failure.message.replace(/\.$/, '')}${needs ? `; it needs ${needs}` : ''}). Give a fine-grained token the repository permission Issues: Read and write (a classic token: the repo scope), then save it again on the connection.`,
    { status: 403 },
  );
}

/** Whether `path` (an issue's blocked-by list) already holds the issue with id `blockingId`. */
async function alreadyBlockedBy(repository: GitHubRepository, path: string, blockingId: number): Promise<boolean> {
  try {
    const listed = (await repository.expect('GET', `${path}?per_page=${PAGE_SIZE}`)).json as GitHubIssue[];
    return listed.some((issue) => issue.id === blockingId);
  } catch (error) {
    if (isTrackerError(error)) return false;
    throw error;
  }
}

/** As the host holds it: the host validates the settings against the manifest's schemas before every call. */
export const githubTracker: TrackerPlugin = tracker;

export default githubTracker;
