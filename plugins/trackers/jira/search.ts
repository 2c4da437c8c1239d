/**
 * The jira tracker's search of open issues like a ticket, and its comment on one.
 *
 * Search: "Search for issues using JQL enhanced search (POST)", POST /rest/api/3/search/jql, with `jql`, `maxResults`
 * and `fields`. The older /rest/api/3/search was removed (Atlassian changelog CHANGE-2046: deprecated, removed after
 * May 1, 2025); sites answer it "The requested API has been removed. Please migrate to the /rest/api/3/search/jql API"
 * (as users reported, e.g. pycontribs/jira#2367, pycontribs/jira#2382). The JQL asks for the project's issues whose
 * status category is not Done and whose text has any of the words:
 * `project = "KEY" AND statusCategory != Done AND (text ~ "w1" OR text ~ "w2" …) ORDER BY updated DESC`.
 *
 * Each word goes inside a JQL string. Jira reads the string's content as a text query (Apache Lucene's syntax, "Search
 * syntax for text fields"): `+ - & | ! ( ) { } [ ] ^ ~ * ? \ :` and quotes are its reserved characters, words in
 * capitals (AND, OR, NOT) its operators, and several terms in one string are joined with AND. So each word keeps only
 * its letters and digits, in lower case, one word to a string, and the string is quoted with `"` and `\` escaped
 * (jqlString): a ticket titled `" OR 1=1` or `project = X` stays words to look for. A query Jira still refuses answers
 * 400 with its errorMessages, which reach the wizard as Jira's words.
 *
 * Comment: "Add comment" (POST /rest/api/3/issue/{issueIdOrKey}/comment) takes its body in Atlassian Document Format,
 * after "Get comments" (GET, maxResults, newest first with orderBy=-created) found none naming the ticket's marker.
 */
import { TrackerError, type TrackerCandidate, type TrackerComment, type TrackerItem, type TrackerSearchQuery } from '../../sdk/index.ts';
import { commentWords, searchWords } from '../shared/search.ts';
import { paragraph, type AdfNode } from './adf.ts';
import { issueItem, jiraFailure, type JiraSite } from './client.ts';
import { jqlString } from './marker.ts';

/** Words searched for at most: each is a clause of its own. */
const MOST_WORDS = 8;
/** Comments read looking for the marker (Jira's largest page). */
const COMMENTS_READ = 100;

/** The JQL of the search, or null when no word is left to look for. */
export function searchJql(projectKey: string, words: readonly string[]): string | null {
  const kept = searchWords(words, MOST_WORDS);
  if (!kept.length) return null;
  const text = kept.map((word) => `text ~ ${jqlString(word)}`).join(' OR ');
  return `project = ${jqlString(projectKey)} AND statusCategory != Done AND (${text}) ORDER BY updated DESC`;
}

interface FoundIssue {
  id: string;
  key: string;
  fields?: { summary?: string; description?: AdfNode | null; status?: { name?: string } | null };
}

/** The text of an ADF document, its blocks separated by spaces. */
const adfText = (node: AdfNode | null | undefined): string =>
  !node ? '' : node.type === 'text' ? node.text ?? '' : (node.content ?? []).map(adfText).join(' ');

export async function searchIssues(jira: JiraSite, query: TrackerSearchQuery): Promise<TrackerCandidate[]> {
  const jql = searchJql(jira.projectKey, query.words);
  if (!jql) return [];
  const answer = await jira.send('POST', '/rest/api/3/search/jql', { jql, maxResults: query.limit, fields: ['summary', 'status', 'description'] });
  if (answer.status === 400) {
    const failure = jiraFailure(answer, jira.route());
    throw new TrackerError('validation', `Jira could not search project ${jira.projectKey} with these words: ${failure.message}`, { status: 400 });
  }
  if (answer.status !== 200) throw jiraFailure(answer, jira.route());
  const issues = ((answer.json ?? {}) as { issues?: FoundIssue[] }).issues ?? [];
  return issues.slice(0, query.limit).map((issue) => {
    const excerpt = adfText(issue.fields?.description).replace(/Pushed from Tickscribe \(tickscribe-[^)]*\)/g, '').replace(/\s+/g, ' ').trim();
    const status = issue.fields?.status?.name;
    return {
      ...issueItem(jira.site, issue), title: issue.fields?.summary ?? issue.key,
      ...(excerpt ? { excerpt } : {}), ...(status ? { status } : {}),
    };
  });
}

export async function commentOnIssue(jira: JiraSite, item: TrackerItem, comment: TrackerComment): Promise<'commented'> {
  const path = `/rest/api/3/issue/${encodeURIComponent(item.externalId)}/comment`;
  const { lead, quote, marker } = commentWords(comment);
  const listed = await jira.expect('GET', `${path}?${new URLSearchParams({ maxResults: String(COMMENTS_READ), orderBy: '-created' })}`);
  const comments = ((listed.json ?? {}) as { comments?: { body?: AdfNode }[] }).comments ?? [];
  if (comments.some((existing) => adfText(existing.body).includes(marker))) return 'commented';
  const body = {
    type: 'doc', version: 1,
    content: [
      paragraph(lead),
      ...(quote ? [{ type: 'blockquote', content: [paragraph(quote)] }] : []),
      { type: 'paragraph', content: [{ type: 'text', text: marker, marks: [{ type: 'em' }] }] },
    ],
  };
  await jira.expect('POST', path, { body });
  return 'commented';
}
