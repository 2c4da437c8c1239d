/**
 * A ticket as an Azure DevOps work item: the JSON Patch document that creates it, the state its status maps to,
 * and the TrackerItem a work item is. Fields the work item type lacks (priority, a date) are written into the
 * description instead, so every field of the ticket arrives somewhere.
 */
import { markerOf, TrackerError, type TrackerItem, type TrackerTicket } from '../../sdk/index.ts';
import { sectionsToHtml, ticketSections } from '../shared/sections.ts';
import { fitTitle } from '../shared/title.ts';

export const PRIORITY_FIELD = 'Microsoft.VSTS.Common.Priority';
/** A Bug's form shows Repro Steps where other types show the description. */
const REPRO_STEPS_FIELD = 'Microsoft.VSTS.TCM.ReproSteps';
/** Where a due date goes, best first: Due Date (Agile Issue), Target Date (Epic, Feature, Basic Issue), Finish Date (CMMI). */
export const DATE_FIELDS = ['Microsoft.VSTS.Scheduling.DueDate', 'Microsoft.VSTS.Scheduling.TargetDate', 'Microsoft.VSTS.Scheduling.FinishDate'];
/** Azure DevOps priorities run from 1 (highest) to 4; a ticket's three map onto the first three. */
const PRIORITIES: Record<TrackerTicket['priority'], number> = { High: 1, Medium: 2, Low: 3 };
/** The state category each ticket status moves a new work item to; To Do stays in the type's first state. */
const STATE_CATEGORIES: Partial<Record<TrackerTicket['status'], string>> = { InProgress: 'InProgress', Done: 'Completed' };
const TITLE_LIMIT = 255;
/** Tags are one string separated by semicolons; commas separate them in the web editor. */
const TAG_SEPARATORS = /[;,]/g;

export interface PatchOperation {
  op: 'add';
  path: string;
  value: unknown;
}

export interface WorkItem {
  id?: number | null;
  fields?: Record<string, unknown> | null;
  _links?: { html?: { href?: unknown } } | null;
}

export interface WorkItemState {
  name?: string | null;
  category?: string | null;
}

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tags: the ticket's, then the marker that findByMarker looks for, without repeats (tags ignore case). */
export function tagsOf(ticket: TrackerTicket): string {
  const tags = new Map<string, string>();
  for (const tag of [...ticket.tags, markerOf(ticket.id)]) {
    const clean = tag.replace(TAG_SEPARATORS, ' ').replace(/\s+/g, ' ').trim();
    if (clean && !tags.has(clean.toLowerCase())) tags.set(clean.toLowerCase(), clean);
  }
  return [...tags.values()].join('; ');
}

export const hasTag = (tags: unknown, tag: string) =>
  typeof tags === 'string' && tags.split(';').some((candidate) => candidate.trim().toLowerCase() === tag.toLowerCase());

/**
 * A date as the field stores it: noon UTC, so the calendar day reads the same in every time zone from UTC-11 to
 * UTC+11 (Azure DevOps shows dates in the reader's zone).
 */
export const dateValue = (date: string) => `${date}T12:00:00Z`;

/** The title as Azure DevOps takes it (System.Title holds 255 characters), and what the reviewer is told if it was cut. */
export const titleOf = (ticket: TrackerTicket) => fitTitle(ticket.title, TITLE_LIMIT, 'Azure DevOps');

/** The description: the ticket's sections, then what has no field of its own, the project and the marker. */
export function descriptionOf(ticket: TrackerTicket, fields: ReadonlySet<string>): string {
  const facts = [
    ...(fields.has(PRIORITY_FIELD) ? [] : [`Priority: ${ticket.priority}`]),
    ...(ticket.dueDate && !DATE_FIELDS.some((field) => fields.has(field)) ? [`Due: ${ticket.dueDate}`] : []),
    `Tickscribe project: ${ticket.project}`,
    `Tickscribe ticket: ${markerOf(ticket.id)}`,
  ];
  return `${sectionsToHtml(ticketSections(ticket, titleOf(ticket).full))}<hr><p>${facts.map(escapeHtml).join('<br>')}</p>`;
}

/** The JSON Patch document that creates the work item; `fields` are the reference names the type has. */
export function createDocument(ticket: TrackerTicket, fields: ReadonlySet<string>): PatchOperation[] {
  const add = (field: string, value: unknown): PatchOperation => ({ op: 'add', path: `/fields/${field}`, value });
  const dateField = DATE_FIELDS.find((field) => fields.has(field));
  const description = descriptionOf(ticket, fields);
  return [
    add('System.Title', titleOf(ticket).title),
    add('System.Description', description),
    ...(fields.has(REPRO_STEPS_FIELD) ? [add(REPRO_STEPS_FIELD, description)] : []),
    add('System.Tags', tagsOf(ticket)),
    ...(fields.has(PRIORITY_FIELD) ? [add(PRIORITY_FIELD, PRIORITIES[ticket.priority])] : []),
    ...(ticket.assignee ? [add('System.AssignedTo', ticket.assignee.id)] : []),
    ...(ticket.dueDate && dateField ? [add(dateField, dateValue(ticket.dueDate))] : []),
  ];
}

/** The first state of the category the ticket's status stands for, or null to stay in the type's first state. */
export function targetState(status: TrackerTicket['status'], states: WorkItemState[]): string | null {
  const category = STATE_CATEGORIES[status];
  return (category && states.find((state) => state.category === category && state.name)?.name) || null;
}

/** The work item as a TrackerItem: 'Task 42', and its page on the web. */
export function itemOf(workItem: WorkItem, fallback: { type: string; webUrl: (id: string) => string }): TrackerItem {
  if (typeof workItem.id !== 'number') throw new TrackerError('transient', 'Azure DevOps answered without the work item\'s id.');
  const id = String(workItem.id);
  const type = workItem.fields?.['System.WorkItemType'];
  const html = workItem._links?.html?.href;
  return {
    externalId: id,
    key: `${typeof type === 'string' && type ? type : fallback.type} ${id}`,
    url: typeof html === 'string' && /^https?:\/\//.test(html) ? html : fallback.webUrl(id),
  };
}
