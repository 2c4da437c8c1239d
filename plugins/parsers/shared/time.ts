/**
 * Reads a clock time as seconds: `HH:MM:SS.mmm`, `HH:MM:SS,mmm` (SRT), `MM:SS.mmm` (hours omitted), unpadded
 * `0:0:1.5` (Teams), and whole seconds (`01:02:03`, `2:03`). Returns undefined when the text is not a time.
 */
export function parseClock(text: string): number | undefined {
  const match = /^\s*(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,9}))?\s*$/.exec(text);
  if (!match) return undefined;
  const [, hours, minutes, seconds, fraction] = match;
  const m = Number(minutes);
  const s = Number(seconds);
  if (s >= 60 || (hours !== undefined && m >= 60)) return undefined;
  const value = Number(hours ?? 0) * 3600 + m * 60 + s + (fraction ? Number(`0.${fraction}`) : 0);
  return Math.round(value * 1000) / 1000;
}

/** Formats seconds as `H:MM:SS` for messages to users. */
export function formatClock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
