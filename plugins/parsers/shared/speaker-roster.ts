/**
 * `Name: text` prefixes in caption payloads (Zoom cues, generic VTT/SRT), judged against the whole file: a prefix
 * that occurs on several cues is a speaker even when the name rule of `splitSpeakerPrefix` would refuse it (dial-in
 * numbers like `15551234567`, labels of seven or eight words), and a one-off prefix is accepted only when it reads
 * like a name. So `Great. So here's the thing: ...` stays text.
 */
import { splitSpeakerPrefix } from './speakers.ts';
import { squash } from './text.ts';

export interface PrefixSplit {
  speaker: string;
  text: string;
  /** Whether `splitSpeakerPrefix` (the name rule, isNameLike) accepts the prefix too. */
  strict: boolean;
}

/** Splits at the first ': ' (or a final ':') when the part before it is short enough to be a display name. */
export function prefixCandidate(line: string): PrefixSplit | undefined {
  const at = line.indexOf(': ');
  const end = at === -1 && line.endsWith(':') ? line.length - 1 : at;
  if (end <= 0 || end > 80) return undefined;
  const speaker = squash(line.slice(0, end));
  if (!speaker || /https?:|www\.|^[-–—•*>]/i.test(speaker) || speaker.split(' ').length > 8) return undefined;
  return { speaker, text: line.slice(end + 1).trim(), strict: splitSpeakerPrefix(line) !== undefined };
}

/** Counts candidate prefixes over a file, then decides which ones are speakers. */
export class SpeakerRoster {
  readonly #counts = new Map<string, number>();

  /** Records a candidate; returns it for convenience. */
  see(candidate: PrefixSplit | undefined): PrefixSplit | undefined {
    if (candidate) this.#counts.set(candidate.speaker, (this.#counts.get(candidate.speaker) ?? 0) + 1);
    return candidate;
  }

  count(speaker: string): number {
    return this.#counts.get(speaker) ?? 0;
  }

  /** A prefix seen at least `minCount` times is a speaker; a rarer one only when `allowStrict` and it reads like a name. */
  accepts(candidate: PrefixSplit | undefined, options: { minCount?: number; allowStrict: boolean }): candidate is PrefixSplit {
    if (!candidate) return false;
    if (this.count(candidate.speaker) >= (options.minCount ?? 2)) return true;
    return options.allowStrict && candidate.strict;
  }
}
