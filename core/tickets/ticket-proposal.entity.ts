import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { Transcript } from '../transcripts/transcript.entity.ts';
import { User } from '../users/user.entity.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';
import { Ticket } from './ticket.entity.ts';

/** 'same': a ticket the meeting gave restates an open one. 'done': the meeting says an open ticket's task is finished. */
export const PROPOSAL_KINDS = ['same', 'done'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_STATES = ['open', 'accepted', 'dismissed'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/**
 * What a meeting proposes about a ticket already open in its workspace, made when the meeting's tickets are saved
 * (core/tickets/proposals.ts) and applied only when a person accepts it: a merge, or the status Done. It goes with
 * its open ticket or its meeting.
 */
export const TicketProposal = defineEntity({
  name: 'TicketProposal',
  tableName: 'ticket_proposals',
  indexes: [
    // One "same as" per ticket a meeting gave (its best match); one "done" per open ticket and meeting.
    { name: 'ticket_proposals_same_unique', expression: `create unique index "ticket_proposals_same_unique" on "ticket_proposals" ("new_ticket_id") where "kind" = 'same'` },
    { name: 'ticket_proposals_done_unique', expression: `create unique index "ticket_proposals_done_unique" on "ticket_proposals" ("ticket_id", "transcript_id") where "kind" = 'done'` },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    workspace: () => p.manyToOne(Workspace).deleteRule('cascade').index(),
    kind: p.enum(PROPOSAL_KINDS),
    /** The open ticket the proposal is about: the one restated, or the one said done. */
    ticket: () => p.manyToOne(Ticket).deleteRule('cascade').index(),
    /**
     * 'same': the ticket the meeting gave, which a merge folds into `ticket` and deletes (the decision stays, this
     * then null; evidence keeps its title). Null for 'done'.
     */
    newTicket: () => p.manyToOne(Ticket).nullable().deleteRule('set null'),
    /** The meeting that raised it. */
    transcript: () => p.manyToOne(Transcript).deleteRule('cascade').index(),
    /** The matcher's score in [0, 1] (core/tickets/matching.ts). */
    score: p.float(),
    evidence: p.json<Record<string, unknown>>(),
    state: p.enum(PROPOSAL_STATES).default('open'),
    decidedBy: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    decidedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(createdAt),
  },
});

export type TicketProposal = InferEntity<typeof TicketProposal>;
