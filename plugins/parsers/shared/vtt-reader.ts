/**
 * A tolerant WebVTT block reader shared by the WebVTT, Zoom and Teams parsers. It follows the W3C layout (header,
 * NOTE/STYLE/REGION blocks, optional cue identifiers, timing line, payload) but keys on the timing line rather
 * than on blank lines alone, so files seen in the wild still read: a missing blank line between cues, unpadded
 * Teams times (`0:0:1.5`), comma decimals, hours omitted, negative Graph offsets, `NOTE Confidence:` lines that
 * leaked into the previous cue, files without the `WEBVTT` header, no final newline. Pure and linear in the input.
 */
import { decodeEntities, displayName, splitLines, squash, stripMarkup } from './text.ts';
import { type ClockOptions, parseClock } from './time.ts';

export interface VttCue {
  /** The identifier line, when the cue has one. */
  id?: string;
  /** Seconds; negative when the source says so (Graph offsets), the caller clamps. */
  start: number;
  end: number;
  /** Cue settings after the end time (`align:start position:0%`), or ''. */
  settings: string;
  /** Payload lines as in the file (markup and entities untouched). */
  lines: string[];
  /** Text of the NOTE blocks between the previous cue and this one (without the word NOTE), in order. */
  notes: string[];
  /** 1-based line number of the timing line, for messages to users. */
  lineNumber: number;
}

interface VttDocument {
  /** Whether the first non-blank line is `WEBVTT` (optionally followed by a space or tab and free text). */
  hasHeader: boolean;
  /** Free text after `WEBVTT` on the first line. */
  headerText: string;
  /** Metadata lines between the `WEBVTT` line and the first blank line (`Kind: captions`, `Region: ...`). */
  headerLines: string[];
  /** Cues in file order. */
  cues: VttCue[];
  /** Every NOTE block in file order (text after the word NOTE, trimmed). */
  notes: string[];
}

const CLOCK = String.raw`-?\d{1,3}(?::\d{1,2}){1,2}(?:[.,]\d{1,9})?`;
const TIMING = new RegExp(String.raw`^[ \t]*(${CLOCK})[ \t]*-->[ \t]*(${CLOCK})(?:[ \t]+(.*?))?[ \t]*$`);
const HEADER = /^WEBVTT(?:[ \t]|$)/;
const NOTE = /^NOTE(?:[ \t]|$)/;
const STYLE_OR_REGION = /^(?:STYLE|REGION)[ \t]*$/;
const LEAKED_CONFIDENCE = /^NOTE[ \t]+Confidence:/i;

/** Timing-line clocks: negative Graph offsets, and minutes past 99 when the hours are left out. */
const CUE_CLOCK: ClockOptions = { signed: true, longMinutes: true };

/** The start, end and settings of a timing line (`00:01.000 --> 00:02.000 align:start`), or undefined. */
function matchTiming(line: string): { start: number; end: number; settings: string } | undefined {
  if (!line.includes('-->')) return undefined;
  const match = TIMING.exec(line);
  if (!match) return undefined;
  const start = parseClock(match[1]!, CUE_CLOCK);
  const end = parseClock(match[2]!, CUE_CLOCK);
  if (start === undefined || end === undefined) return undefined;
  return { start, end, settings: match[3] ?? '' };
}

function isBlank(line: string): boolean {
  return line.length === 0 || !/\S/.test(line);
}

export function readVtt(text: string): VttDocument {
  const lines = splitLines(text);
  const n = lines.length;
  let i = 0;
  while (i < n && isBlank(lines[i]!)) i++;
  const doc: VttDocument = { hasHeader: false, headerText: '', headerLines: [], cues: [], notes: [] };
  const first = (lines[i] ?? '').replace(/^\uFEFF/, '');
  if (HEADER.test(first)) {
    doc.hasHeader = true;
    doc.headerText = first.slice(6).trim();
    i++;
    while (i < n && !isBlank(lines[i]!) && !matchTiming(lines[i]!)) doc.headerLines.push(lines[i++]!);
  }
  let pendingNotes: string[] = [];
  const addNote = (note: string) => {
    pendingNotes.push(note);
    doc.notes.push(note);
  };
  while (i < n) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    if (NOTE.test(line)) {
      const block = [line.slice(4)];
      i++;
      while (i < n && !isBlank(lines[i]!) && !matchTiming(lines[i]!)) block.push(lines[i++]!);
      addNote(block.join('\n').trim());
      continue;
    }
    if (STYLE_OR_REGION.test(line) && !doc.cues.length) {
      while (i < n && !isBlank(lines[i]!)) i++;
      continue;
    }
    let id: string | undefined;
    let timing = matchTiming(line);
    if (!timing && i + 1 < n) {
      timing = matchTiming(lines[i + 1]!);
      if (timing) {
        id = line.trim();
        i++;
      }
    }
    if (!timing) {
      // Text outside any cue (a blank line inside a cue, as some caption writers emit): it belongs to the cue
      // before it, so no words are lost. Before the first cue it is header junk and is ignored.
      const previous = doc.cues.at(-1);
      while (i < n && !isBlank(lines[i]!) && !matchTiming(lines[i]!)) {
        if (previous) previous.lines.push(lines[i]!);
        i++;
      }
      continue;
    }
    const cue: VttCue = { start: timing.start, end: timing.end, settings: timing.settings, lines: [], notes: pendingNotes, lineNumber: i + 1 };
    if (id) cue.id = id;
    pendingNotes = [];
    i++;
    while (i < n && !isBlank(lines[i]!) && !matchTiming(lines[i]!)) {
      const payload = lines[i++]!;
      // A `NOTE Confidence:` line glued to the cue text belongs to the next cue, not to this one's words.
      if (LEAKED_CONFIDENCE.test(payload)) addNote(payload.slice(4).trim());
      else cue.lines.push(payload);
    }
    doc.cues.push(cue);
  }
  return doc;
}

const VOICE_TAG = /<v(?:\.[^\s>]*)*(?:[ \t]+([^>]*))?>/gi;

/** Normalises a display name from markup for matching: entities decoded, then as `displayName`. */
export function cleanName(name: string): string {
  return displayName(decodeEntities(name));
}

/**
 * Splits cue text at its `<v Name>` voice tags. Text before the first tag has no voice; text after a `</v>`
 * stays with the voice before it (the spec attributes it to nobody, but dropping it would lose words).
 */
export function splitVoices(payload: string): { voice?: string; text: string }[] {
  const segments: { voice?: string; text: string }[] = [];
  let last = 0;
  let voice: string | undefined;
  VOICE_TAG.lastIndex = 0;
  for (let match = VOICE_TAG.exec(payload); match; match = VOICE_TAG.exec(payload)) {
    segments.push({ ...(voice ? { voice } : {}), text: payload.slice(last, match.index) });
    voice = cleanName(match[1] ?? '') || undefined;
    last = match.index + match[0].length;
  }
  segments.push({ ...(voice ? { voice } : {}), text: payload.slice(last) });
  return segments.filter((s) => /\S/.test(s.text));
}

/**
 * Cue text as words: caption markup removed first, then entities decoded once (so `a &lt; b` ends as `a < b`),
 * then formatting tags that were themselves escaped (`&lt;i&gt;`, written by some caption tools) removed, then
 * lines joined with single spaces. Other angle-bracket text (`<div>`) stays.
 */
export function cleanCueText(raw: string): string {
  if (!/[<&{]/.test(raw)) return squash(raw);
  return squash(decodeEntities(stripMarkup(raw)).replace(/<\/?[ibu]>/gi, ''));
}
