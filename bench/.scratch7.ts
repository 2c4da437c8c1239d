import { heuristicExtractor } from '../plugins/extractors/heuristic/index.ts';
const P = [{ id: 'a', name: 'Ada Lovelace' }, { id: 'b', name: 'Grace Hopper' }];
async function time(label: string, contents: string[]) {
  const transcript = { title: 't', source: 'x', participants: P, messages: contents.map((c, i) => ({ id: `m${i}`, content: c, timestamp: i, speaker: { id: i % 2 ? 'b' : 'a' } })) };
  const t0 = performance.now();
  const r = await heuristicExtractor.extract({ transcript, meetingDate: '2026-03-04', chunk: { index: 0, count: 1 } }, {});
  console.log(label, (performance.now() - t0).toFixed(0), 'ms', r.tickets.length);
}
const words = 'so I will update the report and we need to check the server by Friday and can you send the deck to Grace please um uh you know the the the '.split(' ');
let big = ''; for (let i = 0; big.length < 1_000_000; i++) big += words[i % words.length] + ' ';
await time('1MB one message no punctuation', [big]);
let big2 = ''; for (let i = 0; big2.length < 1_000_000; i++) big2 += `I'll update report ${i} by Friday. `;
await time('1MB one message many sentences', [big2]);
await time('1MB of um', ['um '.repeat(330_000)]);
await time('1MB of the the', ['the '.repeat(250_000)]);
await time('1MB of commas', [', '.repeat(500_000) + "I'll fix it"]);
await time('long word', ['a'.repeat(1_000_000)]);
const lines = []; for (let i = 0; i < 20000; i++) lines.push(i % 5 ? 'Yeah okay.' : `Can you update page ${i} of the wiki, Grace?`);
await time('20k messages', lines);
