/**
 * The `github` tracker: pushes tickets as issues of one repository through the Issues API (api.github.com or a
 * GitHub Enterprise Server). The body carries the ticket's sections in Markdown, its due date (issues have no due
 * date field) and a hidden marker comment; priority and tags become labels, created with a colour when missing; a
 * ticket that is Done is closed right after it is created. The Tickscribe project is not written: the connection
 * maps it to this repository. Every issue also carries the fixed label 'tickscribe', so `findByMarker` lists those
 * issues (a listing sees an issue at once; the search API may not yet) and reads the marker in their bodies.
 * Dependencies become GitHub's "blocked by" relation.
 */
import {
  isTrackerError, markerOf, TrackerError, type TrackerManifest, type TrackerPlugin, type TrackerTicket,
} from '../../sdk/index.ts';
import { sectionsToMarkdown, ticketSections } from '../shared/sections.ts';
import { afterCreate, gitHubFailure, issueItem, repositoryOf, type GitHubIssue, type GitHubRepository } from './client.ts';
import { ensureLabels, labelsOf, MARKER_LABEL } from './labels.ts';
import { trackerConfigSchema } from '../shared/manifest.ts';

const MANIFEST: TrackerManifest = {
  apiVersion: 1,
  id: 'github',
  kind: 'tracker',
  name: 'GitHub',
  version: '1.0.0',
  description: 'Creates GitHub issues, with labels for priority and tags, and links dependencies as "blocked by".',
  configSchema: trackerConfigSchema({
    projectIdentifier: {
      type: 'string',
      title: 'repository',
      pattern: '^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?/[A-Za-z0-9._-]+$',
      description: 'The repository the issues go to, as owner/repo (e.g. acme/web).',
    },
    baseUrl: {
      type: 'string',
      title: 'GitHub Enterprise Server API URL',
      format: 'uri',
      pattern: '^https?://',
      description: 'Only for GitHub Enterprise Server: its REST API address, e.g. https://ghe.example.com/api/v3. Leave empty for github.com.',
    },
  }),
  credentialsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['token'],
    properties: {
      token: {
        type: 'string',
        title: 'token',
        minLength: 1,
        description: 'A personal access token with write access to the repository\'s issues (fine-grained: Issues read and write; classic: repo scope).',
      },
    },
  },
};

/** Issues listed, newest first, when looking for a marker: a retried push looks for an issue made moments ago. */
const MARKER_PAGES = 10;
const PAGE_SIZE = 100;

const markerComment = (ticketId: string) => `<!-- ${markerOf(ticketId)} -->`;

/** The issue body: the sections, the due date, and the hidden marker. */
function issueBody(ticket: TrackerTicket): string {
  const sections = ticketSections(ticket);
  if (ticket.dueDate) sections.push({ heading: 'Due date', paragraphs: [ticket.dueDate] });
  return [sectionsToMarkdown(sections), markerComment(ticket.id)].filter(Boolean).join('\n\n');
}

export const githubTracker: TrackerPlugin = {
  manifest: MANIFEST,

  async verify(context) {
    const repository = repositoryOf(context);
    const user = (await repository.expect('GET', '/user')).json as { login: string };
    const answer = await repository.send('GET', repository.path);
    if (answer.status === 404) {
      throw new TrackerError('not_found', `The token works, but the repository ${repository.fullName} was not found or the token cannot see it.`, { status: 404 });
    }
    if (answer.status !== 200) throw gitHubFailure(answer);
    const found = answer.json as { full_name: string; has_issues?: boolean; archived?: boolean; permissions?: { push?: boolean } };
    const name = found.full_name;
    if (found.permissions?.push === false) {
      throw new TrackerError('forbidden', `The token can read ${name} but not write to it: creating issues with labels needs write access to the repository.`);
    }
    if (found.archived) throw new TrackerError('forbidden', `${name} is archived: GitHub accepts no new issues in it.`);
    if (found.has_issues === false) {
      throw new TrackerError('forbidden', `Issues are turned off in ${name}: turn them on in the repository's settings (General, Features, Issues).`);
    }
    return { account: user.login, target: name };
  },

  async create(ticket, context) {
    const repository = repositoryOf(context);
    const labels = await ensureLabels(repository, labelsOf(ticket));
    const created = await repository.expect('POST', `${repository.path}/issues`, {
      title: ticket.title,
      body: issueBody(ticket),
      labels,
      ...(ticket.assignee ? { assignees: [ticket.assignee.id] } : {}),
    });
    const issue = created.json as GitHubIssue;
    const item = issueItem(issue);
    if (ticket.status === 'Done') {
      // Issues are created open; "In Progress" has no state of its own in the Issues API and stays open.
      await repository
        .expect('PATCH', `${repository.path}/issues/${issue.number}`, { state: 'closed', state_reason: 'completed' })
        .catch((error: unknown) => { throw afterCreate(item.key, 'could not close it', error); });
    }
    return item;
  },

  async findByMarker(ticketId, context) {
    const repository = repositoryOf(context);
    const marker = markerComment(ticketId);
    for (let page = 1; page <= MARKER_PAGES; page++) {
      const query = `labels=${MARKER_LABEL}&state=all&sort=created&direction=desc&per_page=${PAGE_SIZE}&page=${page}`;
      const issues = (await repository.expect('GET', `${repository.path}/issues?${query}`)).json as GitHubIssue[];
      const issue = issues.find((candidate) => !candidate.pull_request && candidate.body?.includes(marker));
      if (issue) return issueItem(issue);
      if (issues.length < PAGE_SIZE) break;
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
    throw gitHubFailure(answer);
  },

  async resolveUser(username, context) {
    const login = username.trim().replace(/^@/, '');
    if (!login || /[\s/@]/.test(login)) return null;
    const repository = repositoryOf(context);
    const answer = await repository.send('GET', `${repository.path}/assignees/${encodeURIComponent(login)}`);
    if (answer.status === 204) return { id: login, name: login };
    if (answer.status === 404) return null;
    throw gitHubFailure(answer);
  },
};

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

export default githubTracker;
