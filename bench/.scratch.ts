import { readFileSync } from 'node:fs';
import { createRoster } from '../plugins/extractors/heuristic/participants.ts';
import { findCues, clauseAfter } from '../plugins/extractors/heuristic/cues.ts';
import { splitSentences } from '../plugins/extractors/heuristic/text.ts';
const [id, idx] = process.argv.slice(2);
const t = JSON.parse(readFileSync(`/work/shared/eval/ami/${id}/transcript.json`, 'utf8'));
const roster = createRoster(t.participants);
const m = t.messages[Number(idx)];
for (const s of splitSentences(m.text)) {
  const mentions = roster.mentions(s.clean);
  const cues = findCues(s.clean, mentions);
  console.log(JSON.stringify(s.clean), mentions.map(x => x.participant.name), cues.map(c => [c.kind, c.label, c.start, c.end, clauseAfter(s.clean.slice(c.end))]));
}
