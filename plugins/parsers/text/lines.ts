/** Line patterns of plain-text transcripts, and the layout a file follows. */
import { head } from '../shared/sniff.ts';
import { acceptLabel, isDiarizationLabel, isNameLike, readSpeakerPrefix, stripEmphasis } from '../shared/speakers.ts';
import { decodeEntities } from '../shared/text.ts';
import { parseClock } from '../shared/time.ts';

const TIME = String.raw`(?:\d{1,3}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`;

/** Otter: `Name  0:01` / `**Name**  1:02:03` (two spaces or a tab before the time, trailing spaces allowed). */
const OTTER_HEADER = new RegExp(String.raw`^(?:\*\*|__)?(.{1,80}?)(?:\*\*|__)?(?: {2,}|\t+)(${TIME})$`);
/** A time alone on its line: Otter with speaker names off, or the time under a name line (web players). */
const TIME_ONLY = new RegExp(String.raw`^\[?(${TIME})\]?$`);
/** `**Emma** [0:00] text`, `Emma (00:01:02): text`. */
const NAME_TIME = new RegExp(String.raw`^(\*\*|__)?([^[\]()*_]{1,80}?)\1?\s*[[(](${TIME})[\])]\s*:?\s*(.*)$`);
/** `[00:00:01] Alice: text`, `(00:01) text`, `00:00:04 text`. */
const TIME_PREFIX = new RegExp(String.raw`^(?:[[(](${TIME})[\])]|(${TIME}))\s*[-\u2013\u2014:|]?\s+(.+)$`);
const OTTER_FOOTER = /^Transcribed by https?:\/\/(?:www\.)?otter\.ai\/?$/i;

export type Layout =
  | 'otter'
  | 'time-blocks'
  | 'diarized'
  | 'bracketed-timestamps'
  | 'bold-name-timestamps'
  | 'speaker-lines'
  | 'timestamped-lines'
  | 'paragraphs';

export type Line =
  | { kind: 'blank' }
  | { kind: 'footer' }
  | { kind: 'header'; speaker?: string; time: number }
  | { kind: 'time'; time: number }
  | { kind: 'timed'; time: number; speaker?: string; text: string; boldName: boolean }
  | { kind: 'speaker'; speaker: string; text: string }
  | { kind: 'text'; text: string };

/** Labels used as speaker prefixes in the lines, with how often each occurs (to accept one-off labels or not). */
function countLabels(lines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (label: string | undefined) => label && counts.set(label, (counts.get(label) ?? 0) + 1);
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!line.includes(':')) continue;
    const first = line.charCodeAt(0);
    const timed = (first >= 48 && first <= 57) || line[0] === '[' || line[0] === '(' ? TIME_PREFIX.exec(line) : null;
    add(readSpeakerPrefix(timed ? timed[3]! : line)?.speaker);
    const named = line.includes('[') || line.includes('(') ? NAME_TIME.exec(line) : null;
    if (named) add(named[2]!.trim());
  }
  return counts;
}

