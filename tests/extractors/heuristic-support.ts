// Helpers shared by the heuristic extractor tests: the meeting's people, transcripts built from [speaker, text]
// lines (padded with small talk so the lines under test sit mid-meeting), and runs of the extractor on them.
// The rules' tests (wording, assignees, attributes, merging) run with the rules-only selection, which keeps every
// candidate the rules are sure of: which candidates the learned model keeps is tested on labelled meetings
// (heuristic-quality.test.ts).
import { heuristicExtractor } from '../../plugins/extractors/heuristic/index.ts';
import { RULES_ONLY, extractWith } from '../../plugins/extractors/heuristic/model/pipeline.ts';
import { loadWeights } from '../../plugins/extractors/heuristic/model/weights.ts';
import type { ExtractedTicket, ExtractionRequest, ParsedTranscript, Participant } from '../../plugins/sdk/index.ts';

/** The meeting's participants; Alan Turing has a role. */
export const PEOPLE: Participant[] = [
  { id: 's1', name: 'Ada Lovelace' },
  { id: 's2', name: 'Grace Hopper' },
  { id: 's3', name: 'Alan Turing', role: 'Backend lead' },
];
/** The note every ticket of the offline extractor starts with. */
export const NOTES = 'Suggested by the offline extractor; review before pushing.';

/** One message: [participant id, text]. */
export type Line = [speaker: string, text: string];

/** Small talk around the lines under test, so they sit mid-meeting (not in the wrap-up). */
const PAD: Line[] = [
  ['s1', 'Morning everyone.'],
  ['s2', 'Morning.'],
  ['s3', 'Hi.'],
];
const TAIL: Line[] = [
  ['s2', 'Right.'],
  ['s3', 'Yep.'],
  ['s1', 'Anything else on this?'],
  ['s2', 'No.'],
  ['s3', 'No.'],
  ['s1', 'Fine.'],
  ['s2', 'Good.'],
  ['s3', 'Okay.'],
  ['s1', 'Thanks.'],
];

/** A transcript of the lines (between small talk unless `pad` is false), one message every 7 seconds. */
export function transcript(lines: Line[], options: { title?: string; participants?: Participant[]; pad?: boolean } = {}): ParsedTranscript {
  const all = options.pad === false ? lines : [...PAD, ...lines, ...TAIL];
  return {
    title: options.title ?? 'Weekly sync',
    source: 'test',
    participants: options.participants ?? PEOPLE,
    messages: all.map(([speaker, content], i) => ({ id: `m${i + 1}`, content, timestamp: i * 7, speaker: { id: speaker } })),
  };
}

const weights = loadWeights();

/** The extractor's answer for the lines, as one chunk: the shipped extractor, or with `rules` the rules-only selection. */
export async function run(lines: Line[], options: { meetingDate?: string; title?: string; participants?: Participant[]; pad?: boolean; rules?: boolean } = {}) {
  const request: ExtractionRequest = {
    transcript: transcript(lines, options),
    chunk: { index: 0, count: 1 },
    ...(options.meetingDate ? { meetingDate: options.meetingDate } : {}),
  };
  if (options.rules) {
    const shipped = await heuristicExtractor.extract(request, {});
    return { ...shipped, tickets: extractWith(request, weights, RULES_ONLY, weights.addressee) };
  }
  return heuristicExtractor.extract(request, {});
}

/** The tickets the rules-only selection makes of the lines. */
export async function tickets(lines: Line[], options: Parameters<typeof run>[1] = {}): Promise<ExtractedTicket[]> {
  return (await run(lines, { rules: true, ...options })).tickets;
}

/** title → assignee, for compact assertions. */
export const owners = (list: ExtractedTicket[]) => list.map((t) => [t.title, t.assignee]);
