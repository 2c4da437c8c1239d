import { bodyParser } from '@koa/bodyparser';
import { RequestContext } from '@mikro-orm/core';
import type { Client, Connection } from '@temporalio/client';
import Koa from 'koa';
import { proxyHops, type Config } from '../core/config.ts';
import type { Orm } from '../core/db/orm.ts';
import type { Logger } from '../core/logger.ts';
import type { EmailDispatcher } from '../core/mail/outbox.ts';
import type { Connections } from '../core/connections/connections.ts';
import { trackerManifests } from '../core/connections/tracker-types.ts';
import type { BillingSetup } from '../core/billing/stripe.ts';
import type { Credits } from '../core/credits/credits.ts';
import type { PluginHost } from '../core/plugins/host.ts';
import type { MeetingBot } from '../core/bots/bots.ts';
import { Accounts } from '../core/users/accounts.ts';
import { createAjv, loadSchemaFiles } from '../core/schema/registry.ts';
import type { AppState } from './context.ts';
import { docsRoutes } from './docs-page.ts';
import { buildOpenApi } from './openapi.ts';
import { apiNotFound, errorHandler } from './middleware/errors.ts';
import { requestContext } from './middleware/request-id.ts';
import { corsForApp, requireJsonBodies, securityHeaders } from './middleware/security.ts';
import { ApiRegistry } from './routing.ts';
import { sessionToken } from './middleware/auth.ts';
import { authRoutes } from './routes/auth.ts';
import { billingRoutes } from './routes/billing.ts';
import { connectionRoutes } from './routes/connections.ts';
import { devOutboxRoutes } from './routes/dev.ts';
import { healthRoutes, type ProcessesReport } from './routes/health.ts';
import { pushRoutes } from './routes/push.ts';
import { PushCandidateSearch } from '../core/push/candidates.ts';
import { BOT_WEBHOOK_PATH, botRoutes } from './routes/bots.ts';
import { TRACKER_WEBHOOK_PATH, trackerRoutes } from './routes/trackers.ts';
import { signedBodies } from './middleware/signed-body.ts';
import { proposalRoutes } from './routes/proposals.ts';
import { ticketRoutes } from './routes/tickets.ts';
import { workspaceRoutes } from './routes/workspaces.ts';
import { tokenUsageRoutes } from './routes/token-usage.ts';
import { transcriptRoutes } from './routes/transcripts.ts';
import { runtimeConfigScript, sameLoopbackName, webApp, WEB_DIST_DIR } from './web.ts';
import { temporalCreditSchedules, temporalStatusPolls } from '../workflows/client.ts';

/** Paths that belong to the server, never to the web app. */
const API_PREFIXES = ['/api', '/auth', '/stripe'];

/**
 * The services the routes share with the worker. The composition root (server/services.ts) builds each once per
 * process from the settings and hands the same ones to the API and the worker.
 */
export interface AppServices {
  /** The built-in plugins and those PLUGINS names: parsers widen what uploads accept. */
  plugins: PluginHost;
  credits: Credits;
  /** What Stripe set-up the settings give: the paid plans offered, or why there are none. */
  billing: BillingSetup;
  /** Tracker connections: the connection types are the plugin host's trackers. */
  connections: Connections;
  /** The meeting bot the settings configure; null when it is off (its routes then say how to configure it). */
  meetingBot: MeetingBot | null;
  /** The key that seals tracker credentials; device cookies are signed with a key derived from it. */
  credentialsKey: Buffer;
}

export interface AppDependencies {
  config: Config;
  logger: Logger;
  orm: Orm;
  /** For /api/health's checks of Temporal and of the workers polling the task queue. */
  temporal: Connection;
  /** Starts workflows (ingest, push). */
  workflows: Client;
  /** Starts the delivery of outbox e-mails. */
  emails: EmailDispatcher;
  /** Folder of the built web app. Default dist/web; null serves no web app (development behind Vite). */
  webDir?: string | null;
  /** How long processing takes with the configured extractor, as the upload reply says it. Default 'about 1-2 minutes'. */
  processingTime?: string;
  services: AppServices;
  /** What the supervisor of a multi-process start knows of its processes, for /api/health (server/processes.ts). */
  processes?: () => ProcessesReport | undefined;
}

/** What the routes need; handlers call these only when a request comes in. */
type RouteDependencies = Pick<AppDependencies, 'config' | 'orm' | 'temporal' | 'workflows' | 'emails' | 'processingTime' | 'services'> &
  Partial<Pick<AppDependencies, 'logger' | 'processes'>>;

