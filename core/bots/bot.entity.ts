import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { Transcript } from '../transcripts/transcript.entity.ts';
import { User } from '../users/user.entity.ts';
import { workspaceOfRow } from '../workspaces/workspace.entity.ts';

/** Where a bot stands; null (no row value) while the bot service has not reported on it yet ('Bot Initializing...'). */
export const BOT_STATUSES = ['pending', 'recording', 'done', 'failed', 'cancelled'] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/**
 * A meeting bot a user sent: the bot service's id for it, the meeting, and where it stands as the lifecycle
 * workflow (`bot-<providerBotId>`) last recorded it; the transcript once its recording has been fetched.
 */
export const Bot = defineEntity({
  name: 'Bot',
  tableName: 'bots',
  uniques: [{ name: 'bots_provider_bot_unique', properties: ['provider', 'providerBotId'] }],
  indexes: [{ name: 'bots_user_created_idx', properties: ['user', 'createdAt'] }, { name: 'bots_workspace_created_idx', properties: ['workspace', 'createdAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    workspace: () => workspaceOfRow(),
    /** The bot plugin that sent it (MEETING_BOT_PROVIDER at the time). */
    provider: p.string().length(100),
    providerBotId: p.string().length(200),
    meetingUrl: p.string().length(2048),
    meetingTitle: p.string().length(500).nullable(),
    status: p.enum(BOT_STATUSES).nullable(),
    /** Why it ended as it did, when known: the plugin's reasons (waiting_room_timeout, kicked, …), limit_reached, transcript_failed. */
    reason: p.string().length(50).nullable(),
    /** Why it failed, in words for people. */
    error: p.text().nullable(),
    transcript: () => p.manyToOne(Transcript).nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(createdAt),
    updatedAt: p.datetime().onCreate(createdAt).onUpdate(() => new Date()),
  },
});

export type Bot = InferEntity<typeof Bot>;

/**
 * Every bot webhook delivery acted upon, keyed by the event's de-duplication key (the same on every delivery of
 * one event), so a replayed delivery changes nothing.
 */
export const BotWebhookEvent = defineEntity({
  name: 'BotWebhookEvent',
  tableName: 'bot_webhook_events',
  properties: {
    dedupeKey: p.string().length(500).primary(),
    provider: p.string().length(100),
    providerBotId: p.string().length(200),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});

export type BotWebhookEvent = InferEntity<typeof BotWebhookEvent>;
