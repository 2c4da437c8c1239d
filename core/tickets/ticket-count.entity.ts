import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Workspace } from '../workspaces/workspace.entity.ts';

/**
 * How many tickets a workspace has, kept by PostgreSQL as tickets are made and deleted (migration
 * Migration20261209000000_workspace_scope), so the unfiltered ticket list counts its pages from one row. A row of
 * its own rather than a column of workspaces: ticket inserts then never write the workspace's row.
 */
export const WorkspaceTicketCount = defineEntity({
  name: 'WorkspaceTicketCount',
  tableName: 'workspace_ticket_counts',
  properties: {
    workspace: () => p.oneToOne(Workspace).primary().owner().deleteRule('cascade'),
    ticketCount: p.integer().default(0),
  },
});

export type WorkspaceTicketCount = InferEntity<typeof WorkspaceTicketCount>;