/** Every route of the API, declared with its schemas, registered on one registry. */
export function apiRoutes(deps: RouteDependencies): { api: ApiRegistry } {
  const em = () => deps.orm.em;
  const { credits, billing, connections, meetingBot, credentialsKey, plugins } = deps.services;
  // Device cookies are signed with a key derived from the credentials key, so every API process accepts them.
  const accounts = new Accounts({ config: deps.config, emails: deps.emails, deviceSecret: credentialsKey });
  const api = new ApiRegistry({
    ajv: createAjv(),
    queryAjv: createAjv({ coerceTypes: true, useDefaults: true }),
    validateResponses: deps.config.NODE_ENV !== 'production',
    authenticate: (token, read, workspace) => accounts.authenticate(em(), token, read, workspace),
  });
  healthRoutes(api, deps);
  const schedules = temporalCreditSchedules(deps.workflows, deps.config.TEMPORAL_TASK_QUEUE);
  authRoutes(api, { accounts, em, config: deps.config, schedules });
  tokenUsageRoutes(api, { credits, em, schedules });
  billingRoutes(api, { em, setup: billing, appUrl: deps.config.APP_URL, schedules, logger: deps.logger });
  transcriptRoutes(api, {
    em, credits, temporal: deps.workflows, config: deps.config, processingTime: deps.processingTime ?? 'about 1-2 minutes',
    acceptedExtensions: () => plugins.acceptedExtensions(),
  });
  const statusPolls = temporalStatusPolls(deps.workflows, deps.config.TEMPORAL_TASK_QUEUE, deps.config.TRACKER_STATUS_POLL_SECONDS);
  const statusSending = { plugins, workflows: deps.workflows, taskQueue: deps.config.TEMPORAL_TASK_QUEUE, ...(deps.logger ? { logger: deps.logger } : {}) };
  ticketRoutes(api, { em, status: statusSending });
  proposalRoutes(api, { em, status: statusSending });
  workspaceRoutes(api, { em, mail: { appUrl: deps.config.APP_URL, emails: deps.emails }, schedules });
  connectionRoutes(api, { em, connections: () => connections });
  trackerRoutes(api, { em, plugins, connections: () => connections, ...(deps.logger ? { logger: deps.logger } : {}) });
  pushRoutes(api, {
    em, workflows: deps.workflows, taskQueue: deps.config.TEMPORAL_TASK_QUEUE, candidates: new PushCandidateSearch(connections), connections,
    trackerName: (type) => trackerManifests(plugins).find((manifest) => manifest.id === type)?.name ?? type,
    followStatus: (connection) => (plugins.statusSupport(connection.connectionType).itemStatus ? statusPolls.ensure({
      connectionId: connection.id, workspaceId: connection.workspace.id, project: connection.projectIdentifier,
      tracker: trackerManifests(plugins).find((manifest) => manifest.id === connection.connectionType)?.name ?? connection.connectionType,
    }) : Promise.resolve()),
  });
  botRoutes(api, {
    em, credits, workflows: deps.workflows, taskQueue: deps.config.TEMPORAL_TASK_QUEUE, meetingBot,
    pollIntervalMs: deps.config.MEETING_BOT_POLL_INTERVAL_MS, logger: deps.logger,
  });
  if (!deps.config.SMTP_URL && deps.config.NODE_ENV !== 'production') devOutboxRoutes(api, { em });
  return { api };
}

/** The OpenAPI 3.1 description of the API. */
export function openapiDocument(api: ApiRegistry): object {
  return buildOpenApi(
    api.definitions(),
    {
      title: 'Tickscribe',
      version: '1',
      description: 'Turns meeting transcripts into tickets and pushes them to trackers.',
      license: { name: 'Proprietary', url: 'https://tickscribe.dev/terms-of-service' },
    },
    loadSchemaFiles(),
  );
}

export function createApp(deps: AppDependencies): Koa<AppState> {
  const { api } = apiRoutes(deps);
  let openapi: object | undefined;
  const document = () => (openapi ??= openapiDocument(api));

  // The client is the address the outermost trusted proxy saw: the last `hops` entries of X-Forwarded-For are
  // written by trusted proxies, anything left of them by the client (Koa's maxIpsCount; Express's hop count).
  const hops = proxyHops(deps.config);
  const app = new Koa<AppState>({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true;
  const router = api.router();
  app
    .use(requestContext(deps.logger))
    .use(errorHandler())
    .use(securityHeaders(deps.config.APP_URL))
    .use(corsForApp(deps.config.APP_URL))
    .use(apiNotFound(API_PREFIXES))
    .use(requireJsonBodies(API_PREFIXES))
    .use(signedBodies(deps.config.JSON_BODY_LIMIT, (path) => path === BOT_WEBHOOK_PATH || TRACKER_WEBHOOK_PATH.test(path)))
    .use(bodyParser({ enableTypes: ['json'], jsonLimit: deps.config.JSON_BODY_LIMIT, encoding: 'utf-8' }))
    .use((_ctx, next) => RequestContext.create(deps.orm.em, next))
    .use(sessionToken(deps.config.APP_URL))
    .use(docsRoutes(document))
    .use(router.routes())
    .use(router.allowedMethods({ throw: true }))
    .use(runtimeConfigScript({ apiBaseUrl: '' }));
  if (deps.webDir !== null) app.use(sameLoopbackName(deps.config.APP_URL, API_PREFIXES)).use(webApp(deps.webDir ?? WEB_DIST_DIR, API_PREFIXES));
  return app;
}
