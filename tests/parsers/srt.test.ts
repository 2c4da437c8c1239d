// The SRT parser: every trap FORMATS.md lists for SubRip, its variants (speaker prefixes, diarised labels,
// word-level output, no speakers), detection ranking against the other built-in parsers, and clear errors.
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { srtParser as parser } from '../../plugins/parsers/srt/index.ts';
import { builtinHost, expectScores, failure, parserHelpers, parseWithin, repeatRows } from './support.ts';

const host = builtinHost();

const { parse, readAs, top, lines, detect } = parserHelpers(host, { fileName: 'captions.srt', parser });

describe('srt parser: manifest and detection', () => {
  it('declares itself', () => {
    expect(parser.manifest).toMatchObject({ apiVersion: 1, id: 'srt', kind: 'parser', name: 'SRT', version: '1.0.0', extensions: ['.srt'] });
  });

  it('scores index + comma timing 0.85, comma timing alone 0.7, dot timings low, anything else 0', () => {
    expectScores(detect, [
      ['1\n00:00:01,000 --> 00:00:02,000\nHi\n', 0.85],
      ['\n\n421\r\n00:31:37,894 --> 00:31:39,928 hack the gibson\r\nHi\r\n', 0.85],
      ['00:00:01,000 --> 00:00:02,000\nHi\n', 0.7],
      ['1\n00:00:01.000 --> 00:00:02.000\nHi\n', 0.5],
      ['00:00:01.000 --> 00:00:02.000\nHi\n', 0.3],
      ['WEBVTT\n\n1\n00:00:01,000 --> 00:00:02,000\nHi\n', 0],
      ['Alice: hello\nBob: hi', 0],
      ['{"segments": []}', 0],
      ['', 0],
    ]);
  });

  it('never throws and stays fast on large or odd input', () => {
    const big = '1\n00:00:01,000 --> 00:00:02,000\nwords words words\n\n'.repeat(20_000);
    const started = performance.now();
    expect(detect(big)).toBe(0.85);
    expect(detect('-->'.repeat(400_000))).toBe(0);
    expect(detect('1\n'.repeat(500_000))).toBe(0);
    // A guard against super-linear scanning (seconds on such input), not a speed target: bench/parsers.ts measures speed.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('wins over the other parsers on SRT, whatever the extension, and steps aside for WebVTT', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nAlice: Hello there.\n\n2\n00:00:02,500 --> 00:00:04,000\nBob: Hi.\n';
    expect(top(srt, 'captions.srt')).toMatchObject({ format: 'srt', confidence: 0.85 });
    expect(top(srt, 'captions.txt').format).toBe('srt');
    expect(top(srt, 'captions.vtt').format).toBe('srt');
    expect(top(`WEBVTT\n\n${srt.replaceAll(',', '.')}`, 'captions.srt').format).not.toBe('srt');
  });
});

