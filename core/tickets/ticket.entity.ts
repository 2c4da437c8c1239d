import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { Transcript } from '../transcripts/transcript.entity.ts';
import { User } from '../users/user.entity.ts';
import { workspaceOfRow } from '../workspaces/workspace.entity.ts';

const TICKET_STATUSES = ['ToDo', 'InProgress', 'Done'] as const;
const TICKET_PRIORITIES = ['Low', 'Medium', 'High'] as const;
const TICKET_EFFORTS = ['Small', 'Medium', 'Large'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketEffort = (typeof TICKET_EFFORTS)[number];

export const Ticket = defineEntity({
  name: 'Ticket',
  tableName: 'tickets',
  indexes: [
    // Newest first with the id as tie-breaker, the list's order, read straight off the index; also what a user's
    // deletion finds their tickets by.
    { name: 'tickets_user_created_idx', properties: ['user', 'createdAt', 'id'] },
    // The same order within a workspace: the list's.
    { name: 'tickets_workspace_created_idx', properties: ['workspace', 'createdAt', 'id'] },
    // The list's filters, each with the newest-first order, so page 1 is read straight off the index.
    { name: 'tickets_workspace_status_created_idx', expression: 'create index "tickets_workspace_status_created_idx" on "tickets" ("workspace_id", "status", "created_at" desc)' },
    { name: 'tickets_workspace_priority_created_idx', expression: 'create index "tickets_workspace_priority_created_idx" on "tickets" ("workspace_id", "priority", "created_at" desc)' },
    { name: 'tickets_workspace_project_created_idx', expression: 'create index "tickets_workspace_project_created_idx" on "tickets" ("workspace_id", "project", "created_at" desc)' },
    {
      name: 'tickets_workspace_status_priority_project_created_idx',
      expression: 'create index "tickets_workspace_status_priority_project_created_idx" on "tickets" ("workspace_id", "status", "priority", "project", "created_at" desc)',
    },
    { name: 'tickets_workspace_pushed_created_idx', expression: `create index "tickets_workspace_pushed_created_idx" on "tickets" ("workspace_id", (coalesce(external_url, '') <> ''), "created_at" desc)` },
    // Text search ("contains") over title, description, assignee and project (searchText): trigrams make
    // LIKE '%…%' indexable, and leading with the workspace (btree_gin) keeps a search to that workspace's tickets.
    { name: 'tickets_search_trgm_idx', expression: `create index "tickets_search_trgm_idx" on "tickets" using gin ("workspace_id", "search_text" gin_trgm_ops)` },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    workspace: () => workspaceOfRow(),
    transcript: () => p.manyToOne(Transcript).nullable().deleteRule('set null').index(),
    /** Who made the ticket (an upload's tickets: the uploader); null once they no longer have an account. */
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** Who last edited the ticket; null until someone does (a push is not an edit). */
    editedBy: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    title: p.string().length(500),
    description: p.text(),
    context: p.text().nullable(),
    implementation: p.text().nullable(),
    /** Ids of tickets of the same workspace this one depends on. */
    dependencies: p.json<string[]>().default([]),
    effort: p.enum(TICKET_EFFORTS).nullable(),
    notes: p.text().nullable(),
    project: p.string().length(200),
    status: p.enum(TICKET_STATUSES).default('ToDo'),
    priority: p.enum(TICKET_PRIORITIES).default('Medium'),
    assignee: p.string().length(200).nullable(),
    tags: p.json<string[]>().default([]),
    dueDate: p.date().nullable(),
    externalUrl: p.text().nullable(),
    externalId: p.string().length(200).nullable(),
    /** The tracker type (connection type) the ticket was pushed to, e.g. 'github'. */
    externalType: p.string().length(64).nullable(),
    /** What people call the pushed item, e.g. '#42' or 'PROJ-7': shown as 'Pushed to <type> (<key>)'. */
    externalKey: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(createdAt),
    /**
     * Also the version an edit is made from (tickets.ts updateTicket): it always moves forward on a change, even two
     * in one millisecond.
     */
    updatedAt: p.datetime().onCreate(createdAt).onUpdate((ticket) => new Date(Math.max(Date.now(), (ticket.updatedAt as Date).getTime() + 1))),
    /**
     * What a text search looks in: title, description, assignee and project, joined and lowered, written by
     * PostgreSQL on every insert and update (core/tickets/tickets.ts searchRead). Never loaded into the entity.
     */
    searchText: p.text().generated(`(lower((title || ' ' || description || ' ' || coalesce(assignee, '') || ' ' || project) collate "pg_c_utf8")) stored`).lazy().nullable(),
  },
});

export type Ticket = InferEntity<typeof Ticket>;
