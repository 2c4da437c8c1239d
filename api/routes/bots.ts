import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { Bot } from '../../core/bots/bot.entity.ts';
import {
  activeBots, assertCancellable, checkBotRequest, configuredBot, FINAL_STATUSES, NOT_CONFIGURED, ownBot, sendBot, viewBot, type MeetingBot,
} from '../../core/bots/bots.ts';
import { observedOf } from '../../core/bots/lifecycle.ts';
import { receiveBotWebhook, type EventSink } from '../../core/bots/webhooks.ts';
import type { Credits } from '../../core/credits/credits.ts';
import { NotFound, UpstreamFailed } from '../../core/errors.ts';
import type { Logger } from '../../core/logger.ts';
import { PluginOutputError } from '../../core/plugins/boundary.ts';
import { isBotError } from '../../plugins/sdk/index.ts';
import type { MeetingBotList, MeetingBotRequest, MeetingBotResponse, MeetingBotWebhook, MeetingBotWebhookReceipt } from '../../schemas/types.ts';
import { HttpError } from '../errors.ts';
import { headersOf, rawBodyOf } from '../middleware/signed-body.ts';
import type { ApiRegistry } from '../routing.ts';
import { cancelBotLifecycle, sendBotEvent, startBotLifecycle } from '../../workflows/client.ts';

const schema = (name: string) => `api/bots/${name}.schema.json`;

/** Where the bot services post their webhooks (no session: the signature alone vouches for a delivery). */
export const BOT_WEBHOOK_PATH = '/api/bots/webhook';
/** How long a cancel waits for the bot service to confirm before it answers with the bot as it stands. */
const CANCEL_WAIT_MS = 5_000;

const OFF = { description: 'The meeting bot is not configured on this installation (MEETING_BOT_PROVIDER); the message says how.', schema: 'api/error.schema.json' };

export interface BotRouteDependencies {
  em: () => EntityManager;
  credits: Credits;
  workflows: Client;
  taskQueue: string;
  /** The configured bot plugin; null or absent when the meeting bot is off. */
  meetingBot?: MeetingBot | null;
  /** MEETING_BOT_POLL_INTERVAL_MS. */
  pollIntervalMs: number;
  logger?: Logger;
}

/**
 * A failure of the bot service while sending a bot, as an answer in words: the meeting refused (400), the service
 * limiting requests (429), anything else 502. Other errors are rethrown.
 */
function sendFailure(error: unknown): never {
  if (isBotError(error) && error.kind === 'validation') throw new HttpError(400, `The meeting bot service refused this meeting: ${error.message}`);
  if (isBotError(error) && error.kind === 'rate_limited') throw new HttpError(429, error.message);
  if (!isBotError(error) && !(error instanceof PluginOutputError)) throw error;
  throw new UpstreamFailed(`The meeting bot service could not send a bot: ${error.message}`, { cause: error });
}

