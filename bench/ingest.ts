// Upload-to-completed latency through a real Tickscribe process (embedded PostgreSQL and Temporal): a one-hour
// meeting with the offline heuristic extractor, and a four-chunk meeting with a local fake LLM that answers each
// call after 2 s (chunks run in parallel, so it takes about one call's time). Prints numbers; asserts nothing.
// Run: node bench/ingest.ts
import { chunkMessages } from '../core/transcripts/chunks.ts';
import { completion, FakeOpenAI } from '../tests/support/fake-openai.ts';
import { loadPluginHost } from '../server/plugins.ts';
import { SENTENCES, SPEAKERS, startBenchApp } from './support.ts';

const lines = [...SENTENCES, 'Sounds good to me, let us keep going with the next item on the agenda.'];

/** A Zoom-style VTT with one cue every 4 seconds for `minutes` minutes. */
function meeting(minutes: number): string {
  const clock = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
  const cues = ['WEBVTT', ''];
  for (let i = 0; i * 4 < minutes * 60; i++) cues.push(String(i + 1), `${clock(i * 4)} --> ${clock(i * 4 + 3)}`, `${SPEAKERS[i % 4]}: ${lines[(i * 7) % 5]}`, '');
  return cues.join('\n');
}

async function run(label: string, extraEnv: Record<string, string>, transcript: string, runs: number) {
  const { base, token, stop } = await startBenchApp('ingest', extraEnv, 'Enterprise');
  try {
    const times: number[] = [];
    let tickets = 0;
    for (let i = 0; i < runs; i++) {
      const form = new FormData();
      form.append('transcript', new Blob([transcript]), 'meeting.vtt');
      const started = performance.now();
      const { transcript: stored } = (await (await fetch(`${base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { transcript: { id: string } };
      for (;;) {
        const status = (await (await fetch(`${base}/api/transcripts/${stored.id}/status`, { headers: { authorization: `Bearer ${token}` } })).json()) as { processingStatus: string; ticketCount: number; metadata: { error?: string } };
        if (status.processingStatus === 'failed') throw new Error(status.metadata.error);
        if (status.processingStatus === 'completed') {
          tickets = status.ticketCount;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      times.push((performance.now() - started) / 1000);
    }
    times.sort((a, b) => a - b);
    console.log(`${label}: p50 ${times[Math.floor(times.length / 2)]!.toFixed(2)} s, best ${times[0]!.toFixed(2)} s, worst ${times.at(-1)!.toFixed(2)} s over ${runs} uploads; ${tickets} tickets`);
  } finally {
    await stop();
  }
}

const hour = meeting(60);
const host = await loadPluginHost();
const parse = (text: string) => host.parse({ bytes: new TextEncoder().encode(text), fileName: 'm.vtt' });
console.log(`one-hour meeting: ${(hour.length / 1024).toFixed(0)} KB, ${parse(hour).transcript.messages.length} messages, ${chunkMessages(parse(hour).transcript.messages).length} chunks`);
await run('heuristic, one-hour meeting', { EXTRACTOR: 'heuristic' }, hour, 7);

const llm = await FakeOpenAI.start();
const answer = completion({ tickets: [] });
for (let i = 0; i < 64; i++) llm.script({ ...answer, delayMs: 2000 });
let minutes = 10;
while (chunkMessages(parse(meeting(minutes)).transcript.messages).length < 4) minutes += 1;
const four = meeting(minutes);
console.log(`four-chunk meeting: ${chunkMessages(parse(four).transcript.messages).length} chunks`);
await run('fake LLM (2 s a call), four chunks', { EXTRACTOR: 'openai', OPENAI_BASE_URL: llm.baseURL, OPENAI_API_KEY: 'bench' }, four, 3);
await llm.close();
