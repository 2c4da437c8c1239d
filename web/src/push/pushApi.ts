import { api } from '../api/browser.ts';
import { ApiError, dataOf } from '../api/client.ts';
import type { ConnectionSettings } from '../connections/connectionsApi.ts';
import type { BulkPushAnswer, PushCalls } from './run.ts';
import type { PushResult, PushStarted } from './wizard.ts';

const byId = (id: string) => ({ params: { path: { id } } });

/** The wizard's calls: the analysis, the project mappings of map-connections, and the pushes with their progress. */
export const pushApi = {
  analyze: (ticketIds: string[]) => dataOf(api.POST('/api/push/analyze', { body: { ticketIds } })),

  /** The connection's open items like each ticket, with their scores, for the summary. */
  /** What a push through the connection would send for one ticket, with the usernames typed so far; nothing is sent. */
  preview: (connectionId: string, ticketId: string, updatedUserMappings: Record<string, string>) =>
    dataOf(api.POST('/api/connections/{id}/preview', { ...byId(connectionId), body: { ticketId, updatedUserMappings } })),
  candidates: (connectionId: string, ticketIds: string[]) => dataOf(api.POST('/api/connections/{id}/candidates', { ...byId(connectionId), body: { ticketIds } })),

  /**
   * Adds the projects map-connections chose to the connection's project mappings: what any member may do, where
   * changing the connection's settings is an admin's.
   */
  saveSettings: async (connectionId: string, settings: ConnectionSettings) => {
    await dataOf(api.POST('/api/connections/{id}/projects', { ...byId(connectionId), body: { projects: settings.projectMappings } }));
  },
};

/** The push calls of the app: 200 is the result, 202 a push still running; a status 404 means not started yet. */
export const apiPushCalls: PushCalls = {
  async bulkPush(connectionId, body): Promise<BulkPushAnswer> {
    const { data, response } = await api.POST('/api/connections/{id}/bulk-push', { ...byId(connectionId), body });
    if (response.status === 202) return { kind: 'running', progress: (data as PushStarted).progress };
    return { kind: 'finished', result: data as PushResult };
  },
  async status(connectionId, batchId) {
    try {
      return await dataOf(api.GET('/api/connections/{id}/pushes/{batchId}', { params: { path: { id: connectionId, batchId } } }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  wait: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
};
