/**
 * A bot service's webhook delivery, before it reaches a bot's lifecycle: verified on its raw bytes, read as an
 * event, matched to a bot of this installation, and acted upon once per event (its de-duplication key).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isBotError, type BotEvent } from '../../plugins/sdk/index.ts';
import { InvalidInput, NotAuthenticated } from '../errors.ts';
import { db, sql } from '../db/sql.ts';
import type { Logger } from '../logger.ts';
import { Bot } from './bot.entity.ts';
import type { MeetingBot } from './bots.ts';

export interface WebhookDelivery {
  rawBody: Uint8Array;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body parsed as JSON. */
  body: unknown;
}

/**
 * What became of a delivery: handed to the bot's lifecycle, a delivery of an event already handled, an event
 * that changes nothing (another kind, another installation's bot), or one for a bot whose lifecycle has ended.
 */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'finished';

/** Hands the event to the bot's lifecycle; false when that lifecycle has already ended. */
export type EventSink = (bot: Bot, event: BotEvent) => Promise<boolean>;

export const FORGED = 'The webhook signature is missing, wrong or stale; the delivery was refused.';

/**
 * Verifies, reads and routes one delivery. A forged or stale one throws NotAuthenticated and one the plugin cannot
 * read InvalidInput, both before anything changes. When the sink fails, the event is forgotten again so that the
 * service's next delivery of it is acted upon.
 */
export async function receiveBotWebhook(
  em: EntityManager,
  meetingBot: MeetingBot,
  delivery: WebhookDelivery,
  sink: EventSink,
  logger?: Logger,
): Promise<WebhookOutcome> {
  const { bot: plugin } = meetingBot;
  const verdict = await plugin.verifyWebhook({ rawBody: delivery.rawBody, headers: delivery.headers });
  if (!verdict.genuine) {
    logger?.warn({ problem: verdict.problem }, 'a bot webhook delivery was refused');
    throw new NotAuthenticated(FORGED);
  }
  let event: BotEvent | null;
  try {
    event = plugin.parseWebhook({ body: delivery.body, headers: delivery.headers });
  } catch (error) {
    if (isBotError(error)) throw new InvalidInput(error.message);
    throw error;
  }
  if (!event) return 'ignored';
  const provider = plugin.manifest.id;
  const bot = await em.findOne(Bot, { provider, providerBotId: event.botId });
  if (!bot) return 'ignored';
  const d = db(em);
  const recorded = await d.insertInto('bot_webhook_events')
    .values({ dedupe_key: event.dedupeKey, provider, provider_bot_id: event.botId, received_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('dedupe_key').doNothing()).returning('dedupe_key').execute();
  if (!recorded.length) return 'duplicate';
  try {
    return (await sink(bot, event)) ? 'applied' : 'finished';
  } catch (error) {
    await d.deleteFrom('bot_webhook_events').where('dedupe_key', '=', event.dedupeKey).execute();
    throw error;
  }
}
