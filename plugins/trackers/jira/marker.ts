/**
 * Finding the issue a ticket already created, before a retried create. JQL search (/rest/api/3/search/jql) is
 * eventually consistent: Atlassian documents that it "doesn't provide read-after-write consistency by default" and
 * that a new issue may take "a few seconds to minutes" to appear, unless its id is named in `reconcileIssues`
 * (developer.atlassian.com/cloud/jira/platform/search-and-reconcile; at most 50 ids, JRACLOUD-96208). A retry comes
 * right after a create whose answer was lost, so its id is unknown; the search alone would miss it and the ticket
 * would be created twice.
 *
 * So: search by the marker label; when that finds nothing, read the issues created after the newest one the search
 * knows, one by one with GET /rest/api/3/issue/{key} (which reads the issue itself, not the search index): Jira
 * numbers a project's issues in order, so they are PROJ-(n+1), PROJ-(n+2)… The issue property that create sets
 * names the ticket even when the create screen has no labels.
 */
import type { TrackerItem } from '../../sdk/index.ts';
import { issueItem, jiraFailure, type JiraSite } from './client.ts';
import { MARKER_PROPERTY, markerLabel } from './fields.ts';

export const jqlString = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** How many issues past the newest searchable one are read; more than a push creates while search lags. */
const RECENT = 50;
/** Keys in a row that may be missing (deleted or moved issues) before the newest issue counts as passed. */
const GAP = 3;

interface FoundIssue {
  id: string;
  key: string;
  fields?: { labels?: string[] };
  properties?: Record<string, { ticketId?: unknown } | undefined>;
}

async function search(jira: JiraSite, jql: string): Promise<FoundIssue | undefined> {
  const answer = await jira.expect('POST', '/rest/api/3/search/jql', { jql, maxResults: 1, fields: ['summary'] });
  return (answer.json as { issues?: FoundIssue[] }).issues?.[0];
}

const numberOf = (key: string) => Number(/-(\d+)$/.exec(key)?.[1] ?? 0);

export async function findByMarker(jira: JiraSite, ticketId: string): Promise<TrackerItem | null> {
  const project = `project = ${jqlString(jira.projectKey)}`;
  const labelled = await search(jira, `${project} AND labels = ${jqlString(markerLabel(ticketId))} ORDER BY created DESC`);
  if (labelled) return issueItem(jira.site, labelled);
  const newest = await search(jira, `${project} ORDER BY created DESC`);
  let misses = 0;
  for (let number = (newest ? numberOf(newest.key) : 0) + 1, read = 0; read < RECENT && misses < GAP; number += 1, read += 1) {
    const key = `${jira.projectKey}-${number}`;
    const answer = await jira.send('GET', `/rest/api/3/issue/${encodeURIComponent(key)}?fields=labels&properties=${MARKER_PROPERTY}`);
    if (answer.status === 404) {
      misses += 1;
      continue;
    }
    if (answer.status !== 200) throw jiraFailure(answer, jira.route());
    misses = 0;
    const issue = answer.json as FoundIssue;
    // An issue moved to another project keeps answering at its old key, under its new one.
    if (!issue.key?.startsWith(`${jira.projectKey}-`)) continue;
    const marked = issue.properties?.[MARKER_PROPERTY]?.ticketId === ticketId || issue.fields?.labels?.includes(markerLabel(ticketId));
    if (marked) return issueItem(jira.site, issue);
  }
  return null;
}
