/**
 * The github tracker's search of open issues like a ticket, and its comment on one.
 *
 * Search: GitHub's "Search issues and pull requests" (GET /search/issues, REST reference "Search"), `q` the words
 * joined by OR with the qualifiers `repo:owner/name is:issue is:open`. The same reference limits a query to 256
 * characters (qualifiers aside) and to five AND, OR or NOT operators, and answers 422 "Validation Failed" to a query
 * it cannot read; a search term is plain text, the symbols `. , : ; / \ ` ' " = * ! ? # $ & + ^ | ~ < > ( ) { } [ ] @`
 * being ignored ("Searching issues and pull requests", "Understanding the search syntax"). So each word keeps only its
 * letters and digits, which also keeps a word like `repo:other/secret` or `is:closed` from becoming a qualifier.
 * Searches have their own limit: 30 requests a minute for an authenticated user ("Rate limits for the REST API",
 * "REST API endpoints for search": "the REST API has a custom rate limit for searching ... up to 30 requests per
 * minute"), kept on this side in the host's budgets so a busy wizard waits instead of spending refusals.
 *
 * Comment: "Create an issue comment" (POST /repos/{owner}/{repo}/issues/{issue_number}/comments, body `body`), after
 * "List issue comments" (GET, per_page at most 100) found none carrying the ticket's marker: a retried push does not
 * post twice.
 */
import { createHash } from 'node:crypto';
import {
  budgetsOf, markerOf, TrackerError, type TrackerCandidate, type TrackerComment, type TrackerContext, type TrackerItem, type TrackerSearchQuery,
} from '../../sdk/index.ts';
import { commentWords, searchWord } from '../shared/search.ts';
import { repositoryOf, type GitHubRepository } from './client.ts';
import type { GitHubSettings } from './settings.ts';

/** GitHub's search limit for an authenticated user: 30 requests a minute. */
const SEARCH_BUDGET = [{ windowMs: 60_000, limit: 30 }];
/** Five operators at most: six words joined by OR. */
const MOST_WORDS = 6;
/** The query's length GitHub allows, qualifiers aside. */
const QUERY_LENGTH = 256;
/** Pages of comments read looking for the marker (1,000 comments). */
const COMMENT_PAGES = 10;

interface FoundIssue {
  number: number;
  title: string;
  html_url: string;
  body?: string | null;
  state?: string;
  pull_request?: unknown;
}

/** The `q` of the search: up to six words joined by OR, within 256 characters, then the qualifiers. */
export function searchQuery(fullName: string, words: readonly string[]): string | null {
  const kept: string[] = [];
  for (const word of [...new Set(words.map(searchWord))].filter(Boolean)) {
    if (kept.length >= MOST_WORDS || [...kept, word].join(' OR ').length > QUERY_LENGTH) break;
    kept.push(word);
  }
  return kept.length ? `${kept.join(' OR ')} repo:${fullName} is:issue is:open` : null;
}

/** An issue body as a plain excerpt: the marker and other HTML comments, and Markdown's marks, left out. */
const plainBody = (body: string | null | undefined) =>
  (body ?? '').replace(/<!--[\s\S]*?-->/g, ' ').replace(/^#+\s*/gm, '').replace(/[*_`>]+/g, '').replace(/\s+/g, ' ').trim();

/** The searches of one token at one API root are counted together (a hash of both is the key: the token is not kept). */
export async function searchIssues(context: TrackerContext<GitHubSettings>, query: TrackerSearchQuery): Promise<TrackerCandidate[]> {
  const repository = repositoryOf(context);
  const q = searchQuery(repository.fullName, query.words);
  if (!q) return [];
  const { config, credentials } = context.settings;
  const key = `github-search:${createHash('sha256').update(`${config.baseUrl ?? ''}\n${credentials.token ?? ''}`).digest('hex')}`;
  const retryAt = await budgetsOf(context).take(key, SEARCH_BUDGET, 1);
  if (retryAt !== null) {
    throw new TrackerError('rate_limited', `GitHub allows 30 searches a minute per token; the next one fits at ${retryAt}.`, { retryAt });
  }
  const answer = await repository.send('GET', `/search/issues?${new URLSearchParams({ q, per_page: String(query.limit) })}`);
  if (answer.status === 422) {
    const failure = await repository.failure(answer);
    throw new TrackerError('validation', `GitHub could not search the issues of ${repository.fullName} with these words (${failure.message.replace(/\.$/, '')}).`, { status: 422 });
  }
  if (answer.status !== 200) throw await repository.failure(answer);
  const items = ((answer.json ?? {}) as { items?: FoundIssue[] }).items ?? [];
  return items.filter((issue) => !issue.pull_request && issue.state !== 'closed').slice(0, query.limit).map((issue) => {
    const excerpt = plainBody(issue.body);
    return { externalId: String(issue.number), key: `#${issue.number}`, url: issue.html_url, title: issue.title, ...(excerpt ? { excerpt } : {}), status: 'Open' };
  });
}

const commentMarker = (ticketId: string) => `<!-- ${markerOf(ticketId)} -->`;

export async function commentOnIssue(repository: GitHubRepository, item: TrackerItem, comment: TrackerComment): Promise<'commented'> {
  const path = `${repository.path}/issues/${encodeURIComponent(item.externalId)}/comments`;
  const marker = commentMarker(comment.ticketId);
  let found = false;
  await repository.eachPage<{ body?: string | null }>(`${path}?per_page=100`, COMMENT_PAGES, (comments) => {
    found = comments.some((existing) => existing.body?.includes(marker) === true);
    return found;
  });
  if (found) return 'commented';
  await repository.reserve(1);
  const { lead, quote } = commentWords(comment);
  const body = [lead, ...(quote ? [`> ${quote.replace(/\n/g, '\n> ')}`] : []), marker].join('\n\n');
  await repository.expect('POST', path, { body });
  return 'commented';
}
