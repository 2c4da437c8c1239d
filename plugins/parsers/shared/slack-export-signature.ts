/**
 * Recognises the files of a Slack workspace export from a cheap look at the start and end of the text (no JSON
 * parse): a channel's day file (array of messages), one message object, or the export's lists (users.json,
 * channels.json / groups.json / dms.json / mpims.json, integration_logs.json), which hold no conversation.
 * Shared by the Slack parser (which reads or refuses them) and the generic JSON parser (which leaves them alone).
 */

type SlackExportFile = 'messages' | 'message' | 'users' | 'channels' | 'integration-logs';

const WINDOW = 16_384;
/** Slack's message timestamp: a string of epoch seconds with six decimals. */
const TS = /"ts"\s*:\s*"\d{9,10}\.\d{6}"/;
const MESSAGE_FIELD = /"type"\s*:\s*"message"|"user"\s*:\s*"[UWB][A-Z0-9]{2,}"|"subtype"\s*:\s*"|"bot_id"\s*:\s*"|"thread_ts"\s*:/;
const USER_ID = /"id"\s*:\s*"[UW][A-Z0-9]{2,}"/;
const USERS = /"team_id"\s*:\s*"|"tz_offset"\s*:|"is_bot"\s*:|"real_name"\s*:/;
const CHANNEL_ID = /"id"\s*:\s*"[CGD][A-Z0-9]{2,}"/;
const CHANNELS = /"is_general"\s*:|"is_archived"\s*:|"members"\s*:\s*\[|"purpose"\s*:\s*\{/;
const INTEGRATION_LOGS = /"service_type"\s*:|"change_type"\s*:|"service_id"\s*:/;

/** Which Slack export file the text is, or undefined when it is not one. Never throws; O(32 KB). */
export function slackExportFile(text: string): SlackExportFile | undefined {
  const head = text.slice(0, WINDOW);
  const start = /^\uFEFF?\s*([[{])\s*(.)/s.exec(head);
  if (!start) return undefined;
  const sample = text.length <= 2 * WINDOW ? text : `${head}\n${text.slice(-WINDOW)}`;
  if (start[1] === '{') return TS.test(sample) && MESSAGE_FIELD.test(sample) ? 'message' : undefined;
  if (start[2] !== '{') return undefined;
  if (TS.test(sample)) return 'messages';
  if (INTEGRATION_LOGS.test(sample) && /"user_id"\s*:|"user_name"\s*:/.test(sample)) return 'integration-logs';
  if (USER_ID.test(sample) && USERS.test(sample) && /"profile"\s*:\s*\{|"real_name"\s*:/.test(sample)) return 'users';
  if (CHANNEL_ID.test(sample) && CHANNELS.test(sample)) return 'channels';
  return undefined;
}
