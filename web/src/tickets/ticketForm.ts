import { ticketTexts } from './texts.ts';
import type { Ticket, TicketEffort, TicketInput, TicketPriority, TicketStatus } from './ticketsApi.ts';

/** The create and edit forms' values, as the inputs hold them. */
export interface TicketDraft {
  title: string;
  description: string;
  project: string;
  status: TicketStatus;
  priority: TicketPriority;
  /** '' means not set. */
  effort: TicketEffort | '';
  assignee: string;
  tags: string[];
  /** 'YYYY-MM-DD', or '' for none. */
  dueDate: string;
  context: string;
  implementation: string;
  notes: string;
  dependencies: string[];
}

/** The spec's "States and transitions": new tickets default to ToDo and Medium. */
export function emptyDraft(): TicketDraft {
  return {
    title: '',
    description: '',
    project: '',
    status: 'ToDo',
    priority: 'Medium',
    effort: '',
    assignee: '',
    tags: [],
    dueDate: '',
    context: '',
    implementation: '',
    notes: '',
    dependencies: [],
  };
}

export function draftFromTicket(ticket: Ticket): TicketDraft {
  return {
    title: ticket.title,
    description: ticket.description,
    project: ticket.project,
    status: ticket.status,
    priority: ticket.priority,
    effort: ticket.effort ?? '',
    assignee: ticket.assignee ?? '',
    tags: [...ticket.tags],
    dueDate: ticket.dueDate ?? '',
    context: ticket.context ?? '',
    implementation: ticket.implementation ?? '',
    notes: ticket.notes ?? '',
    dependencies: [...ticket.dependencies],
  };
}

/** The spec's "Validation rules": title, project and description are required. */
export function draftProblem(draft: TicketDraft): string | null {
  const missing = [draft.title, draft.project, draft.description].some((value) => value.trim() === '');
  return missing ? ticketTexts.requiredFields : null;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What is sent to the server: text trimmed, empty optional fields as null. */
export function draftToInput(draft: TicketDraft): TicketInput {
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    project: draft.project.trim(),
    status: draft.status,
    priority: draft.priority,
    effort: draft.effort === '' ? null : draft.effort,
    assignee: orNull(draft.assignee),
    tags: draft.tags,
    dueDate: orNull(draft.dueDate),
    context: orNull(draft.context),
    implementation: orNull(draft.implementation),
    notes: orNull(draft.notes),
    dependencies: draft.dependencies,
  };
}

const TRACKERS: readonly { name: string; hosts: RegExp }[] = [
  { name: 'GitHub', hosts: /(^|\.)github\.com$/ },
  { name: 'JIRA', hosts: /(^|\.)atlassian\.net$|(^|\.)jira\./ },
  { name: 'Azure DevOps', hosts: /(^|\.)dev\.azure\.com$|\.visualstudio\.com$/ },
  { name: 'Miro', hosts: /(^|\.)miro\.com$/ },
];

/** The tracker a pushed ticket went to, told by its external address; other addresses name their host. */
export function trackerName(externalUrl: string): string {
  let host: string;
  try {
    host = new URL(externalUrl).hostname.toLowerCase();
  } catch {
    return 'Webhook';
  }
  return TRACKERS.find((tracker) => tracker.hosts.test(host))?.name ?? host;
}

/** The spec's "Business constants and limits": ids are shown shortened to 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
