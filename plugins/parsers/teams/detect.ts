/**
 * Teams / Stream / Graph signatures, judged on the start of the file (no full parse). Each signature returns the
 * variant it points to, so parse() and detect() agree.
 */
import type { ParserInput } from '../../sdk/index.ts';

export type TeamsVariant = 'graph-metadata' | 'transcript-vtt' | 'stream-classic' | 'graph-content';

interface TeamsSignature {
  score: number;
  variant: TeamsVariant;
}

const HEAD = 32_768;
const GUID = String.raw`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`;
const GUID_PHRASE_ID = new RegExp(String.raw`^${GUID}/\d+-\d+[ \t]*$`, 'gim');
const BARE_GUID_ID = new RegExp(String.raw`^${GUID}[ \t]*\r?\n[ \t]*[\d:.,]+[ \t]*-->`, 'gim');
const TIMING = /^[ \t]*-?\d{1,3}:\d{1,2}(?::\d{1,2})?(?:[.,]\d{1,9})?[ \t]*-->/gm;
/** A timing line where minutes or seconds have one digit (`0:0:5.320`): Teams' and Graph's own writer. */
const UNPADDED_TIMING = /^[ \t]*-?\d{1,3}:(?:\d:\d{1,2}|\d{1,2}:\d)(?:[.,]\d{1,9})?[ \t]*-->/m;
const METADATA_PAYLOAD = /-->[^\n]*\r?\n[ \t]*\{[^\n]*"speakerName"[^\n]*"spokenText"|-->[^\n]*\r?\n[ \t]*\{[^\n]*"spokenText"[^\n]*"speakerName"/;
const NOTE_CONFIDENCE = /^NOTE[ \t]+Confidence:[ \t]*-?[\d.]+/m;
const NOTE_DURATION = /^NOTE[ \t]+duration:[ \t]*"?[\d:.]+"?/m;
/** A cue payload that is exactly one closed voice span `<v Name>...</v>` (possibly wrapped over lines). */
const CLOSED_VOICE_CUE = /-->[^\n]*\r?\n<v [^>\n]+>[^<]*<\/v>[ \t]*(?:\r?\n|$)/g;
const VOICE_TAG = /<v[ .]/;
const CUE_SETTINGS = /-->[ \t]*[\d:.,]+[ \t]+\S/;

export function detectTeams(input: ParserInput): number {
  return teamsSignature(input.text)?.score ?? 0;
}

/** The Teams shape the start of the text shows, with its score; undefined when it shows none. */
export function teamsSignature(text: string): TeamsSignature | undefined {
  let head = text.slice(0, HEAD);
  if (text.length > HEAD) {
    // Judge whole cues only: cut at the last blank line of the sample.
    const cut = Math.max(head.lastIndexOf('\n\n'), head.lastIndexOf('\n\r\n'));
    if (cut > 0) head = head.slice(0, cut + 1);
  }
  const timings = head.match(TIMING)?.length ?? 0;
  if (!timings) return undefined;
  if (METADATA_PAYLOAD.test(head)) return { score: 0.99, variant: 'graph-metadata' };
  const phraseIds = head.match(GUID_PHRASE_ID)?.length ?? 0;
  if (phraseIds >= Math.max(1, timings * 0.5)) return { score: 0.98, variant: 'transcript-vtt' };
  const confidence = NOTE_CONFIDENCE.test(head);
  const bareGuids = head.match(BARE_GUID_ID)?.length ?? 0;
  const guidIds = bareGuids >= Math.max(1, timings * 0.5);
  if (confidence && (guidIds || NOTE_DURATION.test(head))) return { score: 0.96, variant: 'stream-classic' };
  if (confidence) return { score: 0.9, variant: 'stream-classic' };
  if (guidIds) return { score: 0.85, variant: 'stream-classic' };
  const voices = VOICE_TAG.test(head);
  if (UNPADDED_TIMING.test(head)) return { score: voices ? 0.92 : 0.85, variant: 'graph-content' };
  // Every cue exactly one closed `<v Name>...</v>`, no ids, no settings: how Graph writes content. Generic tools
  // can write the same, so this only just beats the generic WebVTT score (0.8).
  const closedVoiceCues = head.match(CLOSED_VOICE_CUE)?.length ?? 0;
  if (closedVoiceCues === timings && !CUE_SETTINGS.test(head) && noCueIds(head)) {
    return { score: 0.82, variant: 'graph-content' };
  }
  return undefined;
}

/** True when no timing line is preceded by an identifier line. */
function noCueIds(head: string): boolean {
  return !/^[ \t]*\S[^\n]*\r?\n[ \t]*-?\d{1,3}:\d{1,2}(?::\d{1,2})?(?:[.,]\d{1,9})?[ \t]*-->/m.test(head.replace(/^\uFEFF?WEBVTT[^\n]*\n/, ''));
}
