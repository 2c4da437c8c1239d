import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Connection } from '../../core/connections/connection.entity.ts';
import { ownConnection, type Connections } from '../../core/connections/connections.ts';
import type { Logger } from '../../core/logger.ts';
import { Conflict, NotFound } from '../../core/errors.ts';
import type { PushCandidateSearch } from '../../core/push/candidates.ts';
import { previewPush } from '../../core/push/preview.ts';
import { analyzePush, prepareBulkPush } from '../../core/push/requests.ts';
import type {
  BulkPushRequest, PushAnalysis, PushAnalysisRequest, PushCandidates, PushCandidatesRequest, PushPreview, PushPreviewRequest, PushProgress, PushResult,
  PushStarted, PushStatus,
} from '../../schemas/types.ts';
import { readPush, startPush, type PushState } from '../../workflows/client.ts';
import type { ApiRegistry } from '../routing.ts';

const schema = (name: string) => `api/push/${name}.schema.json`;

const BATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PUSH_NOT_FOUND = 'Push not found';
/** How long a bulk push answers with its result rather than with 202 and its progress, unless the request says. */
const DEFAULT_WAIT_SECONDS = 20;

const finishedProgress = (result: PushResult): PushProgress => ({
  phase: 'done', total: result.totalProcessed, done: result.totalProcessed, failed: result.failedPushes, current: null, waitingUntil: null,
});

