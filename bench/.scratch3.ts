import { heuristicExtractor } from '../plugins/extractors/heuristic/index.ts';
const people = [
  { id: 's1', name: 'Ada Lovelace' }, { id: 's2', name: 'Grace Hopper' }, { id: 's3', name: 'Alan Turing', role: 'Backend lead' },
];
const lines: [string, string][] = [
  ['s1', "Okay, let's start. Um, first the login bug on Safari."],
  ['s2', "Yeah, I'll fix the Safari login bug by Friday, it's a blocker for the release."],
  ['s1', 'Great. Alan, can you review the pricing page copy before next week?'],
  ['s3', 'Sure.'],
  ['s1', 'Could you update the API docs when you get a chance?'],
  ['s2', 'Yes, I can do that.'],
  ['s3', 'We need to migrate the database to Postgres 18 by the end of the month.'],
  ['s1', "Action item: Grace to write the release notes."],
  ['s2', 'TODO: clean up the feature flags.'],
  ['s3', "Once the database migration is done, I'm going to update the backup scripts."],
  ['s1', "Someone has to, you know, uh, check the invoices from the hosting provider, urgent."],
  ['s2', "Alan will set up the staging server tomorrow."],
  ['s1', "Let's have Grace draft the customer survey, nice to have though."],
  ['s3', "Please send me the error logs, Ada."],
  ['s1', "Okay."],
  ['s2', "I'll fix the login bug on Safari, as I said."],
  ['s1', "We should probably think about it."],
  ['s3', "I will write a quick script to export the metrics on 2026-04-01."],
];
const transcript = { title: 'Weekly sync', source: 'test', participants: people, messages: lines.map(([sp, c], i) => ({ id: `m${i}`, content: c, timestamp: i * 10, speaker: { id: sp } })) };
const r = await heuristicExtractor.extract({ transcript, meetingDate: '2026-03-04', chunk: { index: 0, count: 1 } }, {});
for (const t of r.tickets) console.log(JSON.stringify(t));
const r2 = await heuristicExtractor.extract({ transcript, chunk: { index: 0, count: 1 } }, {});
console.log(r2.tickets.map((t) => [t.title, t.dueDate]));
