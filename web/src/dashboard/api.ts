import { useQuery } from '@tanstack/react-query';
import { api } from '../api/browser.ts';
import { dataOf } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { transcriptsApi } from '../transcripts/api.ts';
import { DASHBOARD_RECENTS } from './texts.ts';

/** The newest transcripts and tickets (both lists come newest first). */
async function loadDashboard() {
  const recent = { page: 1, limit: DASHBOARD_RECENTS };
  const [transcripts, tickets] = await Promise.all([
    transcriptsApi.list(recent),
    dataOf(api.GET('/api/tickets', { params: { query: recent } })),
  ]);
  return { transcripts: transcripts.data, tickets: tickets.data };
}

/** The dashboard's lists; they load again after an upload and when processing ends. */
export function useDashboard() {
  return useQuery({ queryKey: queryKeys.dashboard, queryFn: loadDashboard });
}