describe('srt parser: cues and traps', () => {
  it('reads CRLF, a BOM, indices not starting at 1 and stray text after the timing line', () => {
    const text = '\uFEFF421\r\n00:31:37,894 --> 00:31:39,928 hack the gibson\r\n我有个点子\r\nOK, look, I think I have a plan here.\r\n\r\n422\r\n00:31:39,931 --> 00:31:41,931 X1:10 X2:20 Y1:5 Y2:9\r\nUsing mainly spoons.\r\n';
    const result = parse(text);
    expect(result.format).toBe('srt');
    expect(lines(result)).toEqual([
      { speaker: 'Unknown speaker', content: '我有个点子 OK, look, I think I have a plan here.', timestamp: 1897.894 },
      { speaker: 'Unknown speaker', content: 'Using mainly spoons.', timestamp: 1899.931 },
    ]);
    expect(result.transcript.duration).toBe(1901.931);
  });

  it('sorts cues that are out of time order (stable for equal starts)', () => {
    const text = '3\n00:00:09,000 --> 00:00:10,000\nAlice: Third.\n\n1\n00:00:01,000 --> 00:00:02,000\nAlice: First.\n\n2\n00:00:05,000 --> 00:00:06,000\nBob: Second.\n\n4\n00:00:05,000 --> 00:00:06,000\nCarol: Also second.\n';
    expect(lines(parse(text))).toEqual([
      { speaker: 'Alice', content: 'First.', timestamp: 1 },
      { speaker: 'Bob', content: 'Second.', timestamp: 5 },
      { speaker: 'Carol', content: 'Also second.', timestamp: 5 },
      { speaker: 'Alice', content: 'Third.', timestamp: 9 },
    ]);
  });

  it('skips empty cues without breaking the blocks around them, and needs no final newline', () => {
    const text = '1\n00:00:00,500 --> 00:00:07,000\nCaption text #1.\n\n2\n00:00:07,000 --> 00:00:11,890\n\n\n3\n00:00:11,890 --> 00:00:16,320\nCaption text #3.';
    expect(lines(parse(text))).toEqual([
      { speaker: 'Unknown speaker', content: 'Caption text #1.', timestamp: 0.5 },
      { speaker: 'Unknown speaker', content: 'Caption text #3.', timestamp: 11.89 },
    ]);
  });

  it('keys on timing lines: a missing blank line, a missing index and a numeric caption line all survive', () => {
    const text = '00:00:01,000 --> 00:00:02,000\nAlice: The code is\n42\n00:00:03,000 --> 00:00:04,000\nBob: Right.\n7\n\n00:00:05,000 --> 00:00:06,000\nAlice: Yes.';
    expect(lines(parse(text))).toEqual([
      { speaker: 'Alice', content: 'The code is', timestamp: 1 },
      { speaker: 'Bob', content: 'Right. 7', timestamp: 3 },
      { speaker: 'Alice', content: 'Yes.', timestamp: 5 },
    ]);
  });

  it('accepts dot decimals, single-digit hours and omitted hours', () => {
    const text = '1\n0:00:01.250 --> 0:00:02.000\nAlice: One.\n\n2\n00:03,500 --> 00:04,000\nBob: Two.\n\n3\n1:00:00,000 --> 1:00:01,000\nAlice: Three.\n';
    expect(lines(parse(text)).map((l) => l.timestamp)).toEqual([1.25, 3.5, 3600]);
  });

  it('strips <i> <b> <u> <font> and {\\an8} markup, then decodes entities once', () => {
    const text = '1\n00:00:01,000 --> 00:00:03,500\n{\\an8}<i>Alice:</i> <font color="#ff0">Fish</font> &amp; <b>chips</b>, a &lt;i&gt; tag &am\n';
    expect(lines(parse(text))).toEqual([{ speaker: 'Alice', content: 'Fish & chips, a <i> tag &am', timestamp: 1 }]);
  });
});

