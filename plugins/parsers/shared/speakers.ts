/**
 * Speaker labels in running text: the one rule for what can be a speaker's name (`isNameLike`), `Name: text`
 * prefixes on one line (`splitSpeakerPrefix`), and the Markdown/bracket forms around them (`readSpeakerPrefix`):
 * `Name: text`, `[SPEAKER_00]: text`, `**Name:** text`, `**Name**: text`.
 */

export interface SpeakerPrefix {
  speaker: string;
  text: string;
}

/** Sentence punctuation, URLs and note words: a label with these starts a sentence, not a turn. */
const NOT_A_NAME = /https?:|www\.|[?!;]|\.\s|^(note|todo|action|update|re|fyi|ps|q|a)$/i;
/** Honorific abbreviations, whose dot is not a sentence's end (`Dr. Jane Doe`). */
const HONORIFIC = /\b(Dr|Mr|Mrs|Ms|Mx|Prof|Sr|Jr|St)\.(?=\s)/g;
/** Numbers, clock times and dates (`10:30`, `15551234567`, `2024-01-02`): never names. */
const NUMERIC_OR_TIME = /^[\d\s:.,+\-/]+$/;
const NAME_START = /^[\p{L}\p{N}[(@_"'-]/u;
const PARTICLES = new Set(['de', 'da', 'das', 'do', 'dos', 'di', 'del', 'della', 'der', 'den', 'van', 'von', 'la', 'le', 'du', 'bin', 'al', 'el', 'y', 'e', 'of', 'zu', 'ter', 'ten']);

/** Answers of isNameLike for recent labels: transcripts repeat a handful of names thousands of times. */
const nameLikeCache = new Map<string, boolean>();

/**
 * Whether `name` can be a speaker label: at most six words and 60 characters, starting with a letter, digit or
 * opening mark, without ': ', sentence punctuation (an honorific's dot is fine) or a URL, not a note word
 * (`Note`, `TODO`), and not a number or clock time.
 */
export function isNameLike(name: string): boolean {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 60) return false;
  const cached = nameLikeCache.get(name);
  if (cached !== undefined) return cached;
  const answer =
    NAME_START.test(trimmed) &&
    !trimmed.includes(': ') &&
    !NUMERIC_OR_TIME.test(trimmed) &&
    trimmed.split(/\s+/).length <= 6 &&
    !NOT_A_NAME.test(trimmed.includes('.') ? trimmed.replace(HONORIFIC, '$1') : trimmed);
  if (nameLikeCache.size >= 4096) nameLikeCache.clear();
  nameLikeCache.set(name, answer);
  return answer;
}

/**
 * Splits `Name: text` at the first ': ' (or a final ':') when the part before it is a name (isNameLike).
 * Returns undefined otherwise, so 'Here is the thing: ...' and '10:30: ...' stay text.
 */
export function splitSpeakerPrefix(line: string): SpeakerPrefix | undefined {
  const at = line.indexOf(': ');
  const end = at === -1 && line.endsWith(':') ? line.length - 1 : at;
  if (end <= 0) return undefined;
  const speaker = line.slice(0, end).trim();
  if (!isNameLike(speaker)) return undefined;
  return { speaker, text: line.slice(end + 1).trim() };
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
  return splitSpeakerPrefix(trimmed);
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
