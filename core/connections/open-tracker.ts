/**
 * A connection opened as a tracker: the plugin bound by the host to the connection's settings and decrypted
 * credentials, each call with its own abort signal and its requests in the delivery log under the call's name.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  PluginManifest, TrackerComment, TrackerHttp, TrackerItem, TrackerManifest, TrackerSearchQuery, TrackerTicket, TrackerTicketStatus,
} from '../../plugins/sdk/index.ts';
import type { ConnectionVerification } from '../../schemas/types.ts';
import { isTrackerError, TrackerError } from '../../plugins/sdk/index.ts';
import { InvalidInput } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { OutboundHttp } from '../net/http.ts';
import type { BoundTracker, PluginHost } from '../plugins/host.ts';
import type { Connection } from './connection.entity.ts';
import { postgresBudgets } from './budgets.ts';
import type { Credentials } from './credentials.ts';
import { blotter, DeliveryLog, loggedHttp, type DeliveryPurpose } from './deliveries.ts';
import { pluginConfig } from './input.ts';
import { rewordSettingsProblem } from './tracker-types.ts';
import { verifyTracker } from './verification.ts';

export interface OpenedTracker {
  connection: Connection;
  /** The tracker; every call's requests are logged as deliveries of the connection before the call settles. */
  tracker: BoundTracker;
  /** Runs verify() within a bounded time and says the outcome in words (it does not store it). */
  check(): Promise<ConnectionVerification>;
}

export interface OpenTrackerOptions {
  plugins: PluginHost;
  outbound: OutboundHttp;
  em: EntityManager;
  connection: Connection;
  manifest: PluginManifest;
  credentials: Credentials;
  logger?: Logger;
  /** False for a connection not saved yet (a search from the connection form): its requests are not logged. Default true. */
  logged?: boolean;
  /**
   * For a connection made with "Connect with …": new credentials after the tracker refused the token (kind 'auth'),
   * or undefined when there are none; the refused call is then tried once more with them.
   */
  refreshed?: () => Promise<Credentials | undefined>;
}

export function openTracker(options: OpenTrackerOptions): OpenedTracker {
  const { plugins, outbound, connection, manifest } = options;
  const settings = { config: pluginConfig(connection.projectIdentifier, connection.settings), credentials: options.credentials };
  const { refreshed } = options;
  try {
    plugins.settings(manifest.id, settings);
  } catch (error) {
    throw error instanceof InvalidInput ? rewordSettingsProblem(manifest, error) : error;
  }
  const log = new DeliveryLog(options.em, connection.id, options.logger);
  let blot = blotter(options.credentials);
  let retried = false;
  const budgets = postgresBudgets(options.em);
  const call = async <T>(purpose: DeliveryPurpose, signal: AbortSignal | undefined, run: (bound: BoundTracker) => Promise<T>): Promise<T> => {
    const attempt = async () => {
      const http: TrackerHttp = options.logged === false
        ? (request) => outbound({ ...request, ...(signal ? { signal } : {}) })
        : loggedHttp(outbound, { log, purpose, blot, ...(signal ? { signal } : {}) });
      try {
        return await run(plugins.tracker(manifest.id, settings, http, budgets)!);
      } finally {
        await log.settled();
      }
    };
    try {
      return await attempt();
    } catch (error) {
      // Once per opened tracker: a token refused right after its refresh is not refreshed again.
      if (!refreshed || retried || !isTrackerError(error) || error.kind !== 'auth') throw error;
      retried = true;
      const credentials = await refreshed().catch((refusal: unknown) => {
        // The refresh token was refused too: the connection must be connected again, which the message says.
        throw refusal instanceof InvalidInput ? new TrackerError('auth', refusal.message) : refusal;
      });
      if (!credentials) throw error;
      const before = blot;
      const after = blotter(credentials);
      blot = (text) => after(before(text));
      settings.credentials = credentials;
      return attempt();
    }
  };
  const support = plugins.statusSupport(manifest.id);
  const searching = plugins.searchSupport(manifest.id);
  const tracker: BoundTracker = {
    manifest: manifest as TrackerManifest,
    verify: (options = {}) => call('verify', options.signal, (bound) => bound.verify(options)),
    create: (ticket, options = {}) => call('create', options.signal, (bound) => bound.create(ticket, options)),
    findByMarker: (ticketId, options = {}) => call('findByMarker', options.signal, (bound) => bound.findByMarker(ticketId, options)),
    link: (item, dependency, options = {}) => call('link', options.signal, (bound) => bound.link(item, dependency, options)),
    resolveUser: (username, options = {}) => call('resolveUser', options.signal, (bound) => bound.resolveUser(username, options)),
    ...(plugins.offersUserSearch(manifest.id)
      ? { searchUsers: (query: string, options: { signal?: AbortSignal } = {}) => call('searchUsers', options.signal, (bound) => bound.searchUsers!(query, options)) }
      : {}),
    ...(support.itemStatus
      ? { itemStatus: (item: TrackerItem, options: { signal?: AbortSignal } = {}) => call('itemStatus', options.signal, (bound) => bound.itemStatus!(item, options)) }
      : {}),
    ...(support.setStatus
      ? {
          setStatus: (item: TrackerItem, status: TrackerTicketStatus, options: { signal?: AbortSignal } = {}) =>
            call('setStatus', options.signal, (bound) => bound.setStatus!(item, status, options)),
        }
      : {}),
    ...(searching.search
      ? { search: (query: Omit<TrackerSearchQuery, 'limit'>, options: { signal?: AbortSignal } = {}) => call('search', options.signal, (bound) => bound.search!(query, options)) }
      : {}),
    ...(searching.comment
      ? {
          comment: (item: TrackerItem, comment: TrackerComment, options: { signal?: AbortSignal } = {}) =>
            call('comment', options.signal, (bound) => bound.comment!(item, comment, options)),
        }
      : {}),
    ...(plugins.offersPreview(manifest.id)
      ? { preview: (ticket: TrackerTicket, options: { signal?: AbortSignal } = {}) => call('preview', options.signal, (bound) => bound.preview!(ticket, options)) }
      : {}),
  };
  return { connection, tracker, check: () => verifyTracker(tracker, { trackerName: manifest.name, blot: (text) => blot(text) }) };
}
