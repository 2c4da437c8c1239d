// Extraction quality of the offline heuristic extractor on the AMI action-item set (17 meetings, 31 gold actions),
// scored as eval/SCORING.md describes (bench/scoring.ts). Prints a table; asserts nothing.
// Run with `node bench/extraction-quality.ts [--eval DIR] [--verbose]` (or AMI_EVAL_DIR). Target at 0.35: recall ≥ 0.35 at precision ≥ 0.08.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { heuristicExtractor } from '../plugins/extractors/heuristic/index.ts';
import type { ExtractedTicket, ParsedTranscript } from '../plugins/sdk/index.ts';
import { type GoldAction, type ScoredMeeting, type Summary, firstSentence, summarise } from './scoring.ts';

const { values: args } = parseArgs({
  options: { eval: { type: 'string' }, verbose: { type: 'boolean', default: false } },
});
/** The AMI set: --eval, else AMI_EVAL_DIR, else shared/eval/ami beside the checkout. */
const EVAL_DIR = args.eval ?? process.env['AMI_EVAL_DIR'] ?? join(import.meta.dirname, '../../shared/eval/ami');
if (!existsSync(join(EVAL_DIR, 'index.json'))) {
  console.error(`AMI evaluation set not found in ${EVAL_DIR}: pass --eval <folder with index.json> or set AMI_EVAL_DIR.`);
  process.exit(2);
}

interface AmiTranscript {
  title: string;
  participants: { id: string; name: string; role?: string }[];
  messages: { speaker: string; start: number | null; text: string }[];
}
interface AmiGold {
  meeting_id: string;
  actions: (GoldAction & { id: string })[];
}

/** An AMI transcript.json as the ParsedTranscript a parser would return. */
export function toParsedTranscript(ami: AmiTranscript): ParsedTranscript {
  return {
    title: ami.title,
    source: 'ami',
    participants: ami.participants.map((p) => ({ id: p.id, name: p.name, ...(p.role ? { role: p.role } : {}) })),
    messages: ami.messages
      .filter((m) => m.text.trim())
      .map((m, i) => ({ id: `m${i + 1}`, content: m.text, timestamp: m.start ?? null, speaker: { id: m.speaker } })),
  };
}

const index = JSON.parse(readFileSync(join(EVAL_DIR, 'index.json'), 'utf8')) as { meetings: { meeting_id: string }[] };
const meetings: (Omit<ScoredMeeting, 'tickets'> & { tickets: ExtractedTicket[]; ms: number; messages: number })[] = [];
for (const { meeting_id: id } of index.meetings) {
  const ami = JSON.parse(readFileSync(join(EVAL_DIR, id, 'transcript.json'), 'utf8')) as AmiTranscript;
  const gold = JSON.parse(readFileSync(join(EVAL_DIR, id, 'gold.json'), 'utf8')) as AmiGold;
  const transcript = toParsedTranscript(ami);
  const t0 = performance.now();
  const { tickets } = await heuristicExtractor.extract({ transcript, chunk: { index: 0, count: 1 } }, {});
  const ms = performance.now() - t0;
  meetings.push({ id, participants: transcript.participants, tickets, gold: gold.actions, ms, messages: transcript.messages.length });
}

const fixed = (n: number | null, digits = 2) => (n === null ? '—' : n.toFixed(digits));
const results: Summary[] = [0.25, 0.35, 0.5].map((threshold) => summarise(meetings, threshold));
console.log(`Offline heuristic extractor on ${meetings.length} AMI meetings, ${results[0]!.gold} gold actions (${EVAL_DIR})`);
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

const longest = meetings.reduce((a, b) => (b.messages > a.messages ? b : a));
const timings: number[] = [];
const longestTranscript = toParsedTranscript(JSON.parse(readFileSync(join(EVAL_DIR, longest.id, 'transcript.json'), 'utf8')) as AmiTranscript);
for (let run = 0; run < 12; run++) {
  const t0 = performance.now();
  await heuristicExtractor.extract({ transcript: longestTranscript, chunk: { index: 0, count: 1 } }, {});
  if (run >= 2) timings.push(performance.now() - t0);
}
timings.sort((a, b) => a - b);
console.log(
  `Longest meeting ${longest.id} (${longest.messages} messages): first run ${longest.ms.toFixed(1)} ms, median of 10 warm runs ${timings[5]!.toFixed(1)} ms; all 17 meetings, first runs: ${meetings.reduce((t, m) => t + m.ms, 0).toFixed(0)} ms`,
);

if (args.verbose) {
  const at = summarise(meetings, 0.35);
  for (const [k, meeting] of meetings.entries()) {
    const score = at.perMeeting[k]!;
    console.log(`\n== ${meeting.id}: ${meeting.tickets.length} tickets, ${score.matched.length}/${meeting.gold.length} gold matched`);
    meeting.gold.forEach((g, gi) => {
      const pair = score.matched.find((p) => p.gold === gi);
      console.log(`  GOLD ${pair ? `✓ ${pair.similarity.toFixed(2)} → #${pair.ticket}` : '✗'} [${g.assignee_speakers.join('')}] ${g.text}`);
    });
    meeting.tickets.forEach((t, ti) => {
      const pair = score.matched.find((p) => p.ticket === ti);
      console.log(`  #${ti}${pair ? ' ✓' : ''} [${t.assignee ?? '-'}] ${t.title} | ${firstSentence(t.description)} | «${t.quote.slice(0, 100)}»`);
    });
  }
}