export function pushRoutes(api: ApiRegistry, deps: {
  em: () => EntityManager;
  workflows: Client;
  taskQueue: string;
  /** The tracker's open items like each ticket, before a push (the wizard's summary), and the choices made of them. */
  candidates: PushCandidateSearch;
  /** The connections, opened as trackers for a preview of what a push sends. */
  connections: Connections;
  /** The tracker's name for a connection type ("GitHub" for github), for the push's summary in the Temporal UI. */
  trackerName: (connectionType: string) => string;
  /** Starts the connection's status poll when its tracker can be asked and none runs yet. */
  followStatus?: (connection: Connection) => Promise<void>;
  logger?: Logger;
}): void {
  const { em, workflows, taskQueue } = deps;

  api.route<PushAnalysisRequest, undefined, PushAnalysis>({
    method: 'post', path: '/api/push/analyze', operationId: 'analyzePush', tag: 'connections', auth: 'session', role: 'member',
    summary: "The push wizard's first step: which selected tickets are already pushed, which connection serves each project of the rest (or none), and which assignees each connection has no user mapping for.",
    body: schema('analyze.request'),
    responses: {
      200: { description: 'The analysis; nothing is changed.', schema: schema('analyze.response') },
      400: { description: "'Please select at least one ticket to push'." },
      404: { description: 'A ticket that does not exist or is not yours.' },
    },
    handler: (ctx, { body, scope }) => analyzePush(em(), scope, body.ticketIds),
  });

  api.route<PushCandidatesRequest, undefined, PushCandidates>({
    method: 'post', path: '/api/connections/{id}/candidates', operationId: 'pushCandidates', tag: 'connections', auth: 'session', role: 'member',
    summary:
      "The push wizard's summary: per ticket not pushed yet, the connection's open items that are likely the same task, each with a score, for the reviewer to create, link or comment. Nothing is changed.",
    body: schema('candidates.request'),
    responses: {
      200: { description: "The candidates per ticket; a ticket the tracker could not be searched for says why in words (searchable false: the tracker has no search).", schema: schema('candidates.response') },
      400: { description: "'Please select at least one ticket to look for in the tracker', more than 50 tickets, or the connection's settings are incomplete." },
      404: { description: 'The connection, or a ticket, does not exist or is not yours.' },
    },
    handler: (ctx, { body, params, scope }) => deps.candidates.find(em(), scope, params['id']!, body.ticketIds),
  });

  api.route<PushPreviewRequest, undefined, PushPreview>({
    method: 'post', path: '/api/connections/{id}/preview', operationId: 'previewPush', tag: 'connections', auth: 'session', role: 'member',
    summary:
      "The push wizard's summary: the item a push through the connection would create for one ticket (title, body, fields, assignee, what follows, the request itself), built by the tracker plugin's own create code. Only reads from the tracker.",
    body: schema('preview.request'),
    responses: {
      200: { description: 'The item as the tracker would receive it; or, in words, why it cannot be shown (the tracker shows no preview, or what it answered).', schema: schema('preview.response') },
      400: { description: "The connection's settings or credentials cannot be used as saved." },
      404: { description: 'The connection, or the ticket, does not exist or is not yours.' },
    },
    handler: (ctx, { body, params, scope }) => previewPush({ connections: deps.connections }, em(), scope, params['id']!, body),
  });

  api.route<BulkPushRequest, undefined, PushResult | PushStarted>({
    method: 'post', path: '/api/connections/{id}/bulk-push', operationId: 'bulkPush', tag: 'connections', auth: 'session', role: 'member',
    summary:
      'Push tickets through a connection: each is created once, in dependency order, and linked to its dependencies. Waits for the result up to waitSeconds (default 20); a batchId already used joins that push.',
    body: schema('bulk-push.request'),
    responses: {
      200: { description: 'Finished: per-ticket and per-project results.', schema: schema('result') },
      202: { description: 'Still running: follow it with GET /api/connections/{id}/pushes/{batchId}.', schema: schema('started.response') },
      400: { description: "'Please select at least one ticket to push', 'All selected tickets have already been pushed to external systems', or a choice to link or comment that names an item not offered for its ticket (or a comment where the tracker takes none)." },
      404: { description: 'The connection, or a ticket, does not exist or is not yours.' },
      409: { description: "'Push operation failed': the push stopped before it finished; pushing again finishes it without duplicates." },
    },
    async handler(ctx, { body, params, scope }) {
      const connection = await ownConnection(em(), scope, params['id']!);
      const waitMs = (body.waitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000;
      let state: PushState | null = null;
      const batchId = body.batchId ?? crypto.randomUUID();
      // A batch already under way (a double click, a second tab) or finished is joined; one that stopped is started again.
      if (body.batchId) state = await readPush(workflows, connection.id, batchId, waitMs);
      if (!state || state.status === 'failed') {
        const { ticketIds, choices } = await prepareBulkPush(em(), scope, connection.id, body, deps.candidates);
        const chosen = Object.keys(choices).length ? { choices } : {};
        await startPush(workflows, taskQueue, { userId: scope.user.id, workspaceId: scope.workspace, connectionId: connection.id, batchId, ticketIds, ...chosen }, { tracker: deps.trackerName(connection.connectionType), project: connection.projectIdentifier });
        // The items this push makes are followed from now on; a poll that cannot start now is started at the next start-up.
        await deps.followStatus?.(connection).catch((error: unknown) => (ctx.state.log ?? deps.logger)?.warn({ err: error, connectionId: connection.id }, 'could not start the status poll of a connection'));
        state = await readPush(workflows, connection.id, batchId, waitMs);
      }
      if (!state || state.status === 'failed') throw new Conflict(`Push operation failed: ${state?.error ?? PUSH_NOT_FOUND}`);
      if (state.status === 'completed') return state.result;
      ctx.status = 202;
      return { batchId, status: 'running', progress: state.progress };
    },
  });

  api.route<undefined, undefined, PushStatus>({
    method: 'get', path: '/api/connections/{id}/pushes/{batchId}', operationId: 'pushStatus', tag: 'connections', auth: 'session', role: 'member',
    summary: "A push's progress while it runs (the wizard's pushing step) and its result once it has finished.",
    responses: {
      200: { description: 'Where the push stands.', schema: schema('status.response') },
      404: { description: 'No such push on this connection, or the connection is not yours.' },
    },
    async handler(ctx, { params, scope }) {
      const connection = await ownConnection(em(), scope, params['id']!);
      const batchId = params['batchId'] ?? '';
      const state = BATCH_ID.test(batchId) ? await readPush(workflows, connection.id, batchId) : null;
      if (!state) throw new NotFound(PUSH_NOT_FOUND);
      if (state.status === 'completed') return { batchId, status: 'completed', progress: finishedProgress(state.result), result: state.result, error: null };
      if (state.status === 'failed') return { batchId, status: 'failed', progress: null, result: null, error: state.error };
      return { batchId, status: 'running', progress: state.progress, result: null, error: null };
    },
  });
}
