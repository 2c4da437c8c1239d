import { readFileSync } from 'node:fs';
import { createRoster } from '../plugins/extractors/heuristic/participants.ts';
import { findCandidates } from '../plugins/extractors/heuristic/candidates.ts';
const ids = JSON.parse(readFileSync('/work/shared/eval/ami/index.json','utf8')).meetings.map((m: {meeting_id: string}) => m.meeting_id);
const hist = new Map<number, number>();
for (const id of ids) {
  const t = JSON.parse(readFileSync(`/work/shared/eval/ami/${id}/transcript.json`, 'utf8'));
  const gold = JSON.parse(readFileSync(`/work/shared/eval/ami/${id}/gold.json`, 'utf8'));
  const ev = new Set<number>(gold.actions.flatMap((a: {evidence: {message_index: number}[]}) => a.evidence.map((e) => e.message_index)));
  const transcript = { title: t.title, source: 'ami', participants: t.participants, messages: t.messages.map((m: {speaker: string; start: number; text: string}, i: number) => ({ id: String(i), content: m.text, timestamp: m.start, speaker: { id: m.speaker } })) };
  const cands = findCandidates({ transcript, chunk: { index: 0, count: 1 } }, createRoster(t.participants));
  for (const c of cands) hist.set(c.score, (hist.get(c.score) ?? 0) + 1);
  for (const c of cands) if (ev.has(c.messageIndex) || process.argv[2] === 'all') console.log(id, c.messageIndex, ev.has(c.messageIndex) ? 'EV' : '  ', c.score, c.cue.label, '|', c.clause, '|', c.assignee?.name ?? '-');
}
console.log([...hist].sort((a, b) => a[0] - b[0]));
