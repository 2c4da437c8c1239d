import { readFileSync } from 'node:fs';
import { heuristicExtractor } from '../plugins/extractors/heuristic/index.ts';
const ids = JSON.parse(readFileSync('/work/shared/eval/ami/index.json','utf8')).meetings.map((m: {meeting_id: string}) => m.meeting_id);
const messages: {id: string; content: string; timestamp: number; speaker: {id: string}}[] = [];
let participants: {id: string; name: string}[] = [];
for (const rep of [0, 1]) for (const id of ids) {
  const t = JSON.parse(readFileSync(`/work/shared/eval/ami/${id}/transcript.json`, 'utf8'));
  participants = t.participants;
  for (const m of t.messages) messages.push({ id: `m${messages.length}`, content: m.text, timestamp: messages.length, speaker: { id: m.speaker } });
  void rep;
}
const transcript = { title: 't', source: 'x', participants, messages };
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const r = await heuristicExtractor.extract({ transcript, meetingDate: '2026-03-04', chunk: { index: 0, count: 1 } }, {});
  console.log(messages.length, 'messages', (performance.now() - t0).toFixed(1), 'ms', r.tickets.length, 'tickets');
}
