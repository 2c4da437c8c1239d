/**
 * An Attendee bot's state, and the event that brought it there, in Tickscribe's five states. Sources: the
 * Attendee server's `BotStates`, `BotEventTypes` and `BotEventSubTypes` (bots/models.py) as its API names them,
 * and its transitions: could_not_join and fatal_error lead to `fatal_error`; meeting_ended and left_meeting to
 * `post_processing` and then `ended` (also when the bot never got in: the meeting ended while it waited);
 * leave_requested to `leaving`. A state this table does not know maps to pending with reason 'unknown'.
 */
import type { BotReason, BotState, BotStatus } from '../../sdk/index.ts';

/** What the mapping reads: the state, the event that led to it, and what the bot's history tells. */
export interface AttendeeFacts {
  state: string;
  eventType: string | null;
  subType: string | null;
  /** The bot got into the meeting (it was, or still is, past the waiting room). */
  joined: boolean;
  /** It waited in the waiting room. */
  waited: boolean;
  /** A participant removed it or refused it entry (`event_metadata.bot_removed_by`). */
  removed: boolean;
  /** It left because the API asked it to (leave_requested / user_requested): Tickscribe's cancel. */
  userLeft: boolean;
}

const IN_PROGRESS: Record<string, BotStatus> = {
  ready: 'pending',
  scheduled: 'pending',
  staged: 'pending',
  joining: 'pending',
  waiting_room: 'pending',
  joined_not_recording: 'pending',
  joining_breakout_room: 'pending',
  leaving_breakout_room: 'pending',
  joined_recording_permission_denied: 'pending',
  joined_recording: 'recording',
  joined_recording_paused: 'recording',
};

/** States before the bot is in the meeting: an old_state among them means it never got in. */
export const BEFORE_JOINING = new Set(['ready', 'scheduled', 'staged', 'joining', 'waiting_room']);
const OVER = new Set(['leaving', 'post_processing', 'ended']);

type Outcome = { reason: BotReason; error: string };

/** could_not_join and fatal_error sub-types (BotEventSubTypes), in words. */
const FAILURES: Record<string, Outcome> = {
  waiting_room_timeout_exceeded: { reason: 'waiting_room_timeout', error: 'Nobody let the bot in from the waiting room in time.' },
  request_to_join_denied: { reason: 'kicked', error: 'The bot\'s request to join the meeting was denied.' },
  meeting_not_found: { reason: 'meeting_not_found', error: 'The meeting link does not lead to a meeting the bot could find.' },
  meeting_not_started_waiting_for_host: { reason: 'meeting_not_found', error: 'The meeting had not started: the host never arrived.' },
  unable_to_connect_to_meeting: { reason: 'meeting_not_found', error: 'The bot could not connect to the meeting: the password in the link may be wrong.' },
  login_required: { reason: 'meeting_not_found', error: 'The meeting admits only signed-in users, so the bot could not join.' },
  out_of_credits: { reason: 'fatal', error: 'The Attendee account has no credits left.' },
};

const fatal = (subType: string | null): Outcome => ({ reason: 'fatal', error: `The meeting bot stopped with an error${subType ? ` (${subType})` : ''}.` });

function over(facts: AttendeeFacts): { status: BotStatus; reason?: BotReason; error?: string } {
  if (facts.userLeft) return { status: 'cancelled' };
  if (facts.subType === 'auto_leave_could_not_enable_closed_captions') {
    return { status: 'failed', reason: 'no_recording', error: 'The bot could not turn on the meeting\'s captions, so nothing was transcribed.' };
  }
  if (!facts.joined) {
    if (facts.removed) return { status: 'failed', reason: 'kicked', error: 'The bot was refused entry to the meeting.' };
    if (facts.waited) return { status: 'failed', reason: 'waiting_room_timeout', error: 'The meeting ended before anyone let the bot in.' };
    return { status: 'failed', reason: 'no_recording', error: 'The meeting ended before the bot got in.' };
  }
  return facts.removed ? { status: 'done', reason: 'kicked' } : { status: 'done' };
}

export function attendeeState(botId: string, facts: AttendeeFacts): BotState {
  const providerStatus = (facts.subType ? `${facts.state}/${facts.subType}` : facts.state || 'unknown').slice(0, 200);
  let mapped: { status: BotStatus; reason?: BotReason; error?: string };
  if (Object.hasOwn(IN_PROGRESS, facts.state)) {
    mapped = { status: IN_PROGRESS[facts.state]!, ...(facts.state === 'joined_recording_permission_denied' ? { reason: 'recording_denied' as const } : {}) };
  } else if (facts.state === 'fatal_error') {
    mapped = { status: 'failed', ...((facts.subType && FAILURES[facts.subType]) || fatal(facts.subType)) };
  } else if (OVER.has(facts.state)) {
    mapped = over(facts);
  } else if (facts.state === 'data_deleted') {
    mapped = { status: 'failed', reason: 'no_recording', error: 'The recording was deleted at Attendee.' };
  } else {
    mapped = { status: 'pending', reason: 'unknown' };
  }
  return { botId, ...mapped, providerStatus };
}

/** One entry of a bot's `events`, as Get Bot returns them. */
export interface AttendeeBotEvent {
  type?: string;
  sub_type?: string | null;
}

/** The facts of a bot as Get Bot returns it: its state, its last event, and its history of events. */
export function factsOfBot(bot: { state?: unknown; events?: AttendeeBotEvent[] }): AttendeeFacts {
  const events = Array.isArray(bot.events) ? bot.events : [];
  const last = events.at(-1);
  const happened = (type: string, subType?: string) => events.some((event) => event.type === type && (subType === undefined || event.sub_type === subType));
  return {
    state: typeof bot.state === 'string' ? bot.state : '',
    eventType: last?.type ?? null,
    subType: last?.sub_type ?? null,
    joined: happened('joined_meeting'),
    waited: happened('put_in_waiting_room'),
    removed: false,
    userLeft: happened('leave_requested', 'user_requested'),
  };
}
