// Extraction quality of the offline extractor, scored as eval/SCORING.md describes (bench/scoring.ts). Prints
// tables; asserts nothing. Run with `node bench/extraction-quality.ts [--train DIR] [--test DIR] [--folds K]
// [--verbose]` (--verbose lists the cross-validated tickets and gold of the training split). Defaults: the AMI training split (../shared/eval/ami-train, or AMI_TRAIN_DIR) and test set
// (../shared/eval/ami, or AMI_EVAL_DIR) beside the checkout.
//
// 1. k-fold cross-validation on the training split: each fold's meetings are extracted by a model trained, and
//    tuned (its own inner cross-validation), on the other folds only. This is the figure to expect on new meetings.
// 2. The shipped model (model/weights.json, trained on the whole training split) on that split: seen in training,
//    for reference only.
// 3. The shipped model on the test set, which nothing was trained or tuned on.
// 4. The hand-written meetings of tests/fixtures/meetings (a development set).
// 5. Time for the longest meeting.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { heuristicExtractor } from '../plugins/extractors/heuristic/index.ts';
import { type LabelledMeeting, loadMeetings } from '../plugins/extractors/heuristic/model/data.ts';
import { probability } from '../plugins/extractors/heuristic/model/logistic.ts';
import { DEFAULT_TRAIN_DIR } from '../plugins/extractors/heuristic/model/train.ts';
import { fitTuned, foldsOf, prepareMeeting, requestOf, scored } from '../plugins/extractors/heuristic/model/training.ts';
import { type ScoredMeeting, type Summary, firstSentence, summarise } from './scoring.ts';

const { values: args } = parseArgs({
  options: {
    train: { type: 'string' },
    test: { type: 'string' },
    folds: { type: 'string', default: '6' },
    verbose: { type: 'boolean', default: false },
  },
});
const TRAIN_DIR = args.train ?? DEFAULT_TRAIN_DIR;
const TEST_DIR = args.test ?? process.env['AMI_EVAL_DIR'] ?? join(import.meta.dirname, '../../shared/eval/ami');
const HAND_DIR = join(import.meta.dirname, '../tests/fixtures/meetings');
for (const dir of [TRAIN_DIR, TEST_DIR]) {
  if (!existsSync(join(dir, 'index.json'))) {
    console.error(`Evaluation set not found in ${dir}: pass --train/--test <folder with index.json> (or set AMI_TRAIN_DIR / AMI_EVAL_DIR).`);
    process.exit(2);
  }
}

const fixed = (n: number | null, digits = 2) => (n === null ? '—' : n.toFixed(digits));
function table(title: string, meetings: readonly ScoredMeeting[]): Summary {
  const results = [0.25, 0.35, 0.5].map((threshold) => summarise(meetings, threshold));
  console.log(`\n${title}: ${meetings.length} meetings, ${results[0]!.gold} gold actions`);
  console.log('threshold  precision  recall  F1     assignee acc.      tickets/meeting  matched/tickets');
  for (const r of results) {
    console.log(
      [
        r.threshold.toFixed(2).padEnd(9),
        fixed(r.precision).padEnd(10),
        fixed(r.recall).padEnd(7),
        fixed(r.f1).padEnd(6),
        `${fixed(r.assigneeAccuracy)} (of ${r.assigneeChecked})`.padEnd(18),
        fixed(r.ticketsPerMeeting, 1).padEnd(16),
        `${r.matched}/${r.tickets}`,
      ].join(' '),
    );
  }
  console.log(`gold actions per meeting: ${(results[0]!.gold / Math.max(1, meetings.length)).toFixed(1)}`);
  return results[1]!;
}

async function shipped(meetings: readonly LabelledMeeting[]): Promise<(ScoredMeeting & { ms: number; messages: number })[]> {
  const result: (ScoredMeeting & { ms: number; messages: number })[] = [];
  for (const meeting of meetings) {
    const t0 = performance.now();
    const { tickets } = await heuristicExtractor.extract(requestOf(meeting), {});
    const ms = performance.now() - t0;
    result.push({ id: meeting.id, participants: meeting.transcript.participants, tickets, gold: meeting.gold, ms, messages: meeting.transcript.messages.length });
  }
  return result;
}

