import { ApplicationFailure } from '@temporalio/activity';
import type { Connections } from '../core/connections/connections.ts';
import type { Orm } from '../core/db/orm.ts';
import type { Logger } from '../core/logger.ts';
import type { PluginHost } from '../core/plugins/host.ts';
import { pollConnectionStatus } from '../core/tracker-status/poll.ts';
import { sendTicketStatus, type StatusSendInput } from '../core/tracker-status/send.ts';
import { isTrackerError } from '../plugins/sdk/index.ts';
import { withHeartbeat } from './heartbeat.ts';

/** The activities of the status workflows (workflows/definitions/tracker-status.ts). */
export function createTrackerStatusActivities({ orm, plugins, connections, logger }: { orm: Orm; plugins: PluginHost; connections: Connections; logger: Logger }) {
  return {
    /** One round of a connection's status poll, starting after the ticket `after`. */
    pollTrackerStatus: (connectionId: string, after: string | null) =>
      withHeartbeat((signal) => pollConnectionStatus(orm.em.fork(), { plugins, connections, logger }, connectionId, after, signal)),

    /** Sends a status set in Tickscribe to the ticket's item; a transient failure is retried in the tracker's words. */
    sendTicketStatus: async (input: StatusSendInput) => {
      try {
        return await withHeartbeat((signal) => sendTicketStatus(orm.em.fork(), { connections }, input, signal));
      } catch (error) {
        if (isTrackerError(error)) throw ApplicationFailure.create({ type: 'TrackerUnavailable', message: error.message });
        throw error;
      }
    },
  };
}
