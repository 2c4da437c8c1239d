/**
 * Due dates with chrono-node. Relative phrases ("by Friday", "next week", "tomorrow", "end of the month") are
 * resolved against the meeting date; without one only absolute dates ("2026-04-01", "April 3rd 2026") are kept.
 * Times of day, "now", "in ten minutes" and dates before the meeting are not due dates.
 */
import * as chrono from 'chrono-node/en';

/** Cheap pre-check so chrono only runs on text that may hold a date. */
const MAYBE_DATE =
  /\b(?:today|tonight|tomorrow|yesterday|week|weeks|month|months|year|eod|eow|cob|day|days|mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|may|june|july|august|september|october|november|december|\d{1,4}(?:st|nd|rd|th)?)\b/i;
const NOT_A_DUE_DATE = /^(?:now|right now|just now|a (?:second|sec|minute|moment))$|\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b/i;
const BARE_MONTH =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december)\.?$/i;
const MONTH_LEAD = /\b(?:by|in|until|till|before|end of|due)\s+(?:the\s+)?$/i;

const DAY_MS = 86_400_000;

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function fromUtc(time: number): string {
  const d = new Date(time);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** Noon UTC of an ISO date or date-time's calendar day; null when it is not one. */
function referenceInstant(meetingDate: string | undefined): Date | null {
  const match = meetingDate && /^(\d{4})-(\d{2})-(\d{2})/.exec(meetingDate);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return Number.isNaN(time) ? null : new Date(time);
}

export interface DueDate {
  /** YYYY-MM-DD. */
  date: string;
  /** The words that named it, as in the text ("Friday", "end of the month"). */
  text: string;
}

/** Phrases chrono gets wrong or does not know, resolved by hand. */
function customDate(text: string, ref: Date): DueDate | null {
  const weekday = ref.getUTCDay(); // 0 Sunday … 6 Saturday
  const toFriday = (5 - weekday + 7) % 7;
  const rules: [RegExp, number][] = [
    [/\bend of (?:the |this )?(?:work ?)?week\b|\beow\b/i, toFriday],
    [/\bend of next week\b/i, toFriday + 7],
    [/\b(?:end of (?:the )?day|eod|cob|close of business)\b/i, 0],
  ];
  for (const [pattern, days] of rules) {
    const match = pattern.exec(text);
    if (match) return { date: fromUtc(ref.getTime() + days * DAY_MS), text: match[0] };
  }
  return null;
}

type Found = DueDate;

/**
 * chrono's English parsers less those of times of day ("at 3pm", "this morning"), which never give a due date here
 * (a time beside a day still leaves the day, without the time in its words) and cost the most per sentence.
 */
const NOT_DUE_DATE_PARSERS = new Set(['ENTimeExpressionParser', 'ENCasualTimeParser']);
const parser = (() => {
  const custom = chrono.casual.clone();
  custom.parsers = custom.parsers.filter((candidate) => !NOT_DUE_DATE_PARSERS.has(candidate.constructor.name));
  return custom;
})();

function parseWith(text: string, ref: Date): Found[] {
  const found: Found[] = [];
  for (const result of parser.parse(text, { instant: ref, timezone: 0 }, { forwardDate: true })) {
    const phrase = result.text.trim().replace(/[\s,.;:!?]+$/, '');
    if (NOT_A_DUE_DATE.test(phrase)) continue;
    const start = result.start;
    const dated = start.isCertain('day') || start.isCertain('weekday') || start.isCertain('month');
    if (!dated && !/\b(?:week|month|year|today|tomorrow)\b/i.test(phrase)) continue;
    if (BARE_MONTH.test(phrase) && !MONTH_LEAD.test(text.slice(0, result.index))) continue;
    const year = start.get('year');
    const month = start.get('month');
    const day = start.get('day');
    if (year === null || month === null || day === null) continue;
    found.push({ date: isoDate(year, month, day), text: phrase });
  }
  return found;
}

/**
 * The due date a text names, or null. With a meeting date, relative phrases are resolved against it and dates
 * before the meeting are ignored; without one, only dates that need no reference are kept.
 */
export function findDueDate(text: string, meetingDate: string | undefined): DueDate | null {
  if (!MAYBE_DATE.test(text)) return null;
  const ref = referenceInstant(meetingDate);
  if (ref) {
    const custom = customDate(text, ref);
    if (custom) return custom;
    const meetingDay = fromUtc(ref.getTime());
    return parseWith(text, ref).find((f) => f.date >= meetingDay) ?? null;
  }
  // No meeting date: a date is absolute when two far-apart references resolve it the same way (most sentences give
  // nothing at the first, and need no second).
  const early = parseWith(text, new Date(Date.UTC(2001, 0, 3, 12)));
  if (!early.length) return null;
  const late = parseWith(text, new Date(Date.UTC(2037, 6, 15, 12)));
  return early.find((f) => late.some((g) => g.text === f.text && g.date === f.date)) ?? null;
}
