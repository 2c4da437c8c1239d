/**
 * Reading a Slack export file: a channel's day file, one message object or a conversations.history /
 * conversations.replies response are read as messages (messages.ts); the export's other lists are refused with a
 * hint to upload a day file.
 */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { isRecord, parseJsonText } from '../shared/parse-json.ts';
import { readMessages } from './messages.ts';

const DAY_FILE_HINT = "upload one channel's day file instead (a file like general/2024-05-01.json from the export's channel folders)";

const NOT_A_CONVERSATION: Record<string, string> = {
  users: `This is the member list of a Slack export (users.json), not a conversation: ${DAY_FILE_HINT}.`,
  channels: `This is the channel list of a Slack export (channels.json), not a conversation: ${DAY_FILE_HINT}.`,
  'integration-logs': `This is the integration log of a Slack export (integration_logs.json), not a conversation: ${DAY_FILE_HINT}.`,
};

const hasTs = (value: unknown): boolean => isRecord(value) && typeof value.ts === 'string' && /^\d{9,10}(\.\d+)?$/.test(value.ts);

/** Which export list an array is, judged from its first entries. */
function listKind(items: Record<string, unknown>[]): string | undefined {
  const sample = items.slice(0, 10);
  const all = (test: (item: Record<string, unknown>) => boolean) => sample.length > 0 && sample.every(test);
  if (all((i) => 'service_type' in i || 'change_type' in i)) return 'integration-logs';
  if (all((i) => typeof i.id === 'string' && /^[UW]/.test(i.id) && (isRecord(i.profile) || 'real_name' in i))) return 'users';
  if (all((i) => typeof i.id === 'string' && /^[CGD]/.test(i.id) && ('members' in i || 'is_general' in i || 'purpose' in i || 'is_im' in i))) {
    return 'channels';
  }
  return undefined;
}

export function parseSlack(input: ParserInput): ParserOutput {
  const { value } = parseJsonText(input.text);
  if (Array.isArray(value)) {
    const items = value.filter(isRecord);
    if (!items.length) throw new Error('The file holds an empty list: there are no messages to import.');
    if (items.some(hasTs)) return readMessages(items, 'channel-day');
    const kind = listKind(items);
    if (kind) throw new Error(NOT_A_CONVERSATION[kind]);
  } else if (isRecord(value)) {
    if (hasTs(value)) return readMessages([value], 'message');
    if (Array.isArray(value.messages) && value.messages.some(hasTs)) return readMessages(value.messages.filter(isRecord), 'api-history');
  }
  throw new Error(`This is not a Slack channel export: expected a JSON array of messages with ts, user and text; ${DAY_FILE_HINT}.`);
}