describe('srt parser: speakers', () => {
  it('splits `Name: text` on the first colon only and keeps colons in the text', () => {
    const text = '1\n00:00:01,000 --> 00:00:03,000\nAlice: The plan: ship on Friday.\n\n2\n00:00:04,000 --> 00:00:06,000\nBob: Agreed.\n';
    const result = readAs(text, 'speaker-prefix');
    expect(lines(result)).toEqual([
      { speaker: 'Alice', content: 'The plan: ship on Friday.', timestamp: 1 },
      { speaker: 'Bob', content: 'Agreed.', timestamp: 4 },
    ]);
  });

  it('does not read a sentence before a colon as a speaker', () => {
    const text = "1\n00:00:01,000 --> 00:00:03,000\nAlice: Listen.\n\n2\n00:00:10,000 --> 00:00:12,000\nSo here's the thing: we wait.\n\n3\n00:00:12,500 --> 00:00:13,000\nBob: Fine.\n";
    expect(lines(parse(text))).toEqual([
      { speaker: 'Alice', content: 'Listen.', timestamp: 1 },
      { speaker: 'Unknown speaker', content: "So here's the thing: we wait.", timestamp: 10 },
      { speaker: 'Bob', content: 'Fine.', timestamp: 12.5 },
    ]);
  });

  it('reads WhisperX `[SPEAKER_00]: text` labels as the diarized variant and merges consecutive cues of one speaker', () => {
    const text = '1\n00:00:06,578 --> 00:00:28,747\n[SPEAKER_02]: Bonjour.\n\n2\n00:00:28,767 --> 00:00:28,867\n[SPEAKER_00]: Allô?\n\n3\n00:00:28,887 --> 00:00:31,431\n[SPEAKER_00]: Bonjour, est-ce que je parle à Denise?\n';
    const result = readAs(text, 'diarized');
    expect(lines(result)).toEqual([
      { speaker: 'SPEAKER_02', content: 'Bonjour.', timestamp: 6.578 },
      { speaker: 'SPEAKER_00', content: 'Allô? Bonjour, est-ce que je parle à Denise?', timestamp: 28.767 },
    ]);
    expect(result.transcript.duration).toBe(31.431);
  });

  it('splits a cue holding two speakers on dialogue lines (`- Name: text`), SDH upper-case names included', () => {
    const text = '1\n00:00:01,000 --> 00:00:04,000\n- ALBA: Where are you?\n- BEN: Outside.\n';
    expect(lines(parse(text))).toEqual([
      { speaker: 'ALBA', content: 'Where are you?', timestamp: 1 },
      { speaker: 'BEN', content: 'Outside.', timestamp: 1 },
    ]);
  });

  it('gives an unlabelled cue to the previous speaker only when it follows within two seconds', () => {
    const text = '1\n00:00:01,000 --> 00:00:03,000\nAlice: I think we should\n\n2\n00:00:03,500 --> 00:00:05,000\nwait for the numbers.\n\n3\n00:00:30,000 --> 00:00:31,000\nApplause.\n';
    expect(lines(parse(text))).toEqual([
      { speaker: 'Alice', content: 'I think we should wait for the numbers.', timestamp: 1 },
      { speaker: 'Unknown speaker', content: 'Applause.', timestamp: 30 },
    ]);
  });

  it('merges word-level cues into sentences (gap under two seconds, no sentence end), the word-level variant', () => {
    const words = [
      ['00:00:01,185', '00:00:01,667', 'Bella,'],
      ['00:00:02,651', '00:00:03,052', 'Gloria,'],
      ['00:00:03,072', '00:00:03,273', 'love.'],
      ['00:00:03,754', '00:00:03,855', 'How'],
      ['00:00:03,900', '00:00:04,000', 'are'],
      ['00:00:07,000', '00:00:07,200', 'you?'],
    ];
    const text = words.map(([start, end, word], i) => `${i + 1}\n${start} --> ${end}\n${word}\n`).join('\n');
    const result = readAs(text, 'word-level');
    expect(lines(result)).toEqual([
      { speaker: 'Unknown speaker', content: 'Bella, Gloria, love.', timestamp: 1.185 },
      { speaker: 'Unknown speaker', content: 'How are', timestamp: 3.754 },
      { speaker: 'Unknown speaker', content: 'you?', timestamp: 7 },
    ]);
  });

  it('keeps sentence-sized cues without speakers as separate messages (no-speakers)', () => {
    const text = '1\n00:00:00,000 --> 00:00:03,000\nBella, Gloria, love.\n\n2\n00:00:03,000 --> 00:00:04,000\nI said she could stay\n\n3\n00:00:04,000 --> 00:00:05,000\njust until she feels better.\n';
    const result = readAs(text, 'no-speakers');
    expect(lines(result).map((l) => l.content)).toEqual(['Bella, Gloria, love.', 'I said she could stay just until she feels better.']);
  });
});

describe('srt parser: errors and contract', () => {
  it('refuses text without timing lines, and files whose cues are all empty', () => {
    const none = failure(() => parse('Just some notes\nwith no cues at all.\n', 'notes.srt', 'srt'));
    expect(none.code).toBe('no-messages');
    expect(none.message).toBe('SRT: no cues found: an SRT file holds timing lines such as "00:00:01,000 --> 00:00:04,000"');
    const empty = failure(() => parse('1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\n  \n', 'empty.srt', 'srt'));
    expect(empty.code).toBe('no-messages');
    expect(empty.message).toBe('SRT: no messages found: every subtitle cue is empty');
    expect(failure(() => parse('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n', 'a.srt', 'srt')).message).toBe('SRT: this is a WebVTT file (it starts with WEBVTT), not SRT');
  });

  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: 'talk.srt', content: '1\n00:00:01,000 --> 00:00:02,000\nAlice: Hi.\n' },
      { fileName: 'crlf.srt', content: '1\r\n00:00:01,000 --> 00:00:02,000\r\nHello there.\r\n' },
      { fileName: 'headerless.txt', content: '00:00:01,000 --> 00:00:02,000\nHello there.\n' },
      { fileName: 'notes.srt', content: 'Not subtitles at all.', readable: false },
      { fileName: 'empty-cues.srt', content: '1\n00:00:01,000 --> 00:00:02,000\n\n', readable: false },
    ]);
  });

  it('parses 1 MB in well under a second', () => {
    const clock = (s: number) => `${[Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':')},000`;
    const cue = (i: number) => `${i}\n${clock(i * 2)} --> ${clock(i * 2 + 1)}\n[SPEAKER_0${i % 3}]: words and more words here.\n\n`;
    const { text, rows } = repeatRows(1_000_000, cue, { from: 1 });
    const result = parseWithin(parser, text, '.srt', 1000);
    expect(result.transcript.messages).toHaveLength(rows);
  });
});