function classify(raw: string, labels: ReadonlyMap<string, number>): Line {
  const line = raw.trim();
  if (!line) return { kind: 'blank' };
  if (OTTER_FOOTER.test(line)) return { kind: 'footer' };
  const last = line.charCodeAt(line.length - 1);
  const endsInDigit = last >= 48 && last <= 57;
  const otter = endsInDigit && line.length <= 100 && (line.includes('  ') || line.includes('\t')) ? OTTER_HEADER.exec(line) : null;
  if (otter && isNameLike(stripEmphasis(otter[1]!))) {
    const time = parseClock(otter[2]!);
    if (time !== undefined) return { kind: 'header', speaker: decodeEntities(stripEmphasis(otter[1]!)), time };
  }
  const alone = line.length <= 16 ? TIME_ONLY.exec(line) : null;
  if (alone) {
    const time = parseClock(alone[1]!);
    if (time !== undefined) return { kind: 'time', time };
  }
  const bracketed = line.includes('[') || line.includes('(');
  const named = bracketed ? NAME_TIME.exec(line) : null;
  if (named) {
    const speaker = named[2]!.trim();
    const time = parseClock(named[3]!);
    if (time !== undefined && isNameLike(speaker) && (named[1] || acceptLabel(speaker, labels))) {
      return { kind: 'timed', time, speaker: decodeEntities(speaker), text: decodeEntities(named[4]!), boldName: Boolean(named[1]) };
    }
  }
  const first = line.charCodeAt(0);
  const timed = (first >= 48 && first <= 57) || line[0] === '[' || line[0] === '(' ? TIME_PREFIX.exec(line) : null;
  if (timed) {
    const time = parseClock(timed[1] ?? timed[2]!);
    if (time !== undefined) {
      const prefix = readSpeakerPrefix(timed[3]!);
      if (prefix && acceptLabel(prefix.speaker, labels)) {
        return { kind: 'timed', time, speaker: decodeEntities(prefix.speaker), text: decodeEntities(prefix.text), boldName: false };
      }
      return { kind: 'timed', time, text: decodeEntities(timed[3]!), boldName: false };
    }
  }
  const prefix = readSpeakerPrefix(line);
  if (prefix && acceptLabel(prefix.speaker, labels)) return { kind: 'speaker', speaker: decodeEntities(prefix.speaker), text: decodeEntities(prefix.text) };
  return { kind: 'text', text: line.includes('&') ? decodeEntities(line) : line };
}

interface Census {
  layout: Layout;
  /** Detection score for the layout, before any cap for other formats' signatures. */
  score: number;
  /** Every line, classified. */
  classified: Line[];
}

/** Classifies the lines and picks the layout they follow. */
export function census(lines: readonly string[], hasOtterFooter: boolean): Census {
  const labels = countLabels(lines);
  const classified = lines.map((line) => classify(line, labels));
  let total = 0;
  let headers = 0;
  let times = 0;
  let diarized = 0;
  let speakerLines = 0;
  let timedWithSpeaker = 0;
  let timedBold = 0;
  let timedBare = 0;
  const names = new Set<string>();
  for (const line of classified) {
    if (line.kind === 'blank' || line.kind === 'footer') continue;
    total++;
    if (line.kind === 'header') headers++;
    else if (line.kind === 'time') times++;
    else if (line.kind === 'timed') {
      if (line.boldName) timedBold++;
      else if (line.speaker) timedWithSpeaker++;
      else timedBare++;
    } else if (line.kind === 'speaker') {
      speakerLines++;
      names.add(line.speaker);
      if (isDiarizationLabel(line.speaker)) diarized++;
    }
  }
  const share = (n: number) => (total ? n / total : 0);
  if (headers >= 1 && (hasOtterFooter || headers >= 2) && share(headers) >= 0.1) {
    return { layout: 'otter', score: hasOtterFooter ? 0.9 : share(headers) >= 0.2 ? 0.85 : 0.6, classified };
  }
  if (share(diarized) >= 0.5) return { layout: 'diarized', score: 0.8, classified };
  if (share(timedBold) >= 0.5) return { layout: 'bold-name-timestamps', score: 0.75, classified };
  if (share(timedWithSpeaker) >= 0.5) return { layout: 'bracketed-timestamps', score: 0.7, classified };
  if (times >= 2 && share(times) >= 0.1) return { layout: 'time-blocks', score: 0.45, classified };
  if (share(speakerLines + timedWithSpeaker + timedBold) >= 0.3 && names.size <= 20) {
    const score = Math.min(0.55, 0.4 + 0.15 * share(speakerLines + timedWithSpeaker + timedBold));
    return { layout: 'speaker-lines', score: Math.round(score * 1000) / 1000, classified };
  }
  if (share(timedBare + timedWithSpeaker) >= 0.5) return { layout: 'timestamped-lines', score: 0.4, classified };
  return { layout: 'paragraphs', score: total ? 0.1 : 0, classified };
}

export function hasOtterFooter(text: string): boolean {
  return /^Transcribed by https?:\/\/(?:www\.)?otter\.ai\/?\s*$/im.test(text.slice(-400)) || /^Transcribed by https?:\/\/(?:www\.)?otter\.ai/im.test(head(text, 4096));
}
