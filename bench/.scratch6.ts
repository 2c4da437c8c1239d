import { findCandidates } from '../plugins/extractors/heuristic/candidates.ts';
import { createRoster } from '../plugins/extractors/heuristic/participants.ts';
const PEOPLE = [{ id: 's1', name: 'Ada Lovelace' }, { id: 's2', name: 'Grace Hopper' }, { id: 's3', name: 'Alan Turing', role: 'Backend lead' }];
const lines: [string, string][] = JSON.parse(process.argv[2]!);
const all = [['s1','Morning everyone.'],['s2','Morning.'],['s3','Hi.'], ...lines, ...Array.from({length: 9}, (_, i) => ['s1', `Fine ${i}.`])];
const transcript = { title: 't', source: 'x', participants: PEOPLE, messages: all.map(([sp, c], i) => ({ id: `m${i}`, content: c!, timestamp: i, speaker: { id: sp! } })) };
for (const c of findCandidates({ transcript, chunk: { index: 0, count: 1 }, meetingDate: '2026-03-04' }, createRoster(PEOPLE))) console.log(c.score, c.cue.label, '|', c.clause, '|', c.tokens, c.assignee?.name, c.dueDate);
