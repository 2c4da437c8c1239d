import { parseClock } from '../shared/time.ts';

/**
 * Turns local wall-clock times (`15:05:17`, as Zoom's saved transcript and saved chat write them) into seconds
 * from the first one. A time more than 12 hours before the previous one means the meeting crossed midnight.
 */
export class WallClock {
  #first: number | undefined;
  #day = 0;
  #previous: number | undefined;

  offset(clock: string): number | null {
    const value = parseClock(clock);
    if (value === undefined) return null;
    if (this.#previous !== undefined && value < this.#previous - 12 * 3600) this.#day += 86_400;
    this.#previous = value;
    const absolute = value + this.#day;
    this.#first ??= absolute;
    return Math.max(0, Math.round((absolute - this.#first) * 1000) / 1000);
  }
}
