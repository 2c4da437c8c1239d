import { MESSAGE_TRUNCATE_AT } from './texts.ts';

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

/** A confidence between 0 and 1 as a whole percent (the spec's "Screens and routes"). */
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

/** The spec's "Screens and routes": content over 200 characters is cut, with Read more / Show less. */
export function truncateMessage(content: string): { short: string; truncated: boolean } {
  if (content.length <= MESSAGE_TRUNCATE_AT) return { short: content, truncated: false };
  return { short: `${content.slice(0, MESSAGE_TRUNCATE_AT).trimEnd()}…`, truncated: true };
}
