/**
 * Meeting bots as the API sees them: sending one (the request's rules, the plan's monthly limits, the bot service),
 * the user's own bots, and what the API answers about them.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BotState } from '../../plugins/sdk/index.ts';
import type { Credits } from '../credits/credits.ts';
import { Conflict, InvalidInput, NotFound, Refused } from '../errors.ts';
import type { BoundBot } from '../plugins/host.ts';
import { assertCanUpload } from '../transcripts/transcripts.ts';
import { billedWorkspace, type Scope, type WorkspaceScope } from '../users/scope.ts';
import { Bot, type BotStatus } from './bot.entity.ts';
import { lockPlan } from '../users/lock.ts';

/** The bot plugin MEETING_BOT_PROVIDER names, bound to its settings, and the name its bots show in meetings. */
export interface MeetingBot {
  bot: BoundBot;
  botName: string;
}

export const NOT_CONFIGURED =
  'The meeting bot is not configured on this installation: set MEETING_BOT_PROVIDER and MEETING_BOT_API_KEY (see the README).';

/** The spec's validation texts ("Validation rules"). */
export const BOT_REQUEST_TEXTS = {
  urlRequired: 'Please enter a meeting URL.',
  urlInvalid: 'Please enter a valid URL.',
} as const;

export const FINAL_STATUSES: ReadonlySet<BotStatus> = new Set(['done', 'failed', 'cancelled']);

export function configuredBot(meetingBot: MeetingBot | null | undefined): MeetingBot {
  if (!meetingBot) throw new Refused(NOT_CONFIGURED);
  return meetingBot;
}

export interface BotRequest {
  meetingUrl: string;
  meetingTitle: string | null;
}

/** The meeting's link (required, an http(s) URL) and its optional title, trimmed. */
export function checkBotRequest(input: { meetingUrl?: unknown; meetingTitle?: unknown }): BotRequest {
  const meetingUrl = typeof input.meetingUrl === 'string' ? input.meetingUrl.trim() : '';
  if (!meetingUrl) throw new InvalidInput(BOT_REQUEST_TEXTS.urlRequired);
  let url: URL;
  try {
    url = new URL(meetingUrl);
  } catch {
    throw new InvalidInput(BOT_REQUEST_TEXTS.urlInvalid);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) throw new InvalidInput(BOT_REQUEST_TEXTS.urlInvalid);
  const title = typeof input.meetingTitle === 'string' ? input.meetingTitle.trim() : '';
  return { meetingUrl, meetingTitle: title ? title.slice(0, 500) : null };
}

/** A state that says where the bot is: not the provider's "nothing yet" (pending without a code) or a code it does not know. */
export function isNews(state: Pick<BotState, 'status' | 'reason' | 'providerStatus'>): boolean {
  return state.status !== 'pending' || (state.reason !== 'unknown' && state.providerStatus !== undefined);
}

/** The bot service's id of a bot whose place is taken while the service is being asked for it. */
export const RESERVING_PREFIX = 'reserving:';

/**
 * Sends a bot into the meeting for the user, in their workspace. A bot in flight counts against the month's transcripts from the moment
 * it is sent (its transcript will count like an upload), so its place is taken first: under the workspace's
 * plan lock an upload takes, the limits are checked and the bot's row is written with a placeholder id; only then is the
 * bot service asked (outside the lock: it may take seconds), and the row gets the service's id, or is removed when
 * the service refuses. However many sends run at once, no more bots go out than the month has places for. The row
 * starts without a status ('Bot Initializing...') unless the service already ended it. BotErrors pass through.
 */
export async function sendBot(em: EntityManager, scope: Scope, deps: { credits: Credits; meetingBot: MeetingBot }, request: BotRequest): Promise<Bot> {
  const { bot: plugin, botName } = deps.meetingBot;
  const id = crypto.randomUUID();
  const { user } = scope;
  await em.fork().transactional(async (tx) => {
    await lockPlan(tx, scope.workspace);
    await assertCanUpload(tx, await billedWorkspace(tx, scope), deps.credits);
    tx.create(Bot, {
      id, user: user.id, workspace: scope.workspace, provider: plugin.manifest.id, providerBotId: `${RESERVING_PREFIX}${id}`,
      meetingUrl: request.meetingUrl, meetingTitle: request.meetingTitle, status: null,
    });
  });
  let state: BotState;
  try {
    state = await plugin.create({ meetingUrl: request.meetingUrl, botName });
  } catch (error) {
    await em.nativeDelete(Bot, { id });
    throw error;
  }
  const final = FINAL_STATUSES.has(state.status);
  await em.nativeUpdate(Bot, { id }, {
    providerBotId: state.botId,
    status: final ? state.status : null,
    reason: final ? (state.reason ?? null) : null,
    error: final ? (state.error ?? null) : null,
  });
  return em.findOneOrFail(Bot, id, { refresh: true });
}

/** The workspace's active bots: not yet reported on (null), joining, or recording; newest first. Places being taken are not bots yet. */
export function activeBots(em: EntityManager, scope: WorkspaceScope): Promise<Bot[]> {
  return em.find(
    Bot,
    {
      workspace: scope.workspace, $or: [{ status: null }, { status: { $in: ['pending', 'recording'] } }],
      $not: { providerBotId: { $like: `${RESERVING_PREFIX}%` } },
    },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
}

/** The workspace's bot by the bot service's id, or 404: another workspace's bot answers exactly like a missing one. */
export async function ownBot(em: EntityManager, scope: WorkspaceScope, providerBotId: string): Promise<Bot> {
  const bot = await em.findOne(Bot, { workspace: scope.workspace, providerBotId });
  if (!bot) throw new NotFound('Bot not found');
  return bot;
}

/** Refuses to cancel a bot that has already ended. */
export function assertCancellable(bot: Bot): void {
  if (bot.status && FINAL_STATUSES.has(bot.status)) {
    throw new Conflict(`This bot has already ended (${bot.status}); there is nothing to cancel.`);
  }
}

export function viewBot(bot: Bot) {
  return {
    id: bot.id,
    recallBotId: bot.providerBotId,
    provider: bot.provider,
    status: bot.status ?? null,
    reason: bot.reason ?? null,
    error: bot.error ?? null,
    meetingUrl: bot.meetingUrl,
    meetingTitle: bot.meetingTitle ?? null,
    transcriptId: bot.transcript?.id ?? null,
    createdAt: bot.createdAt.toISOString(),
    updatedAt: bot.updatedAt.toISOString(),
  };
}
