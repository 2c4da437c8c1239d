/**
 * A finished meeting's transcript as a transcript of the bot's user: stored once (the bot keeps it), the plan's
 * monthly limits checked again under a lock on the user, and kept as a file the ingest reads like an upload's.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParsedTranscript } from '../../plugins/sdk/index.ts';
import { CreditsExhausted, type Credits } from '../credits/credits.ts';
import { db } from '../db/sql.ts';
import { LimitReached } from '../errors.ts';
import { MAX_TRANSCRIPT_BYTES } from '../plugins/upload-limits.ts';
import { Transcript, type TranscriptMetadata } from '../transcripts/transcript.entity.ts';
import { assertCanUpload } from '../transcripts/transcripts.ts';
import { Bot } from './bot.entity.ts';
import { lockPlan } from '../users/lock.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';

/**
 * The transcript is stored and its ingest can run, or it is kept as failed without processing: a monthly limit is
 * reached (limit_reached) or it is larger than the ingest reads (too_large).
 */
export type StoredTranscript =
  | { kind: 'stored'; transcriptId: string }
  | { kind: 'refused'; transcriptId: string; reason: 'limit_reached' | 'too_large'; message: string };

const PLATFORMS: [RegExp, string][] = [
  [/(^|\.)meet\.google\.com$/, 'Google Meet'],
  [/(^|\.)zoom\.(us|com)$/, 'Zoom'],
  [/(^|\.)teams\.(microsoft|live)\.com$/, 'Microsoft Teams'],
  [/(^|\.)webex\.com$/, 'Webex'],
];

/** The user's title, else the platform and the day: 'Google Meet meeting, 2026-11-29'. */
export function meetingTitleOf(bot: Pick<Bot, 'meetingTitle' | 'meetingUrl' | 'createdAt'>): string {
  if (bot.meetingTitle) return bot.meetingTitle;
  let host = '';
  try {
    host = new URL(bot.meetingUrl).hostname.toLowerCase();
  } catch {
    // Checked when the bot was sent; a title never depends on it.
  }
  const platform = PLATFORMS.find(([pattern]) => pattern.test(host))?.[1] ?? 'Online';
  return `${platform} meeting, ${bot.createdAt.toISOString().slice(0, 10)}`;
}

/**
 * The transcript as a Tickscribe JSON file (title, date, participants, messages): the ingest's parse step reads it
 * back unchanged, names and order kept.
 */
function transcriptFile(title: string, date: string, transcript: ParsedTranscript): Buffer {
  return Buffer.from(JSON.stringify({
    title,
    date,
    ...(transcript.duration !== undefined ? { duration: transcript.duration } : {}),
    participants: transcript.participants.map(({ id, name }) => ({ id, name })),
    messages: transcript.messages.map(({ content, timestamp, speaker }) => ({ speaker: speaker.id, content, timestamp })),
  }));
}

function outcomeOf(transcript: Transcript): StoredTranscript {
  const refused = transcript.metadata['notProcessed'];
  if (refused !== 'limit_reached' && refused !== 'too_large') return { kind: 'stored', transcriptId: transcript.id };
  return { kind: 'refused', transcriptId: transcript.id, reason: refused, message: String(transcript.metadata.error ?? '') };
}

/** What became of the bot's transcript when it has been stored already. */
export async function storedTranscriptOf(em: EntityManager, botId: string): Promise<StoredTranscript | null> {
  const bot = await em.findOneOrFail(Bot, botId, { populate: ['transcript'] });
  return bot.transcript ? outcomeOf(bot.transcript) : null;
}

/**
 * Stores the bot's transcript for its user, once: a second call (a retried step) finds the one stored. Over the
 * month's transcripts or token credits the transcript is kept as failed, with the limit's message (and
 * tokenLimitExceeded when credits ran out, as an upload's ingest marks it), and nothing is processed.
 */
export async function storeBotTranscript(em: EntityManager, credits: Credits, botId: string, transcript: ParsedTranscript): Promise<StoredTranscript> {
  return em.transactional(async (tx) => {
    // The plan of the workspace, which the transcript counts against, is locked first, as an upload locks it, so
    // racing transcripts cannot pass the limits together.
    const [sent] = await db(tx).selectFrom('bots').select('workspace_id').where('id', '=', botId).execute();
    if (!sent) throw new Error(`Bot ${botId} does not exist`);
    await lockPlan(tx, sent.workspace_id);
    const bot = await tx.findOneOrFail(Bot, botId, { populate: ['user', 'transcript'] });
    if (bot.transcript) return outcomeOf(bot.transcript);
    let limit: LimitReached | null = null;
    try {
      await assertCanUpload(tx, await tx.findOneOrFail(Workspace, sent.workspace_id), credits, { exceptBotId: bot.id });
    } catch (error) {
      if (!(error instanceof LimitReached)) throw error;
      limit = error;
    }
    const title = meetingTitleOf(bot);
    const date = bot.createdAt.toISOString();
    const file = transcriptFile(title, date, transcript);
    const tooLarge = file.length > MAX_TRANSCRIPT_BYTES
      ? `The meeting's transcript is ${(file.length / MAX_TRANSCRIPT_BYTES).toFixed(2)}MB, over the 1MB that Tickscribe processes.`
      : null;
    const metadata: TranscriptMetadata = { bot: { provider: bot.provider, providerBotId: bot.providerBotId, meetingUrl: bot.meetingUrl } };
    if (limit) {
      Object.assign(metadata, { error: limit.message, notProcessed: 'limit_reached', ...(limit instanceof CreditsExhausted ? { tokenLimitExceeded: true } : {}) });
    } else if (tooLarge) Object.assign(metadata, { error: tooLarge, notProcessed: 'too_large' });
    const row = tx.create(Transcript, {
      user: bot.user,
      workspace: bot.workspace,
      title,
      date,
      source: bot.provider,
      ...(transcript.duration !== undefined ? { duration: Math.round(transcript.duration) } : {}),
      participants: transcript.participants,
      messages: transcript.messages,
      processingStatus: limit || tooLarge ? 'failed' : 'pending',
      metadata,
      rawFile: file,
      rawFileName: `meeting-${bot.providerBotId}.json`.slice(0, 255),
      rawFileType: 'application/json',
      rawFileSize: file.length,
    });
    bot.transcript = row;
    await tx.flush();
    return outcomeOf(row);
  });
}

/**
 * After the ingest: the transcript's source names the bot service again (the parse step records the file's
 * format, which for a bot's transcript is always its JSON).
 */
export async function restoreBotSource(em: EntityManager, transcriptId: string, provider: string): Promise<void> {
  await em.nativeUpdate(Transcript, { id: transcriptId }, { source: provider });
}
