/** Reads the messages of a Slack export channel-day file (or one message object) into a transcript. */
import type { ParserOutput } from '../../sdk/index.ts';
import { TranscriptBuilder } from '../shared/builder.ts';
import { isRecord } from '../shared/parse-json.ts';
import { renderMrkdwn } from './mrkdwn.ts';

type SlackMessage = Record<string, unknown>;

/** Channel events and housekeeping, not conversation: skipped. */
const SKIPPED_SUBTYPES = new Set([
  'channel_join', 'channel_leave', 'channel_topic', 'channel_purpose', 'channel_name', 'channel_archive', 'channel_unarchive',
  'channel_convert_to_private', 'channel_convert_to_public', 'channel_posting_permissions', 'channel_canvas_updated',
  'group_join', 'group_leave', 'group_topic', 'group_purpose', 'group_name', 'group_archive', 'group_unarchive',
  'bot_add', 'bot_remove', 'bot_enable', 'bot_disable', 'app_conversation_join', 'app_conversation_leave',
  'pinned_item', 'unpinned_item', 'reminder_add', 'reminder_delete', 'joiner_notification', 'joiner_notification_for_inviter',
  'huddle_thread', 'sh_room_created', 'sh_room_shared', 'message_deleted', 'message_changed', 'message_replied', 'tombstone',
  'ekm_access_denied', 'slackbot_response',
]);

const TS = /^\d{9,10}(\.\d+)?$/;

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

interface Author {
  key: string;
  name: string;
  bot: boolean;
}

/** Who posted a message: a person (`user`, name from `user_profile`) or a bot (`username`, `bot_profile`, `bot_id`). */
function authorOf(message: SlackMessage, names: ReadonlyMap<string, string>): Author | undefined {
  const comment = isRecord(message.comment) ? message.comment : undefined;
  const user = str(message.user) ?? str(comment?.user);
  const botProfile = isRecord(message.bot_profile) ? message.bot_profile : undefined;
  const bot = message.subtype === 'bot_message' || (!user && str(message.bot_id) !== undefined);
  if (bot || (botProfile && !isRecord(message.user_profile))) {
    const name = str(message.username) ?? str(botProfile?.name) ?? (user ? names.get(user) : undefined) ?? str(message.bot_id) ?? user;
    if (name) return { key: `bot:${str(message.bot_id) ?? name}`, name, bot: true };
  }
  if (user) return { key: user, name: user === 'USLACKBOT' ? 'Slackbot' : (names.get(user) ?? user), bot: false };
  const username = str(message.username);
  return username ? { key: `name:${username}`, name: username, bot: false } : undefined;
}

/** The message text; attachment text (bot posts) or the shared files' titles when the text is empty. */
function textOf(message: SlackMessage): string {
  const text = typeof message.text === 'string' ? message.text : '';
  if (text.trim()) return text;
  const parts: string[] = [];
  for (const attachment of Array.isArray(message.attachments) ? message.attachments.filter(isRecord) : []) {
    const own = [str(attachment.pretext), str(attachment.title), str(attachment.text)].filter((part) => part !== undefined);
    const fallback = str(attachment.fallback);
    if (own.length) parts.push(own.join('\n'));
    else if (fallback) parts.push(fallback);
  }
  for (const file of Array.isArray(message.files) ? message.files.filter(isRecord) : []) {
    const title = str(file.title) ?? str(file.name);
    if (title) parts.push(`[file: ${title}]`);
  }
  return parts.join('\n');
}

/**
 * Names the file itself gives, by user id: each message's `user_profile` (real name, display name, handle), else
 * the `username` handle older exports put on a person's file posts. A day file has no users.json beside it, so
 * people the file does not name keep their id (U0BMQB6JE).
 */
function knownNames(messages: SlackMessage[]): Map<string, string> {
  const names = new Map<string, string>();
  const handles = new Map<string, string>();
  for (const message of messages) {
    const user = str(message.user);
    if (!user) continue;
    const profile = isRecord(message.user_profile) ? message.user_profile : undefined;
    const name = profile ? (str(profile.real_name) ?? str(profile.display_name) ?? str(profile.name)) : undefined;
    if (name && !names.has(user)) names.set(user, name);
    const handle = str(message.username);
    if (handle && message.subtype !== 'bot_message' && !str(message.bot_id) && !handles.has(user)) handles.set(user, handle);
  }
  for (const [user, handle] of handles) if (!names.has(user)) names.set(user, handle);
  return names;
}

export function readMessages(messages: SlackMessage[], variant: string): ParserOutput {
  const names = knownNames(messages);
  const seen = new Set<string>();
  const kept: { ts: number; author: Author; content: string }[] = [];
  let channel: string | undefined;
  for (const message of messages) {
    const ts = typeof message.ts === 'string' && TS.test(message.ts) ? message.ts : undefined;
    if (!ts || message.hidden === true) continue;
    if (typeof message.subtype === 'string' && SKIPPED_SUBTYPES.has(message.subtype)) continue;
    // A reply also sent to the channel (thread_broadcast) embeds its thread's root: the root is not a message here.
    if (seen.has(ts)) continue;
    const author = authorOf(message, names);
    const content = renderMrkdwn(textOf(message), names).trim();
    if (!author || !content) continue;
    seen.add(ts);
    channel ??= str(message.channel_name);
    kept.push({ ts: Number(ts), author, content });
  }
  if (!kept.length) {
    throw new Error(
      'There are no messages to import: the file holds only channel events (joins, leaves, topic changes) or empty posts.',
    );
  }
  // Replies live beside their parents in the day file but can carry any ts: order everything by ts.
  kept.sort((a, b) => a.ts - b.ts);
  const first = kept[0]!.ts;
  const builder = new TranscriptBuilder({ merge: false });
  const taken = new Map<string, string>();
  for (const message of kept) {
    // Two people may share a display name: keep them apart.
    let name = message.author.name;
    const owner = taken.get(name);
    if (owner === undefined) taken.set(name, message.author.key);
    else if (owner !== message.author.key) name = `${name} (${message.author.key.replace(/^(bot|name):/, '')})`;
    builder.add({
      speaker: name,
      ...(message.author.bot ? { role: 'bot' } : {}),
      content: message.content,
      timestamp: Math.round((message.ts - first) * 1000) / 1000,
    });
  }
  const date = new Date(Math.floor(first * 1000)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { transcript: builder.build({ date, ...(channel ? { title: `#${channel}` } : {}) }), variant };
}
