/**
 * The fields of a Jira issue for a ticket, as the project's create screen allows them. The issue type is Task, else
 * the project's first standard type; the create metadata of that type (GET
 * /rest/api/3/issue/createmeta/{project}/issuetypes/{id}) lists the fields the screen has, which are required, and
 * the priorities the project's priority scheme allows. Summary (cut to Jira's 255 characters), the description in
 * ADF, and — when the screen has them — labels (the tags, plus the marker label), priority, due date and assignee.
 * What the screen lacks is written into the description instead and named in the item's notices, since Jira
 * refuses the whole issue for a field it cannot set ("Field 'duedate' cannot be set. It is not on the appropriate
 * screen, or unknown."). A required field the ticket cannot fill is refused before anything is created.
 */
import { markerOf, TrackerError, type TrackerTicket } from '../../sdk/index.ts';
import { ticketSections } from '../shared/sections.ts';
import { fitTitle, type FittedTitle } from '../shared/title.ts';
import { sectionsToAdf, type AdfDocument } from './adf.ts';
import type { JiraSite } from './client.ts';

/** The issue property that holds the ticket's id. */
export const MARKER_PROPERTY = 'tickscribe';

/** Jira refuses a summary over 255 characters ("Summary must be less than 255 characters."). */
export const SUMMARY_LIMIT = 255;

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

/** A field of the create screen, as the create metadata describes it. */
export interface ScreenField {
  fieldId: string;
  key?: string;
  name: string;
  required: boolean;
  hasDefaultValue?: boolean;
  allowedValues?: unknown[];
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

/** The fields of the issue type's create screen, by field id (every page of them). */
export async function screenOf(jira: JiraSite, issueType: IssueType): Promise<Map<string, ScreenField>> {
  const fields = new Map<string, ScreenField>();
  const base = `/rest/api/3/issue/createmeta/${encodeURIComponent(jira.projectKey)}/issuetypes/${encodeURIComponent(issueType.id)}`;
  for (let startAt = 0; ;) {
    const page = (await jira.expect('GET', `${base}?startAt=${startAt}&maxResults=200`)).json as { fields?: ScreenField[]; total?: number };
    const listed = page.fields ?? [];
    for (const field of listed) fields.set(field.fieldId, field);
    startAt += listed.length;
    if (!listed.length || startAt >= (page.total ?? 0)) return fields;
  }
}

/** Names a ticket's priority may have on a site, the standard one first (older sites use Critical/Major/Minor). */
const PRIORITY_NAMES: Record<TrackerTicket['priority'], string[]> = {
  High: ['high', 'critical'],
  Medium: ['medium', 'major', 'normal'],
  Low: ['low', 'minor'],
};

/**
 * The project's priority for the ticket's, by id, among what the create screen allows (the project's priority
 * scheme; GET /rest/api/3/priority/search is deprecated and lists the whole site's). The standard name when the
 * screen lists no values; null when it lists some and none matches.
 */
export function priorityOf(field: ScreenField, priority: TrackerTicket['priority']): { id: string } | { name: string } | null {
  const values = (field.allowedValues ?? []) as { id?: string; name?: string }[];
  if (!values.length) return { name: priority };
  for (const name of PRIORITY_NAMES[priority]) {
    const found = values.find((value) => value.name?.toLowerCase() === name && value.id);
    if (found) return { id: found.id! };
  }
  return null;
}

/** The fields Tickscribe fills when the screen has them, with the words a notice names them by. */
const OPTIONAL = { labels: 'labels', priority: 'priority', duedate: 'due date', assignee: 'assignee' } as const;

/** What a create sends, and what the item says about it. */
export interface IssueFields {
  fields: Record<string, unknown>;
  notices: string[];
  /** The name of the issue type the create makes (its request names it by id). */
  issueTypeName: string;
}

/** The `fields` of the create request, and the notices of what was cut or left out. */
export async function fieldsOf(ticket: TrackerTicket, jira: JiraSite): Promise<IssueFields> {
  const issueType = await issueTypeOf(jira);
  const screen = await screenOf(jira, issueType);
  const title: FittedTitle = fitTitle(ticket.title, SUMMARY_LIMIT, 'Jira');
  const wanted: Partial<Record<keyof typeof OPTIONAL, unknown>> = {
    ...(ticket.dueDate ? { duedate: ticket.dueDate } : {}),
    ...(ticket.assignee ? { assignee: { accountId: ticket.assignee.id } } : {}),
    labels: labelsOf(ticket),
    ...(jira.includePriority ? { priority: ticket.priority } : {}),
  };
  const leftOut: string[] = [];
  const facts: string[] = [];
  const notices = title.notice ? [title.notice] : [];
  const fields: Record<string, unknown> = {
    project: { key: jira.projectKey },
    issuetype: { id: issueType.id },
    summary: title.title,
  };
  for (const [field, value] of Object.entries(wanted) as [keyof typeof OPTIONAL, unknown][]) {
    const onScreen = screen.get(field);
    if (onScreen && field === 'priority') {
      const priority = priorityOf(onScreen, ticket.priority);
      if (priority) fields.priority = priority;
      else {
        const names = ((onScreen.allowedValues ?? []) as { name?: string }[]).map((entry) => entry.name).filter(Boolean);
        notices.push(`Priority left out: none of the project's priorities in Jira (${names.join(', ')}) stands for ${ticket.priority}.`);
        facts.push(`Priority: ${ticket.priority}`);
      }
      continue;
    }
    if (onScreen) {
      fields[field] = value;
      continue;
    }
    // The marker label is Tickscribe's own (the issue property marks the issue too); only tags are worth naming.
    if (field === 'labels' && !ticket.tags.length) continue;
    leftOut.push(OPTIONAL[field]);
    facts.push({
      duedate: `Due: ${ticket.dueDate}`, assignee: `Assignee: ${ticket.assignee?.name}`, labels: `Tags: ${ticket.tags.join(', ')}`, priority: `Priority: ${ticket.priority}`,
    }[field]);
  }
  fields.description = describe(ticket, title.full, facts);
  const missing = [...screen.values()].filter((field) => field.required && !field.hasDefaultValue && !(field.fieldId in fields));
  if (missing.length) {
    const names = missing.map((field) => field.name);
    throw new TrackerError(
      'validation',
      `Jira requires ${names.length > 1 ? 'fields' : 'a field'} Tickscribe cannot fill to create a ${issueType.name} in ${jira.projectKey}: ${names.join(', ')}. ` +
        "Give them a default value or make them optional in the project's field configuration, or choose a project without them. Nothing was created.",
      { fields: Object.fromEntries(missing.map((field) => [field.fieldId, `${field.name} is required.`])) },
    );
  }
  if (leftOut.length) notices.push(`Left out, not on the project's create screen in Jira: ${leftOut.join(', ')}. They are at the end of the description.`);
  return { fields, notices, issueTypeName: issueType.name };
}

/** The ticket's sections in ADF, with what no field could carry as a closing "Details" section. */
function describe(ticket: TrackerTicket, fullTitle: string | null, facts: string[]): AdfDocument {
  const sections = ticketSections(ticket, fullTitle);
  if (facts.length) sections.push({ heading: 'Details', paragraphs: [facts.join('\n')] });
  return sectionsToAdf(sections, markerOf(ticket.id));
}
