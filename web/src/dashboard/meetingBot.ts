/**
 * The meeting-bot panel's texts and rules (the spec's "States and transitions", "Validation rules", "Error catalogue"
 * and "Business constants and limits"), kept free of React so they can be tested alone.
 */
import type { Schema } from '../api/schema.ts';
import { limitFailure, type Failure } from '../ui/UploadPanel.logic.ts';

export type MeetingBot = Schema<'MeetingBot'>;
export type BotStatus = MeetingBot['status'];

/** The spec's "Business constants and limits": active bots are polled every 10 seconds. */
export const BOT_POLL_MS = 10_000;

export const botTexts = {
  heading: 'Meeting Bot',
  intro: 'Send a bot to record a Google Meet, Zoom or Microsoft Teams meeting. When the meeting ends, its transcript is turned into tickets.',
  urlLabel: 'Meeting URL',
  urlHint: 'Paste the link from the meeting invitation.',
  titleLabel: 'Meeting title (optional)',
  send: 'Send Bot',
  sending: 'Sending...',
  activeBots: 'Active bots',
  rec: 'REC',
  cancel: 'Cancel',
  cancelFor: (title: string) => ` the bot for ${title}`,
  urlRequired: 'Please enter a meeting URL.',
  urlInvalid: 'Please enter a valid URL.',
  createFailed: 'Failed to create bot. Please try again.',
  cancelFailed: 'Failed to cancel the bot. Please try again.',
  loadFailed: 'Failed to load your meeting bots.',
  notConfiguredTitle: 'The meeting bot needs configuring',
  notConfigured:
    'The meeting bot is not configured on this installation: set MEETING_BOT_PROVIDER and MEETING_BOT_API_KEY (see the README).',
  completedTitle: 'Completed',
  completed: (title: string) => `The recording of ${title} completed and the transcript is processing. Its tickets appear under Tickets when processing ends.`,
  viewTranscripts: 'View transcripts',
  failedTitle: (title: string) => `The bot could not record ${title}`,
  failedFallback: 'The bot stopped with an error.',
  dismiss: 'Dismiss',
} as const;

/** The spec's "States and transitions": each state's label; failed and cancelled bots leave the list. */
export function statusLabel(status: BotStatus): string {
  switch (status) {
    case null:
      return 'Bot Initializing...';
    case 'pending':
      return 'Joining Meeting...';
    case 'recording':
      return 'Recording in Progress';
    case 'done':
      return 'Completed';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/**
 * The spec's "Validation rules": a meeting URL is required and must be a web address (http or https). Null when it is
 * fine.
 */
export function meetingUrlProblem(value: string): string | null {
  const url = value.trim();
  if (!url) return botTexts.urlRequired;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname ? null : botTexts.urlInvalid;
  } catch {
    return botTexts.urlInvalid;
  }
}

/** How a bot is named in the panel: its title, else its meeting's link. */
export const botName = (bot: Pick<MeetingBot, 'meetingTitle' | 'meetingUrl'>) => bot.meetingTitle ?? bot.meetingUrl;

/**
 * The spec's "Error catalogue": a refused send shows the server's words, with the upgrade link when a limit is reached.
 */
export function sendFailure(status: number | undefined, text: string | undefined): Failure {
  return limitFailure(status, text) ?? { kind: 'error', message: text?.trim() || botTexts.createFailed };
}

/** What the panel says about a bot that left the list: its completion, why it failed, or nothing (cancelled). */
export type BotOutcome =
  | { kind: 'completed'; id: string; title: string; transcriptId: string | null }
  | { kind: 'failed'; id: string; title: string; failure: Failure };

export function outcomeOf(bot: MeetingBot): BotOutcome | null {
  const title = botName(bot);
  if (bot.status === 'done') return { kind: 'completed', id: bot.recallBotId, title, transcriptId: bot.transcriptId };
  if (bot.status !== 'failed') return null;
  const message = bot.error ?? botTexts.failedFallback;
  const failure: Failure = bot.reason === 'limit_reached' ? sendFailure(402, message) : { kind: 'error', message };
  return { kind: 'failed', id: bot.recallBotId, title, failure };
}

/** The bots of the last list that are not in the new one: they ended (or were cancelled here). */
export function vanished(before: readonly MeetingBot[], after: readonly MeetingBot[]): MeetingBot[] {
  const still = new Set(after.map((bot) => bot.recallBotId));
  return before.filter((bot) => !still.has(bot.recallBotId));
}
