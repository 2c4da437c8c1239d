/** Clock times: reading them (one scanner for every parser), formatting them, and wall-clock offsets. */

export interface ClockOptions {
  /** Accept a leading `-` and return a negative value (Graph offsets in WebVTT timing lines). Default false. */
  signed?: boolean;
  /**
   * Allow three-digit minutes when the hours are omitted (`100:05.000`), as the WebVTT reader's timing lines do.
   * Default false: `MM:SS` has one or two minute digits.
   */
  longMinutes?: boolean;
}

const POWERS_OF_TEN = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/** The characters `\s` matches in a regular expression: ASCII and Unicode white space, and the BOM. */
function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Reads a clock time as seconds: `HH:MM:SS.mmm`, `HH:MM:SS,mmm` (SRT), `MM:SS.mmm` (hours omitted), unpadded
 * `0:0:1.5` (Teams), and whole seconds (`01:02:03`, `2:03`); white space around it is ignored. Hours have one to
 * three digits, minutes and seconds one or two, the fraction one to nine; seconds must be below 60, and minutes
 * too when hours are given. Returns undefined when the text is not a time. Rounded to milliseconds.
 * A character scanner, not a regular expression: parsers call this once or twice per cue or row.
 */
export function parseClock(text: string, options?: ClockOptions): number | undefined {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  const negative = options?.signed === true && text.charCodeAt(start) === 45;
  if (negative) start++;
  // Digits, separated by one or two colons, then optionally '.' or ',' and the fraction's digits.
  let firstColon = -1;
  let secondColon = -1;
  let point = end;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) continue;
    if (code === 58 && secondColon === -1 && point === end) {
      if (firstColon === -1) firstColon = i;
      else secondColon = i;
    } else if ((code === 46 || code === 44) && point === end) {
      point = i;
    } else {
      return undefined;
    }
  }
  if (firstColon === -1) return undefined;
  const hoursGiven = secondColon !== -1;
  const minutesFrom = hoursGiven ? firstColon + 1 : start;
  const secondsFrom = (hoursGiven ? secondColon : firstColon) + 1;
  const fractionDigits = point === end ? 0 : end - point - 1;
  if (hoursGiven && !within(firstColon - start, 3)) return undefined;
  if (!within(secondsFrom - 1 - minutesFrom, !hoursGiven && options?.longMinutes ? 3 : 2)) return undefined;
  if (!within(point - secondsFrom, 2) || (point !== end && !within(fractionDigits, 9))) return undefined;
  const hours = hoursGiven ? digitsValue(text, start, firstColon) : 0;
  const minutes = digitsValue(text, minutesFrom, secondsFrom - 1);
  const seconds = digitsValue(text, secondsFrom, point);
  if (seconds >= 60 || (hoursGiven && minutes >= 60)) return undefined;
  // n / 10^k is the correctly rounded value of the decimal fraction, as Number('0.' + digits) is.
  const fraction = fractionDigits ? digitsValue(text, point + 1, end) / POWERS_OF_TEN[fractionDigits]! : 0;
  const rounded = Math.round((hours * 3600 + minutes * 60 + seconds + fraction) * 1000) / 1000;
  return negative ? -rounded : rounded;
}

function within(width: number, max: number): boolean {
  return width >= 1 && width <= max;
}

/** The number the ASCII digits of text[from, to) spell. */
function digitsValue(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + (text.charCodeAt(i) - 48);
  return value;
}

/** Formats seconds as `H:MM:SS` for messages to users. */
export function formatClock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

interface WallClockOptions {
  /** A time more than this many seconds before the previous one means the meeting crossed midnight. Default 12 hours. */
  rolloverAfter?: number;
  /** Report a time before the first one as 0 rather than as a negative offset. Default true. */
  clampNegative?: boolean;
}

/**
 * Turns the local wall-clock times of one meeting (Zoom's saved transcript and chat, Meet's chat) into seconds
 * from the first one, counting a day on for each time that jumps back past midnight.
 */
export class WallClock {
  readonly #rolloverAfter: number;
  readonly #clampNegative: boolean;
  #first: number | undefined;
  #day = 0;
  #previous: number | undefined;

  constructor(options: WallClockOptions = {}) {
    this.#rolloverAfter = options.rolloverAfter ?? 12 * 3600;
    this.#clampNegative = options.clampNegative ?? true;
  }

  /** Seconds from the first time seen, for a time given as seconds after midnight. */
  offsetOf(secondsAfterMidnight: number): number {
    if (this.#previous !== undefined && secondsAfterMidnight < this.#previous - this.#rolloverAfter) this.#day += 86_400;
    this.#previous = secondsAfterMidnight;
    const absolute = secondsAfterMidnight + this.#day;
    this.#first ??= absolute;
    const offset = Math.round((absolute - this.#first) * 1000) / 1000;
    return this.#clampNegative ? Math.max(0, offset) : offset;
  }

  /** Seconds from the first time seen, for a clock text (`15:05:17`); null when the text is not a time. */
  offset(clock: string): number | null {
    const value = parseClock(clock);
    return value === undefined ? null : this.offsetOf(value);
  }
}
