/**
 * Recall.ai's bot status codes and sub-codes in Tickscribe's five states, with the reason kept. Recall says not
 * to treat either as an enum: a code this table does not know maps to pending with reason 'unknown' (the
 * lifecycle never moves a bot backwards, so that changes nothing), a sub-code it does not know falls back to its
 * code's meaning. Sources: docs.recall.ai "Bot Webhooks" (bot.* events) and "Bot Sub Codes".
 */
import type { BotReason, BotState, BotStatus } from '../../sdk/index.ts';

/** One entry of a bot's `status_changes`, or the `data` of a bot.* webhook. */
export interface RecallStatus {
  code: string;
  sub_code?: string | null;
  /** status_changes and the legacy bot.status_change webhook. */
  created_at?: string;
  /** bot.* webhooks. */
  updated_at?: string;
}

/** Codes that say something about the bot's state. Codes listed as null are news only (another participant waits). */
const CODES: Record<string, BotStatus | null> = {
  ready: 'pending',
  joining_call: 'pending',
  in_waiting_room: 'pending',
  in_call_not_recording: 'pending',
  recording_permission_allowed: 'pending',
  recording_permission_denied: 'pending',
  in_call_recording: 'recording',
  recording_done: 'recording',
  call_ended: 'done',
  done: 'done',
  analysis_done: 'done',
  analysis_failed: 'done',
  media_expired: 'done',
  fatal: 'failed',
  participant_in_waiting_room: null,
  breakout_room_entered: null,
  breakout_room_left: null,
  breakout_room_opened: null,
  breakout_room_closed: null,
};

interface Outcome {
  status: BotStatus;
  reason?: BotReason;
  error?: string;
}

/** Why a bot left the call (call_ended sub-codes) when that changes its outcome; the rest end it as done. */
const CALL_ENDED: Record<string, Outcome> = {
  timeout_exceeded_waiting_room: { status: 'failed', reason: 'waiting_room_timeout', error: 'Nobody let the bot in from the waiting room in time.' },
  call_ended_by_platform_waiting_room_timeout: { status: 'failed', reason: 'waiting_room_timeout', error: 'Nobody let the bot in from the waiting room in time.' },
  bot_kicked_from_waiting_room: { status: 'failed', reason: 'kicked', error: 'The bot was refused entry from the waiting room.' },
  timeout_exceeded_noone_joined: { status: 'failed', reason: 'no_recording', error: 'Nobody joined the meeting, so there was nothing to record.' },
  timeout_exceeded_recording_permission_denied: { status: 'failed', reason: 'recording_denied', error: 'The host did not allow the bot to record.' },
  timeout_exceeded_in_call_not_recording: { status: 'failed', reason: 'recording_denied', error: 'The bot was in the meeting but was never allowed to record.' },
  bot_received_leave_call: { status: 'cancelled' },
  bot_kicked_from_call: { status: 'done', reason: 'kicked' },
};

/** Fatal sub-codes that mean the link leads to no meeting the bot could join; words for the common ones. */
const NO_MEETING: Record<string, string> = {
  meeting_not_found: 'The meeting link does not lead to a meeting the bot could find.',
  meeting_not_started: 'The meeting had not started, so the bot could not join it.',
  meeting_ended: 'The meeting had already ended.',
  meeting_link_expired: 'The meeting link has expired.',
  meeting_link_invalid: 'The meeting link is not valid.',
  meeting_password_incorrect: 'The meeting password is wrong: paste the whole invitation link.',
  meeting_locked: 'The meeting is locked, so the bot could not join.',
  meeting_full: 'The meeting is full, so the bot could not join.',
  meeting_requires_sign_in: 'The meeting admits only signed-in users, so the bot could not join.',
  meeting_requires_registration: 'The meeting requires registration, so the bot could not join.',
  zoom_meeting_not_accessible: 'The Zoom meeting does not let the bot in.',
  zoom_registration_required: 'The Zoom meeting requires registration, so the bot could not join.',
  microsoft_teams_event_not_started_for_external: 'The Teams meeting had not started for guests, so the bot could not join.',
};

const KICKED_FATAL: Record<string, string> = {
  google_meet_watermark_kicked: 'Google Meet removed the bot from the meeting.',
  google_meet_bot_blocked: 'Google Meet blocked the bot from joining.',
};

function outcome(status: BotStatus, code: string, subCode: string | null): Outcome {
  if (code === 'call_ended') return (subCode && CALL_ENDED[subCode]) || { status };
  if (code === 'recording_permission_denied') return { status, reason: 'recording_denied' };
  if (code !== 'fatal') return { status };
  if (subCode && NO_MEETING[subCode]) return { status, reason: 'meeting_not_found', error: NO_MEETING[subCode] };
  if (subCode && KICKED_FATAL[subCode]) return { status, reason: 'kicked', error: KICKED_FATAL[subCode] };
  return { status, reason: 'fatal', error: `The meeting bot stopped with an error${subCode ? ` (${subCode})` : ''}.` };
}

/** The code with its sub-code after a slash, as BotState.providerStatus keeps it. */
export const providerStatusOf = (status: RecallStatus) => (status.sub_code ? `${status.code}/${status.sub_code}` : status.code).slice(0, 200);

/**
 * The state one status code stands for: null for news-only codes, pending with reason 'unknown' for a code
 * this table does not know.
 */
export function stateOf(botId: string, status: RecallStatus): BotState | null {
  const code = typeof status.code === 'string' ? status.code.replace(/^bot\./, '') : '';
  const known = Object.hasOwn(CODES, code) ? CODES[code]! : undefined;
  if (known === null) return null;
  const { status: mapped, reason, error } = known === undefined ? { status: 'pending' as const, reason: 'unknown' as const, error: undefined } : outcome(known, code, status.sub_code ?? null);
  return {
    botId, status: mapped, ...(reason ? { reason } : {}), ...(error ? { error } : {}),
    ...(code ? { providerStatus: providerStatusOf({ ...status, code }) } : {}),
  };
}

const RANK: Record<BotStatus, number> = { pending: 0, recording: 1, done: 2, failed: 2, cancelled: 2 };
const FINAL = new Set<BotStatus>(['done', 'failed', 'cancelled']);

/**
 * Where a bot stands after its status changes, by the rule the lifecycle applies to webhooks: states never go
 * backwards and the first final state stays (a `done` after a waiting-room timeout does not undo the failure).
 * Codes it does not know are passed over; providerStatus is always the latest code Recall gave.
 */
export function currentState(botId: string, changes: readonly RecallStatus[]): BotState {
  let state: BotState | null = null;
  let unknown = false;
  for (const change of changes) {
    if (state && FINAL.has(state.status)) break;
    const next = stateOf(botId, change);
    unknown ||= next?.reason === 'unknown';
    if (!next || next.reason === 'unknown') continue;
    if (!state || RANK[next.status] >= RANK[state.status]) state = next;
  }
  const latest = changes.at(-1);
  const { providerStatus: _decided, ...decided } = state ?? { botId, status: 'pending' as const, ...(unknown ? { reason: 'unknown' as const } : {}) };
  return { ...decided, ...(latest && typeof latest.code === 'string' && latest.code ? { providerStatus: providerStatusOf(latest) } : {}) };
}
