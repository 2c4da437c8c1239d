/**
 * How much of a meeting Tickscribe reads, so that the worst 1 MB file of any format is read in bounded memory and
 * time. The host refuses a transcript past these limits, in these words, from any parser or bot; a parser may
 * throw `TranscriptLimitError` as soon as it knows (the built-ins do), and the host gives its message as it is
 * and tries no other parser.
 */
export const TRANSCRIPT_LIMITS = {
  /** Messages per transcript: a ten-hour meeting with a turn every two seconds has 18,000. */
  messages: 25_000,
  /** Speakers per transcript. */
  participants: 1_000,
  /** Characters per message: a longer one is split at a space into messages of the same speaker (no words lost). */
  messageCharacters: 10_000,
} as const;

/** A transcript past TRANSCRIPT_LIMITS; its message is for the person who uploaded the file. */
export class TranscriptLimitError extends Error {
  override name = 'TranscriptLimitError';
}

const count = (n: number) => n.toLocaleString('en-US');

/** The refusal of a transcript with more messages than TRANSCRIPT_LIMITS.messages. */
export function tooManyMessages(): TranscriptLimitError {
  const max = count(TRANSCRIPT_LIMITS.messages);
  return new TranscriptLimitError(`This transcript has more than ${max} messages; Tickscribe reads at most ${max} per meeting. Split it and upload the parts.`);
}

/** The refusal of a transcript with more speakers than TRANSCRIPT_LIMITS.participants. */
export function tooManyParticipants(): TranscriptLimitError {
  const max = count(TRANSCRIPT_LIMITS.participants);
  return new TranscriptLimitError(
    `This transcript names more than ${max} speakers; Tickscribe reads at most ${max} per meeting. Check that its speaker labels or speaker column hold names, or split it and upload the parts.`,
  );
}

/** Where a piece of text may end: after white space, or after a CJK sentence or clause mark (CJK uses no spaces). */
const BREAK_AFTER = /[\s\u3001\u3002\uff01\uff0c\uff1f]/;

/**
 * `content` in pieces of at most `max` characters, each ending at the last white space or CJK punctuation before
 * the limit (anywhere else, never inside a surrogate pair, when there is none), trimmed; no word is lost and the
 * order is kept.
 */
export function splitLongText(content: string, max: number = TRANSCRIPT_LIMITS.messageCharacters): string[] {
  if (content.length <= max) return [content];
  const pieces: string[] = [];
  let rest = content;
  while (rest.length > max) {
    let cut = max;
    while (cut > max / 2 && !BREAK_AFTER.test(rest[cut - 1]!)) cut--;
    if (cut <= max / 2) cut = max - (/[\ud800-\udbff]/.test(rest[max - 1]!) ? 1 : 0);
    const piece = rest.slice(0, cut).trim();
    if (piece) pieces.push(piece);
    rest = rest.slice(cut).trimStart();
  }
  if (rest.trim()) pieces.push(rest.trim());
  return pieces;
}
