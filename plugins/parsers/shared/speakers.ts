/**
 * Speaker prefixes in running text: `Name: text`, `[SPEAKER_00]: text`, `**Name:** text`, `**Name**: text`.
 * Built on splitSpeakerPrefix (text.ts), with two local additions: honorifics such as `Dr. Smith` are names
 * (splitSpeakerPrefix rejects any '. ' as sentence punctuation), and clock times (`10:30`) are never names.
 */
import { splitSpeakerPrefix } from './text.ts';

export interface SpeakerPrefix {
  speaker: string;
  text: string;
}

const HONORIFIC = /\b(Dr|Mr|Mrs|Ms|Mx|Prof|Sr|Jr|St)\.(?=\s)/g;
const NUMERIC_OR_TIME = /^[\d\s:.,+\-/]+$/;
const PARTICLES = new Set(['de', 'da', 'das', 'do', 'dos', 'di', 'del', 'della', 'der', 'den', 'van', 'von', 'la', 'le', 'du', 'bin', 'al', 'el', 'y', 'e', 'of', 'zu', 'ter', 'ten']);

/** Answers of isNameLike for recent labels: transcripts repeat a handful of names thousands of times. */
const nameLikeCache = new Map<string, boolean>();

/** Whether `name` can be a speaker label: at most six words and 60 characters, no sentence punctuation, not a time. */
export function isNameLike(name: string): boolean {
  const cached = nameLikeCache.get(name);
  if (cached !== undefined) return cached;
  const trimmed = name.trim();
  let answer = false;
  if (trimmed && trimmed.length <= 60 && !NUMERIC_OR_TIME.test(trimmed)) {
    const probe = trimmed.replace(HONORIFIC, '$1');
    answer = splitSpeakerPrefix(`${probe}: x`)?.speaker === probe;
  }
  if (nameLikeCache.size >= 4096) nameLikeCache.clear();
  nameLikeCache.set(name, answer);
  return answer;
}

/**
 * Whether `name` reads like a proper name or label (`Alice`, `Tom Sweeney (Red Hat)`, `SPEAKER_00`, `田中`), as
 * opposed to the start of a sentence (`Here is the thing`). Used to accept a label that occurs only once.
 */
export function isProperName(name: string): boolean {
  const words = name.trim().split(/\s+/);
  if (!words.length || !words[0]) return false;
  if (!/^[\p{Lu}\p{Lt}\p{Lo}\p{N}[(@"'_]/u.test(words[0])) return false;
  return words.every((word) => /^[\p{Lu}\p{Lt}\p{Lo}\p{N}[(@"'_&|/-]/u.test(word) || PARTICLES.has(word.toLowerCase()));
}

/** Removes Markdown emphasis wrapped around a whole label: `**Emma**`, `__Emma__`, `*Emma*`. */
export function stripEmphasis(text: string): string {
  return text.replace(/^(\*\*|__|\*|_)(.+)\1$/, '$2').trim();
}

/**
 * Reads a speaker prefix at the start of a line. The caller decides whether to accept a label that reads like a
 * name but occurs only once (see `acceptLabel`).
 */
export function readSpeakerPrefix(line: string): SpeakerPrefix | undefined {
  if (!line.includes(':')) return undefined;
  const trimmed = line.trim();
  if (!trimmed) return undefined;
  // **Name:** text  |  **Name**: text  |  __Name__: text
  const bold = /^(\*\*|__)([^*_\n]{1,80}?)(?::\1|\1\s*:)(?:\s+(.*))?$/.exec(trimmed);
  if (bold) {
    const speaker = bold[2]!.trim();
    return isNameLike(speaker) ? { speaker, text: (bold[3] ?? '').trim() } : undefined;
  }
  // [SPEAKER_00]: text  |  [Alba]: text
  const bracket = /^\[([^\]\n]{1,60})\]\s*:\s*(.*)$/.exec(trimmed);
  if (bracket) {
    const speaker = bracket[1]!.trim();
    return isNameLike(speaker) ? { speaker, text: bracket[2]!.trim() } : undefined;
  }
  const at = trimmed.indexOf(': ');
  const end = at === -1 && trimmed.endsWith(':') ? trimmed.length - 1 : at;
  if (end <= 0) return undefined;
  const speaker = trimmed.slice(0, end).trim();
  if (!isNameLike(speaker)) return undefined;
  return { speaker, text: trimmed.slice(end + 1).trim() };
}

/**
 * Accepts a label as a speaker when it occurs at least twice as a prefix in the file, or reads like a proper
 * name. `counts` holds how often each label occurs as a prefix.
 */
export function acceptLabel(speaker: string, counts: ReadonlyMap<string, number>): boolean {
  return (counts.get(speaker) ?? 0) >= 2 || isProperName(speaker);
}

/** Speaker labels such as `SPEAKER_00` that diarisation tools (WhisperX, pyannote) emit. */
export function isDiarizationLabel(speaker: string): boolean {
  return /^SPEAKER_\d+$/i.test(speaker);
}