// 1. Cross-validation on the training split.
const folds = Number(args.folds);
const train = loadMeetings(TRAIN_DIR).map(prepareMeeting);
const crossValidated: ScoredMeeting[] = [];
const t0 = performance.now();
const chosen: string[] = [];
for (const { train: rest, test } of foldsOf(train, folds)) {
  const tuned = fitTuned(rest);
  chosen.push(`L2 ${tuned.l2}, p ≥ ${tuned.selection.threshold}, rules ≥ ${tuned.selection.ruleFloor ?? '—'}, at least ${tuned.selection.minTickets}`);
  for (const meeting of test) crossValidated.push(scored(meeting, meeting.prepared.features.map((f) => probability(tuned.model, f)), tuned.selection, tuned.addressee));
}
const cv = table(`${folds}-fold cross-validation on the training split (${TRAIN_DIR})`, crossValidated);
console.log(`settings chosen per fold: ${chosen.join('; ')} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);

// 2. and 3. The shipped model.
const trainShipped = await shipped(train.map((m) => m.meeting));
table('Shipped model on the training split (seen in training: reference only)', trainShipped);
const testShipped = await shipped(loadMeetings(TEST_DIR));
const test = table(`Shipped model on the test set (${TEST_DIR})`, testShipped);
console.log(`test F1 − cross-validated F1 at 0.35: ${(test.f1 - cv.f1).toFixed(2)}`);

// 4. Hand-written meetings.
if (existsSync(join(HAND_DIR, 'index.json'))) table('Shipped model on the hand-written meetings (tests/fixtures/meetings)', await shipped(loadMeetings(HAND_DIR)));

// 5. Speed on the longest meeting of either split.
const everything = [...trainShipped, ...testShipped];
const longest = everything.reduce((a, b) => (b.messages > a.messages ? b : a));
const longestMeeting = [...train.map((m) => m.meeting), ...loadMeetings(TEST_DIR)].find((m) => m.id === longest.id)!;
const timings: number[] = [];
for (let run = 0; run < 12; run++) {
  const start = performance.now();
  await heuristicExtractor.extract(requestOf(longestMeeting), {});
  if (run >= 2) timings.push(performance.now() - start);
}
timings.sort((a, b) => a - b);
console.log(
  `\nLongest meeting ${longest.id} (${longest.messages} messages): first run ${longest.ms.toFixed(1)} ms, median of 10 warm runs ${timings[5]!.toFixed(1)} ms; ` +
    `${everything.length} meetings, first runs: ${everything.reduce((t, m) => t + m.ms, 0).toFixed(0)} ms`,
);

// 6. A long meeting nobody would hold: 10,000 messages from three speakers, a task in every tenth.
{
  const participants = ['s1', 's2', 's3'].map((id) => ({ id, name: id }));
  const messages = Array.from({ length: 10_000 }, (_, i) => ({
    id: String(i), timestamp: i * 5, speaker: { id: participants[i % 3]!.id },
    content: i % 10 === 0 ? `I'll update section ${i} of the handbook by Friday.` : `Um, so the number ${i} looks, you know, about right to me I think.`,
  }));
  const request = requestOf(longestMeeting);
  const start = performance.now();
  const result = await heuristicExtractor.extract({ ...request, transcript: { ...request.transcript, participants, messages } }, {});
  console.log(`10,000 messages: ${(performance.now() - start).toFixed(0)} ms, ${result.tickets.length} tickets`);
}

if (args.verbose) {
  // The training split only: reading the test set's misses is how rules get fitted to it.
  for (const [label, meetings] of [['cross-validated', crossValidated]] as const) {
    const at = summarise(meetings, 0.35);
    for (const [k, meeting] of meetings.entries()) {
      const score = at.perMeeting[k]!;
      console.log(`\n== ${label} ${meeting.id}: ${meeting.tickets.length} tickets, ${score.matched.length}/${meeting.gold.length} gold matched`);
      meeting.gold.forEach((g, gi) => {
        const pair = score.matched.find((p) => p.gold === gi);
        console.log(`  GOLD ${pair ? `✓ ${pair.similarity.toFixed(2)} → #${pair.ticket}` : '✗'} [${g.assignee_speakers.join('')}] ${g.text}`);
      });
      meeting.tickets.forEach((t, ti) => {
        const pair = score.matched.find((p) => p.ticket === ti);
        console.log(`  #${ti}${pair ? ' ✓' : ''} [${t.assignee ?? '-'}] ${t.title} | ${firstSentence(t.description)}`);
      });
    }
  }
}
