import { ApiError } from '../api/client.ts';
import { MESSAGE_TRUNCATE_AT } from './texts.ts';

/** The server's own error text, else the screen's fallback (spec section 8: red banners). */
export function failureText(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.serverText : undefined) ?? fallback;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A date and time for lists; an unreadable value is shown as given. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** A meeting date: 'YYYY-MM-DD' values are calendar days, shown without a time zone shift. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return dateOnly.format(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  return formatDateTime(value);
}

/** A duration in seconds as '1h 5m', '12m 30s' or '45s'. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return rest > 0 ? `${minutes}m ${rest}s` : `${minutes}m`;
  return `${rest}s`;
}

/** A confidence between 0 and 1 as a whole percent (spec section 2). */
export function formatConfidence(confidence: number): string {
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
}

/** A message timestamp: seconds from the start as m:ss / h:mm:ss, or a date-time string as a time of day. */
export function formatTimestamp(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const seconds = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value) ? Number(value) : null;
  if (seconds !== null) {
    const total = Math.floor(seconds);
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const secs = String(total % 60).padStart(2, '0');
    return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
  }
  return String(value);
}

/** Spec section 2: content over 200 characters is cut, with Read more / Show less. */
export function truncateMessage(content: string): { short: string; truncated: boolean } {
  if (content.length <= MESSAGE_TRUNCATE_AT) return { short: content, truncated: false };
  return { short: `${content.slice(0, MESSAGE_TRUNCATE_AT).trimEnd()}…`, truncated: true };
}
