// Parser throughput on ~1 MB inputs of every built-in format, and detection over all parsers.
// Run with `node bench/parsers.ts`. Prints numbers; asserts nothing. Target: detect + parse under 50 ms per 1 MB.
import { loadPluginHost } from '../server/plugins.ts';
import { MAX_TRANSCRIPT_BYTES } from '../core/plugins/upload-limits.ts';
import { SENTENCES, SPEAKERS } from './support.ts';

const TARGET = MAX_TRANSCRIPT_BYTES - 4096;

function repeat(header: string, unit: (i: number) => string, footer = ''): string {
  const parts = [header];
  let size = header.length + footer.length;
  for (let i = 0; size < TARGET; i++) {
    const part = unit(i);
    if (size + part.length > TARGET) break;
    parts.push(part);
    size += part.length;
  }
  parts.push(footer);
  return parts.join('');
}

const clock = (seconds: number, separator = '.') => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${separator}000`;
};
const who = (i: number) => SPEAKERS[i % SPEAKERS.length]!;
const say = (i: number) => SENTENCES[i % SENTENCES.length]!;

const inputs: { fileName: string; expected: string; text: string }[] = [
  { fileName: 'generic.vtt', expected: 'webvtt', text: repeat('WEBVTT\n\n', (i) => `${clock(i * 3)} --> ${clock(i * 3 + 2)}\n${say(i)}\n\n`) },
  { fileName: 'zoom.vtt', expected: 'zoom', text: repeat('WEBVTT\n\n', (i) => `${i + 1}\n${clock(i * 3)} --> ${clock(i * 3 + 2)}\n${who(i)}: ${say(i)}\n\n`) },
  {
    fileName: 'teams.vtt',
    expected: 'teams',
    text: repeat('WEBVTT\n\n', (i) => `0a1b2c3d-4e5f-6789-abcd-ef01234567${String(i % 100).padStart(2, '0')}/${i}-0\n${clock(i * 3)} --> ${clock(i * 3 + 2)}\n<v ${who(i)}>${say(i)}</v>\n\n`),
  },
  { fileName: 'subtitles.srt', expected: 'srt', text: repeat('', (i) => `${i + 1}\n${clock(i * 3, ',')} --> ${clock(i * 3 + 2, ',')}\n${who(i)}: ${say(i)}\n\n`) },
  { fileName: 'table.csv', expected: 'csv', text: repeat('speaker,start,end,text\n', (i) => `${who(i)},${i * 3},${i * 3 + 2},"${say(i)}"\n`) },
  { fileName: 'table.tsv', expected: 'tsv', text: repeat('speaker\tstart\tend\ttext\n', (i) => `${who(i)}\t${i * 3}\t${i * 3 + 2}\t${say(i)}\n`) },
  { fileName: 'notes.txt', expected: 'text', text: repeat('', (i) => `${who(i)}: ${say(i)}\n`) },
  {
    fileName: 'meet.txt',
    expected: 'google-meet',
    text: repeat('Weekly sync (2026-03-02 10:00 GMT) - Transcript\nAttendees\nAda Lovelace, Grace Hopper, Alan Turing, Katherine Johnson\nTranscript\n', (i) => `${i % 10 === 0 ? `${clock(i * 3).slice(0, 8)}\n` : ''}${who(i)}: ${say(i)}\n`, 'Meeting ended after 01:00:00 👋\n'),
  },
  {
    fileName: 'assemblyai.json',
    expected: 'json',
    text: `{"id":"bench","status":"completed","utterances":[${repeat('', (i) => `${i ? ',' : ''}{"speaker":"${'ABCD'[i % 4]}","start":${i * 3000},"end":${i * 3000 + 2000},"confidence":0.93,"text":"${say(i)}"}`, ']}')}`,
  },
  {
    fileName: 'channel.json',
    expected: 'slack',
    text: `[${repeat('', (i) => `${i ? ',' : ''}{"type":"message","user":"U0${i % 4}","text":"${say(i)}","ts":"${1_700_000_000 + i * 3}.000200","user_profile":{"real_name":"${who(i)}"}}`, ']')}`,
  },
];

const host = await loadPluginHost();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log('format        size     detect(all)  parse     total     MB/s   (median of 15 runs, after 3 warm-ups)');
for (const input of inputs) {
  const bytes = new TextEncoder().encode(input.text);
  const prepared = host.prepare({ bytes, fileName: input.fileName });
  const detected = host.detect(prepared)[0]!;
  const detectTimes: number[] = [];
  const parseTimes: number[] = [];
  let result;
  for (let run = 0; run < 18; run++) {
    const t0 = performance.now();
    host.detect(host.prepare({ bytes, fileName: input.fileName }));
    const t1 = performance.now();
    result = host.parse({ bytes, fileName: input.fileName }, { format: detected.format });
    const t2 = performance.now();
    if (run >= 3) {
      detectTimes.push(t1 - t0);
      parseTimes.push(t2 - t1);
    }
  }
  const total = median(detectTimes) + median(parseTimes);
  const mark = detected.format === input.expected ? '' : `  (detected as ${detected.format}, expected ${input.expected})`;
  console.log(
    `${input.expected.padEnd(12)}  ${(bytes.length / 1024).toFixed(0).padStart(5)} KB  ${median(detectTimes).toFixed(2).padStart(8)} ms  ${median(parseTimes).toFixed(2).padStart(6)} ms  ${total.toFixed(2).padStart(6)} ms  ${(bytes.length / 1_048_576 / (total / 1000)).toFixed(0).padStart(5)}  ${result!.transcript.messages.length} messages${mark}`,
  );
}
