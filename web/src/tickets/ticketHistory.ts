import type { Schema } from '../api/schema.ts';
import { formatDate } from '../ui/dates.ts';
import { ticketTexts } from './texts.ts';

export type TicketEvent = Schema<'TicketEvent'>;
export type TicketEventPage = Schema<'TicketEventList'>;
type EventOf<K extends TicketEvent['kind']> = Extract<TicketEvent, { kind: K }>;
type Change = EventOf<'edited'>['data']['changes'][number];
type ChangeValue = Change['before'];

/** The history asks for this many events at a time; Show more asks for the next page. */
export const HISTORY_PAGE_SIZE = 10;

export const historyTexts = {
  heading: 'History', showMore: 'Show more', loadingMore: 'Loading...', empty: 'Nothing has happened to this ticket yet.',
  loadFailed: 'Failed to load the history', loadMoreFailed: 'Failed to load more of the history',
  /** Who did it, when their account is gone; an empty value; a failed push without the tracker's words. */
  someone: 'Someone', none: 'none', failedWithoutWords: 'no reason given',
} as const;

/** What each edited field is called in a sentence. */
const FIELD_NAMES: Record<Change['field'], string> = {
  title: 'title', description: 'description', context: 'context', implementation: 'implementation', notes: 'notes',
  project: 'project', status: 'status', priority: 'priority', effort: 'effort', assignee: 'assignee', tags: 'tags',
  dueDate: 'due date', dependencies: 'dependencies', transcript: 'meeting',
};

/** Fields whose values are paragraphs: the history says they changed, the ticket shows what they say now. */
const LONG_FIELDS: ReadonlySet<Change['field']> = new Set(['description', 'context', 'implementation', 'notes']);

/** Seconds from a meeting's start as a clock reads it: 12:04, or 1:02:09 past an hour. */
export function meetingTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** A field's value in words: status, priority and effort as the app names them, a day as a date, none for nothing. */
function valueText(field: Change['field'], value: ChangeValue): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return historyTexts.none;
  if (Array.isArray(value)) return value.join(', ');
  if (field === 'status') return ticketTexts.status[value as keyof typeof ticketTexts.status] ?? value;
  if (field === 'priority') return ticketTexts.priority[value as keyof typeof ticketTexts.priority] ?? value;
  if (field === 'effort') return ticketTexts.effort[value as keyof typeof ticketTexts.effort] ?? value;
  if (field === 'dueDate') return formatDate(value);
  if (field === 'title' || field === 'transcript') return `“${value}”`;
  return value;
}

/** One change in words: "priority from Medium to High", "the description", "added 1 dependency". */
function changeText(change: Change): string {
  const name = FIELD_NAMES[change.field];
  if (LONG_FIELDS.has(change.field)) return `the ${name}`;
  if (change.field === 'dependencies') {
    const before = new Set(Array.isArray(change.before) ? change.before : []);
    const after = new Set(Array.isArray(change.after) ? change.after : []);
    const added = [...after].filter((id) => !before.has(id)).length;
    const removed = [...before].filter((id) => !after.has(id)).length;
    const count = (n: number) => `${n} ${n === 1 ? 'dependency' : 'dependencies'}`;
    return [added ? `added ${count(added)}` : '', removed ? `removed ${count(removed)}` : ''].filter(Boolean).join(' and ') || 'dependencies';
  }
  return `${name} from ${valueText(change.field, change.before)} to ${valueText(change.field, change.after)}`;
}

type StatusData = EventOf<'status'>['data'];
const statusName = (status: StatusData['status']) => ticketTexts.status[status] ?? status;

/** How a status reached the ticket, in words: "by webhook", "by Tickscribe's regular check". */
const SOURCE_WORDS: Record<StatusData['source'], string> = { webhook: 'by webhook', poll: "by Tickscribe's regular check", tickscribe: 'from Tickscribe' };

/** What happened to the item, in words: "Closed on GitHub (#42)", "Reopened on GitHub (#42)". */
function itemChange(data: StatusData): string {
  const where = `${data.trackerName}${data.key ? ` (${data.key})` : ''}`;
  if (data.status === 'Done') return `Closed on ${where}`;
  if (data.previous === 'Done') return `Reopened on ${where}`;
  return `Set to ${statusName(data.status)} on ${where}`;
}

