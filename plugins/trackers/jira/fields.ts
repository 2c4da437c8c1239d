/**
 * The fields of a Jira issue for a ticket: the project by key, the issue type (Task, else the project's first
 * standard type), summary, the description in ADF, the priority matched by name among the site's priorities,
 * the due date, the assignee by account id and labels (the tags, plus the marker label).
 */
import { markerOf, TrackerError, type TrackerTicket } from '../../sdk/index.ts';
import { ticketSections } from '../shared/sections.ts';
import { sectionsToAdf } from './adf.ts';
import type { JiraSite } from './client.ts';

/** The issue property that holds the ticket's id. */
export const MARKER_PROPERTY = 'tickscribe';

/** Jira labels cannot hold spaces. */
const asLabel = (text: string) => text.trim().replace(/\s+/g, '-');

/** The label that marks the issue of a ticket, searchable with JQL. */
export const markerLabel = (ticketId: string) => asLabel(markerOf(ticketId));

export function labelsOf(ticket: TrackerTicket): string[] {
  return [...new Set([...ticket.tags.map(asLabel).filter(Boolean), markerLabel(ticket.id)])];
}

interface IssueType {
  id: string;
  name: string;
  subtask?: boolean;
}

/** Task when the project has it, else the first type that is not a subtask. */
export async function issueTypeOf(jira: JiraSite): Promise<IssueType> {
  const path = `/rest/api/3/issue/createmeta/${encodeURIComponent(jira.projectKey)}/issuetypes?maxResults=200`;
  const answer = (await jira.expect('GET', path)).json as { issueTypes?: IssueType[]; createMetaIssueType?: IssueType[] };
  const types = answer.issueTypes ?? answer.createMetaIssueType ?? [];
  const chosen = types.find((type) => type.name.toLowerCase() === 'task') ?? types.find((type) => !type.subtask);
  if (!chosen) {
    throw new TrackerError('forbidden', `The account may not create issues in project ${jira.projectKey}: Jira offers it no issue type to create.`);
  }
  return chosen;
}

/** Names a ticket's priority may have on a site, the standard one first (older sites use Critical/Major/Minor). */
const PRIORITY_NAMES: Record<TrackerTicket['priority'], string[]> = {
  High: ['high', 'critical'],
  Medium: ['medium', 'major', 'normal'],
  Low: ['low', 'minor'],
};

/** The site's priority for the ticket's, by id; the standard name when the site's list cannot be read or lacks it. */
export async function priorityOf(jira: JiraSite, priority: TrackerTicket['priority']): Promise<{ id: string } | { name: string }> {
  const answer = await jira.send('GET', '/rest/api/3/priority/search?maxResults=100');
  const values = answer.status === 200 ? ((answer.json as { values?: { id: string; name: string }[] }).values ?? []) : [];
  for (const name of PRIORITY_NAMES[priority]) {
    const found = values.find((value) => value.name.toLowerCase() === name);
    if (found) return { id: found.id };
  }
  return { name: priority };
}

/** The `fields` of the create request. */
export async function fieldsOf(ticket: TrackerTicket, jira: JiraSite): Promise<Record<string, unknown>> {
  const issueType = await issueTypeOf(jira);
  return {
    project: { key: jira.projectKey },
    issuetype: { id: issueType.id },
    summary: ticket.title,
    description: sectionsToAdf(ticketSections(ticket), markerOf(ticket.id)),
    labels: labelsOf(ticket),
    ...(jira.includePriority ? { priority: await priorityOf(jira, ticket.priority) } : {}),
    ...(ticket.dueDate ? { duedate: ticket.dueDate } : {}),
    ...(ticket.assignee ? { assignee: { accountId: ticket.assignee.id } } : {}),
  };
}
