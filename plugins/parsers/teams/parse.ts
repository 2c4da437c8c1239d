/**
 * Reading Teams and Stream transcripts (see shared/vtt-reader.ts): speakers from voice tags or Graph metadata JSON
 * payloads, `NOTE Confidence` per cue, `NOTE duration`, cues in time order (Teams ids and times go backwards near
 * the end of a meeting), and the title and start time Teams writes into its file names.
 */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { type Fragment, TranscriptBuilder } from '../shared/builder.ts';
import { CAPTION_CUES } from '../shared/merge-fragments.ts';
import { formatClock } from '../shared/time.ts';
import { cleanCueText, cleanName, readVtt, splitVoices, type VttCue } from '../shared/vtt-reader.ts';
import { teamsSignature, type TeamsVariant } from './detect.ts';

/** A cue without a voice tag continues the previous speaker only when it starts where their cue ends (10 ms). */
const CONTIGUOUS = 0.01;
const GUID_PHRASE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/\d+-\d+$/i;
const CONFIDENCE_NOTE = /^Confidence:\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s*$/i;
const DURATION_NOTE = /^duration:\s*"?\s*([\d:.,]+)\s*"?\s*$/i;

interface MetadataPayload {
  speakerName?: unknown;
  spokenText?: unknown;
  startDateTime?: unknown;
}

export function parseTeams(input: ParserInput): ParserOutput {
  const { text, fileName } = input;
  const doc = readVtt(text);
  if (!doc.cues.length) throw new Error('no cues found: a Teams transcript is a WebVTT file with "start --> end" timing lines');

  let duration: number | undefined;
  for (const note of doc.notes) {
    const match = DURATION_NOTE.exec(note);
    if (match) duration = parseDeclaredDuration(match[1]!) ?? duration;
  }

  const fragments: (Fragment & { order: number; voiced: boolean })[] = [];
  let metadata = false;
  let meetingStart: number | undefined;
  doc.cues.forEach((cue, order) => {
    const start = Math.max(0, cue.start);
    const end = Math.max(start, cue.end);
    const confidence = cueConfidence(cue);
    const extra = confidence === undefined ? {} : { confidence };
    const payload = cue.lines.join('\n').trim();
    if (payload.startsWith('{')) {
      const json = readMetadata(cue, payload, order === doc.cues.length - 1);
      metadata = true;
      const absolute = typeof json.startDateTime === 'string' ? Date.parse(json.startDateTime) : Number.NaN;
      if (Number.isFinite(absolute)) meetingStart ??= absolute - cue.start * 1000;
      const speaker = typeof json.speakerName === 'string' ? cleanName(json.speakerName) : '';
      const content = typeof json.spokenText === 'string' ? cleanCueText(json.spokenText) : '';
      fragments.push({ ...(speaker ? { speaker } : {}), content, timestamp: start, end, order, voiced: Boolean(speaker), ...extra });
      return;
    }
    const segments = splitVoices(payload);
    if (!segments.length) fragments.push({ content: '', timestamp: start, end, order, voiced: false });
    for (const segment of segments) {
      const content = cleanCueText(segment.text);
      fragments.push({ ...(segment.voice ? { speaker: segment.voice } : {}), content, timestamp: start, end, order, voiced: Boolean(segment.voice), ...extra });
    }
  });
  // Near the end of a Teams meeting ids and start times go backwards: order by start time, never by id.
  fragments.sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0) || a.order - b.order);

  // A cue without a voice tag (Teams writes a few) continues the previous speaker when it follows on directly;
  // otherwise its speaker is unknown.
  let previous: (typeof fragments)[number] | undefined;
  for (const fragment of fragments) {
    if (!fragment.content) continue;
    if (!fragment.voiced && previous?.speaker && fragment.timestamp !== null && fragment.timestamp - (previous.end ?? 0) <= CONTIGUOUS + 1e-9) {
      fragment.speaker = previous.speaker;
    }
    previous = fragment;
  }

  const builder = new TranscriptBuilder({ merge: CAPTION_CUES });
  for (const fragment of fragments) builder.add(fragment);
  if (!builder.messageCount) throw new Error('every cue is empty: no messages found');

  const fromName = fileName ? teamsFileName(fileName) : undefined;
  const date = meetingStart !== undefined ? new Date(Math.round(meetingStart)).toISOString() : fromName?.date;
  const transcript = builder.build({
    ...(duration !== undefined ? { duration } : {}),
    ...(date ? { date } : {}),
    ...(fromName?.title ? { title: fromName.title } : {}),
  });
  const variant: TeamsVariant = metadata
    ? 'graph-metadata'
    : doc.cues.some((c) => c.id && GUID_PHRASE_ID.test(c.id))
      ? 'transcript-vtt'
      : (teamsSignature(text)?.variant ?? (fragments.some((f) => f.voiced) ? 'graph-content' : 'stream-classic'));
  return { transcript, variant };
}

/** `NOTE Confidence: 0.69` before a cue: the recogniser's confidence for that cue (0..1). */
function cueConfidence(cue: VttCue): number | undefined {
  for (let i = cue.notes.length - 1; i >= 0; i--) {
    const match = CONFIDENCE_NOTE.exec(cue.notes[i]!);
    if (match) {
      const value = Number(match[1]);
      if (Number.isFinite(value)) return Math.min(1, Math.max(0, value));
    }
  }
  return undefined;
}

/** `00:01:05.5380000` (seven fraction digits, as Stream writes it) in seconds. */
function parseDeclaredDuration(text: string): number | undefined {
  const match = /^(\d{1,3}):(\d{1,2}):(\d{1,2})(?:[.,](\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, h, m, s, fraction] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s) + (fraction ? Number(`0.${fraction}`) : 0);
  return Math.round(seconds * 1000) / 1000;
}

function readMetadata(cue: VttCue, payload: string, isLast: boolean): MetadataPayload {
  try {
    const value: unknown = JSON.parse(payload);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as MetadataPayload;
  } catch {
    if (isLast && !payload.endsWith('}')) {
      throw new Error(`the last cue (line ${cue.lineNumber}) ends in the middle of its JSON: the file looks truncated`);
    }
  }
  throw new Error(`the cue at ${formatClock(Math.max(0, cue.start))} (line ${cue.lineNumber}) holds text that starts like JSON but is not a JSON object`);
}

/** `Weekly Sync-20251028_120720-Meeting Transcript.vtt`: the title and the local start time Teams puts in names. */
function teamsFileName(fileName: string): { title?: string; date: string } | undefined {
  const match = /^(.*?)-(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})-Meeting (?:Recording|Transcript)/i.exec(fileName);
  if (!match) return undefined;
  const [, title, y, mo, d, h, mi, s] = match;
  return { ...(title?.trim() ? { title: title.trim() } : {}), date: `${y}-${mo}-${d}T${h}:${mi}:${s}` };
}
