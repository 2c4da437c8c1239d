import { api } from '../api/browser.ts';
import { transcriptsApi } from '../transcripts/api.ts';
import type { TicketList } from '../../../schemas/types.ts';
import type { TranscriptSummary, TranscriptTicket } from '../transcripts/types.ts';
import { DASHBOARD_RECENTS } from './texts.ts';

export interface DashboardData {
  transcripts: TranscriptSummary[];
  tickets: TranscriptTicket[];
}

/** The newest transcripts and tickets (both lists come newest first). */
export async function loadDashboard(): Promise<DashboardData> {
  const [transcripts, tickets] = await Promise.all([
    transcriptsApi.list({ page: 1, limit: DASHBOARD_RECENTS }),
    api.get<TicketList>(`/api/tickets?page=1&limit=${DASHBOARD_RECENTS}`),
  ]);
  return { transcripts: transcripts.data, tickets: tickets.data };
}