/** A moment before `now` as people say it: just now, 2 minutes ago, 3 hours ago, 5 days ago; a date past a month. */
export function timeAgo(at: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (Number.isNaN(seconds)) return at;
  const units: [number, string][] = [[86_400, 'day'], [3_600, 'hour'], [60, 'minute']];
  if (seconds < 60) return 'just now';
  if (seconds >= 30 * 86_400) return `on ${formatDate(at)}`;
  const [size, unit] = units.find(([length]) => seconds >= length)!;
  const count = Math.floor(seconds / size);
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * Where the ticket's status came from, for the ticket page: "Closed on GitHub (#42), by webhook, 2 minutes ago", or
 * for a status set here "To Do sent to GitHub (#42) from Tickscribe, just now".
 */
export function statusOriginText(event: EventOf<'status'>, now: number): string {
  const { data } = event;
  const what = data.source === 'tickscribe'
    ? `${statusName(data.status)} sent to ${data.trackerName}${data.key ? ` (${data.key})` : ''}`
    : `${itemChange(data)}, ${SOURCE_WORDS[data.source]}`;
  return `${what}, ${timeAgo(event.at, now)}`;
}

/** The tracker's name for an item: its key (#42, PROJ-7), else its id. */
const itemName = (data: EventOf<'pushed'>['data']) => data.key ?? data.externalId ?? 'an item';

/**
 * An event as one line in words, e.g. "Extracted from “Sprint planning” by openai gpt-4o-mini · 12:04 in the
 * meeting", "Grace Hopper changed priority from Medium to High, due date from none to Dec 4, 2026", "Pushed to
 * GitHub as #42", "Push to Jira failed: …".
 */
export function eventText(event: TicketEvent): string {
  const who = event.actor?.name ?? historyTexts.someone;
  switch (event.kind) {
    case 'extracted': {
      const { data } = event;
      const meeting = data.transcriptTitle ? `“${data.transcriptTitle}”` : 'a meeting';
      const bot = data.source === 'bot' ? ` (${data.botProvider ?? 'meeting'} bot)` : '';
      const by = [data.extractor, data.model].filter(Boolean).join(' ');
      const at = data.quoteAt !== null ? ` · ${meetingTime(data.quoteAt)} in the meeting` : '';
      return `Extracted from ${meeting}${bot}${by ? ` by ${by}` : ''}${at}`;
    }
    case 'created':
      return `${who} created this ticket${event.data.transcriptTitle ? ` for “${event.data.transcriptTitle}”` : ''}`;
    case 'edited': {
      const because = event.data.because;
      const meeting = because?.transcriptTitle ? ` (said done in “${because.transcriptTitle}”)` : because ? ' (said done in a meeting)' : '';
      return `${who} changed ${event.data.changes.map(changeText).join(', ')}${meeting}`;
    }
    case 'pushed': {
      const { data } = event;
      if (data.result === 'failed') return `Push to ${data.trackerName} failed: ${data.error ?? historyTexts.failedWithoutWords}`;
      if (data.result === 'updated') return `Updated ${itemName(data)} on ${data.trackerName}`;
      if (data.result === 'found') return `Pushed to ${data.trackerName} as ${itemName(data)} (found the item an earlier attempt made)`;
      return `Pushed to ${data.trackerName} as ${itemName(data)}`;
    }
    case 'merged': {
      const { data } = event;
      const meeting = data.transcriptTitle ? `“${data.transcriptTitle}”` : 'a later meeting';
      const applied = data.changes.length ? `, and changed ${data.changes.map((change) => changeText(change)).join(', ')}` : '';
      return `${who} merged “${data.mergedTitle}” from ${meeting} into this ticket${applied}`;
    }
    case 'linked': {
      const { data } = event;
      return data.commented
        ? `${who} linked this ticket to ${data.key} on ${data.trackerName}, which was already there, and commented on it with the meeting's words`
        : `${who} linked this ticket to ${data.key} on ${data.trackerName}, which was already there`;
    }
    case 'status': {
      const { data } = event;
      if (data.source === 'tickscribe') return `Status ${statusName(data.status)} reached ${data.trackerName}${data.key ? ` (${data.key})` : ''}`;
      return `${itemChange(data)}, ${SOURCE_WORDS[data.source]}: status from ${statusName(data.previous)} to ${statusName(data.status)}`;
    }
  }
}

/** What an entry shows under its line: the quote of an extraction, the tokens it used; null when nothing. */
export function eventDetail(event: TicketEvent): string | null {
  if (event.kind === 'merged') return event.data.quote ? `“${event.data.quote}”` : null;
  if (event.kind === 'edited') return event.data.because?.quote ? `“${event.data.because.quote}”` : null;
  if (event.kind !== 'extracted') return null;
  const { quote, tokens, ticketsFromMeeting } = event.data;
  const used = tokens && tokens.input + tokens.output > 0
    ? `${(tokens.input + tokens.output).toLocaleString()} tokens for the meeting${ticketsFromMeeting ? `'s ${ticketsFromMeeting} ${ticketsFromMeeting === 1 ? 'ticket' : 'tickets'}` : ''}`
    : null;
  return [quote ? `“${quote}”` : null, used].filter(Boolean).join(' · ') || null;
}

/** The events of the pages loaded so far, newest first; an event that moved to the next page meanwhile shown once. */
export function eventsOf(pages: readonly TicketEventPage[]): TicketEvent[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.events).filter((event) => !seen.has(event.id) && Boolean(seen.add(event.id)));
}

/** The offset of the page after `page`, or undefined when there is no more. */
export const nextEventsOffset = (page: TicketEventPage) => (page.pagination.hasMore ? page.pagination.offset + page.events.length : undefined);
