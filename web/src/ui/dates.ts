/** Dates and times as the screens show them, in the browser's locale. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A date and time for lists; an unreadable value is shown as given. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** The day of a moment (when someone joined, say), without its time; an unreadable value is shown as given. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateOnly.format(date);
}

/** A meeting date: 'YYYY-MM-DD' values are calendar days, shown without a time zone shift. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return dateOnly.format(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  return formatDateTime(value);
}