export function botRoutes(api: ApiRegistry, deps: BotRouteDependencies): void {
  const { em, workflows, taskQueue } = deps;
  const lifecycleOf = (bot: Bot) => ({
    botId: bot.id, providerBotId: bot.providerBotId, provider: bot.provider, pollIntervalMs: deps.pollIntervalMs,
  });

  api.route<MeetingBotRequest, undefined, MeetingBotResponse>({
    method: 'post', path: '/api/recall/bots', operationId: 'createBot', tag: 'bots', auth: 'session', role: 'member',
    summary: "Send a bot into a meeting: it records it, and the meeting's transcript is processed into tickets when it ends.",
    body: schema('create.request'),
    responses: {
      201: { description: 'Sent; its lifecycle follows it from here.', schema: schema('bot.response') },
      402: { description: "The month's transcripts or token credits are used up (upgrade to send more).", schema: 'api/error.schema.json' },
      403: OFF,
      429: { description: 'The bot service is limiting requests; try again shortly.', schema: 'api/error.schema.json' },
      502: { description: 'The bot service refused or could not be reached; no bot was sent.', schema: 'api/error.schema.json' },
    },
    async handler(ctx, { body, scope }) {
      const meetingBot = configuredBot(deps.meetingBot);
      const request = checkBotRequest(body);
      let bot: Bot;
      try {
        bot = await sendBot(em(), scope, { credits: deps.credits, meetingBot }, request);
      } catch (error) {
        return sendFailure(error);
      }
      if (!bot.status || !FINAL_STATUSES.has(bot.status)) await startBotLifecycle(workflows, taskQueue, lifecycleOf(bot));
      ctx.status = 201;
      return { success: true, bot: viewBot(bot) };
    },
  });

  api.route<undefined, undefined, MeetingBotList>({
    method: 'get', path: '/api/recall/bots', operationId: 'listBots', tag: 'bots', auth: 'session', role: 'member',
    summary: "The signed-in user's active bots (not yet reported on, joining or recording), and whether a bot service is configured; the panel polls this every 10 s while there are bots.",
    responses: { 200: { description: 'The active bots, newest first; none, with what to configure, when the meeting bot is off.', schema: schema('list.response') } },
    async handler(ctx, { scope }) {
      if (!deps.meetingBot) return { success: true, bots: [], configured: false, notice: NOT_CONFIGURED };
      return { success: true, bots: (await activeBots(em(), scope)).map(viewBot), configured: true, notice: null };
    },
  });

  api.route<undefined, undefined, MeetingBotResponse>({
    method: 'get', path: '/api/recall/bots/{id}', operationId: 'getBot', tag: 'bots', auth: 'session', role: 'member',
    summary: "One of the user's bots, by the bot service's id, in whatever state (the outcome of one that ended).",
    responses: { 200: { description: 'Found.', schema: schema('bot.response') }, 403: OFF },
    async handler(ctx, { params, scope }) {
      configuredBot(deps.meetingBot);
      return { success: true, bot: viewBot(await ownBot(em(), scope, params['id']!)) };
    },
  });

  api.route<undefined, undefined, MeetingBotResponse>({
    method: 'delete', path: '/api/recall/bots/{id}', operationId: 'cancelBot', tag: 'bots', auth: 'session', role: 'member',
    summary: 'Cancel a bot: it is removed from the meeting (or never sent) and ends as cancelled.',
    responses: {
      200: { description: 'The bot after the cancel: cancelled, or still on its way out when the service has not confirmed yet.', schema: schema('bot.response') },
      403: OFF,
      409: { description: 'The bot has already ended.', schema: 'api/error.schema.json' },
    },
    async handler(ctx, { params, scope }) {
      configuredBot(deps.meetingBot);
      let bot = await ownBot(em(), scope, params['id']!);
      assertCancellable(bot);
      await cancelBotLifecycle(workflows, taskQueue, lifecycleOf(bot));
      for (const until = Date.now() + CANCEL_WAIT_MS; Date.now() < until; ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        bot = (await em().fork().findOne(Bot, bot.id)) ?? bot;
        if (bot.status && FINAL_STATUSES.has(bot.status)) break;
      }
      return { success: true, bot: viewBot(bot) };
    },
  });

  api.route<MeetingBotWebhook, undefined, MeetingBotWebhookReceipt>({
    method: 'post', path: BOT_WEBHOOK_PATH, operationId: 'receiveBotWebhook', tag: 'bots',
    summary: "The configured bot service's webhooks (register this address there), verified by their signature on the raw body and acted upon once each.",
    body: schema('webhook.request'),
    responses: {
      200: { description: 'Received (see outcome); nothing is sent back to the service.', schema: schema('webhook.response') },
      401: { description: 'A missing, wrong or stale signature: refused, and nothing changed.', schema: 'api/error.schema.json' },
      404: { description: 'This installation has no meeting bot configured.', schema: 'api/error.schema.json' },
    },
    async handler(ctx, { body }) {
      if (!deps.meetingBot) throw new NotFound('This installation has no meeting bot configured (MEETING_BOT_PROVIDER).');
      const rawBody = rawBodyOf(ctx);
      const sink: EventSink = async (bot, event) => {
        const state = event.state ? observedOf(event.state) : null;
        if (!state && !event.transcriptReady) return true;
        return sendBotEvent(workflows, taskQueue, lifecycleOf(bot), {
          ...(state ? { state } : {}), ...(event.transcriptReady ? { transcriptReady: true } : {}), occurredAt: event.occurredAt,
        });
      };
      const outcome = await receiveBotWebhook(em(), deps.meetingBot, { rawBody, headers: headersOf(ctx.req.headers), body }, sink, ctx.state.log ?? deps.logger);
      return { received: true, outcome };
    },
  });
}
