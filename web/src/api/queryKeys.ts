import type { QueryClient } from '@tanstack/react-query';
import type { operations } from './openapi.ts';

type Query<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;

/** The query keys of the app's data, one family per resource, so a change refetches exactly what it touched. */
export const queryKeys = {
  dashboard: ['dashboard'] as const,
  transcripts: {
    lists: ['transcripts', 'list'] as const,
    list: (query: Query<'listTranscripts'>) => ['transcripts', 'list', query] as const,
    detail: (id: string) => ['transcripts', 'detail', id] as const,
    status: (id: string) => ['transcripts', 'status', id] as const,
    /** What this server's uploads may be; asked once per page load. */
    uploadLimits: ['transcripts', 'upload-limits'] as const,
  },
  tickets: {
    all: ['tickets'] as const,
    list: (query: Query<'filterTickets'>) => ['tickets', 'list', query] as const,
    detail: (id: string) => ['tickets', 'detail', id] as const,
    /** A ticket's history, a page at a time; refreshed with the tickets after an edit or a push. */
    events: (id: string) => ['tickets', 'events', id] as const,
    /** The ticket's newest status event; under `events`, so what refreshes the history refreshes it too. */
    statusOrigin: (id: string) => ['tickets', 'events', id, 'status'] as const,
    search: (text: string) => ['tickets', 'search', text] as const,
    assignees: (text: string, project: string) => ['tickets', 'assignees', text, project] as const,
  },
  connections: {
    /** Every connection query: after a push (user mappings) or map-connections (project mappings) changed them. */
    all: ['connections'] as const,
    list: ['connections', 'list'] as const,
    projects: ['connections', 'project'] as const,
    /** The connection a ticket's project is pushed through, if any. */
    project: (project: string) => ['connections', 'project', project] as const,
    deliveries: (id: string) => ['connections', 'deliveries', id] as const,
  },
  billing: {
    /** Every billing query: after a subscription was bought, changed or cancelled. */
    all: ['billing'] as const,
    tiers: ['billing', 'tiers'] as const,
    current: ['billing', 'current'] as const,
    payments: ['billing', 'payments'] as const,
  },
  workspaces: {
    /** Every workspace query: after a workspace was made, renamed or handed over, or its members changed. */
    all: ['workspaces'] as const,
    /** The user's workspaces (the switcher's list). */
    list: ['workspaces', 'list'] as const,
    /** The tab's workspace with the user's role in it. */
    current: ['workspaces', 'current'] as const,
    members: ['workspaces', 'members'] as const,
    /** An invitation link's invitation, as anyone holding the link sees it. */
    invitation: (token: string) => ['workspaces', 'invitation', token] as const,
  },
  tokenUsage: {
    stats: ['token-usage', 'stats'] as const,
    /** The history a page at a time; the chart and the table page through it with their own page sizes. */
    history: (pageSize: number) => ['token-usage', 'history', pageSize] as const,
  },
};

/** After an upload, a finished processing run or a delete: the transcript lists, the tickets and the dashboard. */
export async function refreshTranscripts(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.transcripts.lists }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
  ]);
}

/**
 * After a ticket was created, changed or deleted: every ticket query and the dashboard. `refetch: 'none'` only
 * marks them out of date, for a screen that is about to ask for another page anyway.
 */
export async function refreshTickets(queryClient: QueryClient, refetch: 'active' | 'none' = 'active'): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all, refetchType: refetch }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
  ]);
}
