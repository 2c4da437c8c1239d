// The plain-text parser, the generic fallback: Otter exports, `Name: text`, `[SPEAKER_00]: text`,
// `[HH:MM:SS] Name: text`, `**Name** [M:SS] text`, name/time/text blocks, timestamped lines, paragraphs; its low
// scores next to the Google Meet and Zoom parsers; clear errors for what is not text.
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { textParser as parser } from '../../plugins/parsers/text/index.ts';
import { builtinHost, expectScores, failure, parserHelpers, parseWithin } from './support.ts';

const host = builtinHost();

const { parse, readAs, claims: ranking, lines, detect } = parserHelpers(host, { fileName: 'notes.txt', parser });

const OTTER = "Alice Chen  0:01  \nRight, let's start with the renewal. They came back asking for\na twelve percent increase.\n\nBob Ferreira  0:09  \nTwelve? That's well above what we budgeted.\n\nAlice Chen  1:02:03\nAgreed.\n\nTranscribed by https://otter.ai\n";

describe('text parser: manifest and detection', () => {
  it('declares itself', () => {
    expect(parser.manifest).toMatchObject({ apiVersion: 1, id: 'text', kind: 'parser', name: 'Plain text', version: '1.0.0', extensions: ['.txt'] });
  });

  it('scores each layout: signatures high, plain `Name: text` at most 0.55, anything else 0.1', () => {
    expectScores(detect, [
      [OTTER, 0.9],
      [OTTER.replace('Transcribed by https://otter.ai\n', ''), 0.85],
      ['[SPEAKER_00]: Bonjour.\n[SPEAKER_01]: Allô?\n', 0.8],
      ['**Emma** [0:00] Hello.\n\n**Kelly** [0:18] Hi.\n', 0.75],
      ['[00:00:01] Alice: Hello.\n[00:00:04] Bob: Hi.\n', 0.7],
      ['Alice: Hello.\nBob: Hi.\nAlice: How are you?\nBob: Fine.\n', 0.55],
      ['Alice: Hello.\nsome wrapped text\nBob: Hi.\nmore wrapped text\n', 0.475],
      ['Tom Sweeney\nTom Sweeney\n11:17\nOkay, let us start.\nNeil Smith\nNeil Smith\n12:25\nThanks.\n', 0.45],
      ['00:00:04 and that maintaining it\n00:00:09 is hard work\n', 0.4],
      ['Notes from today.\n\nWe agreed to ship.\n', 0.1],
    ]);
  });

  it('scores 0 for JSON, WebVTT, SRT, tables and text without letters', () => {
    expectScores(detect, [
      ['{"utterances": []}', 0],
      ['[{"speaker": "A"}]', 0],
      ['WEBVTT\n\n00:01.000 --> 00:02.000\nAlice: Hi\n', 0],
      ['1\n00:00:01,000 --> 00:00:02,000\nAlice: Hi\n', 0],
      ['speaker,start,text\nAlice,1,Hello\nBob,2,Hi\n', 0],
      ['---\n***\n...\n', 0],
    ]);
  });

  it('stays below the Google Meet and Zoom parsers on their text files', () => {
    const meet = 'xrq-uemd-bzy (2023-09-21 11:02 GMT-4) - Transcript\nAttendees\nAlice Ng, Bob Li\nTranscript\nAlice Ng: Hello.\nBob Li: Hi.\n';
    expect(ranking(meet)).toEqual([['google-meet', 0.97], ['text', 0.2]]);
    const meetBody = 'Alice Ng: Hello.\nBob Li: Hi.\n00:05:00\nAlice Ng: More.\nMeeting ended after 00:06:00 👋\n';
    expect(ranking(meetBody)[0]![0]).toBe('google-meet');
    expect(detect(meetBody)).toBe(0.2);
    const meetChat = 'Brent Baude11:04\u202fAM\nis it the default?\nYou11:06\u202fAM\nsorry about that\nMatt Heon11:09\u202fAM\nok\n';
    expect(ranking(meetChat)[0]![0]).toBe('google-meet');
    const zoomSaved = '[Speaker A] 15:05:17\nthe most competitive fields.\n\n[Speaker B] 15:05:41\nThank you: I am.\n';
    expect(ranking(zoomSaved)[0]![0]).toBe('zoom');
    expect(detect(zoomSaved)).toBeLessThanOrEqual(0.2);
    const zoomChat = '00:21:14\tAndrew Knight:\tHello Everyone\n00:21:35\tRingo Starr:\tHi\n';
    expect(ranking(zoomChat)[0]![0]).toBe('zoom');
    const zoomFromTo = ' 10:56:23 From Tom Sweeney (Red Hat, Inc.) To Everyone:\n \tMeeting agenda: https://example.com\n';
    expect(ranking(zoomFromTo)[0]![0]).toBe('zoom');
    expect(detect(zoomFromTo)).toBe(0.2);
  });

  it('never throws and stays fast on large input', () => {
    const big = 'Alice: words and more words here.\nBob: and some more.\n'.repeat(20_000);
    const started = performance.now();
    expect(detect(big)).toBe(0.55);
    expect(detect('a'.repeat(1_000_000))).toBe(0.1);
    expect(detect(':'.repeat(1_000_000))).toBe(0);
    // A guard against super-linear scanning (seconds on such input), not a speed target: bench/parsers.ts measures speed.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('text parser: layouts', () => {
  it('reads Otter exports: `Name  M:SS` headers, wrapped text, hour times, footer dropped', () => {
    const result = parse(OTTER);
    expect(result).toMatchObject({ format: 'text', variant: 'otter', confidence: 0.9 });
    expect(lines(result)).toEqual([
      { speaker: 'Alice Chen', content: "Right, let's start with the renewal. They came back asking for a twelve percent increase.", timestamp: 1 },
      { speaker: 'Bob Ferreira', content: "Twelve? That's well above what we budgeted.", timestamp: 9 },
      { speaker: 'Alice Chen', content: 'Agreed.', timestamp: 3723 },
    ]);
    expect(result.transcript.duration).toBe(3723);
  });

  it('reads Otter exports with Markdown bold names and merges consecutive blocks of one label', () => {
    const text = '**Emma**  0:00  \nWelcome.\n\n**Unknown Speaker**  0:29  \nHey, Kelly.\n\n**Unknown Speaker**  0:35  \nTell me about it.\n\nTranscribed by https://otter.ai\n';
    expect(lines(parse(text))).toEqual([
      { speaker: 'Emma', content: 'Welcome.', timestamp: 0 },
      { speaker: 'Unknown Speaker', content: 'Hey, Kelly. Tell me about it.', timestamp: 29 },
    ]);
  });

  it('reads `**Name** [M:SS] text` and decodes HTML entities once', () => {
    const text = '**Emma** [0:00] Today we&#39;re talking &quot;tech&quot; &amp;lt;3\n\n**Kelly** [0:18] Welcome to the [Ladybug] podcast.\n';
    const result = readAs(text, 'bold-name-timestamps');
    expect(lines(result)).toEqual([
      { speaker: 'Emma', content: 'Today we\'re talking "tech" &lt;3', timestamp: 0 },
      { speaker: 'Kelly', content: 'Welcome to the [Ladybug] podcast.', timestamp: 18 },
    ]);
  });

  it('reads `[HH:MM:SS] Name: text` lines and merges consecutive turns of one speaker', () => {
    const result = readAs('[00:00:01] Alice: The contract renews automatically.\n[00:00:04] Bob: Only if neither party gives notice.\n[00:00:08] Bob: Which we never do, historically.\n', 'bracketed-timestamps');
    expect(lines(result)).toEqual([
      { speaker: 'Alice', content: 'The contract renews automatically.', timestamp: 1 },
      { speaker: 'Bob', content: 'Only if neither party gives notice. Which we never do, historically.', timestamp: 4 },
    ]);
    expect(result.transcript.duration).toBe(8);
  });

  it('reads WhisperX `[SPEAKER_00]: text` lines (no times)', () => {
    const result = readAs('[SPEAKER_02]: Bonjour.\r\n[SPEAKER_00]: Allô?\r\n[SPEAKER_00]: Bonjour, est-ce que je parle à Denise?\r\n[SPEAKER_01]: Oui.\r\n', 'diarized');
    expect(lines(result)).toEqual([
      { speaker: 'SPEAKER_02', content: 'Bonjour.', timestamp: null },
      { speaker: 'SPEAKER_00', content: 'Allô? Bonjour, est-ce que je parle à Denise?', timestamp: null },
      { speaker: 'SPEAKER_01', content: 'Oui.', timestamp: null },
    ]);
    expect(result.transcript).not.toHaveProperty('duration');
  });

  it('reads `Name: text` lines: first colon only, continuation lines, a name alone on its line, entities', () => {
    const text = "Alice: The plan: ship on Friday.\nSo here's the thing: we need QA.\n\nBob:\nFish &amp; chips after?\nDr. Smith: Agreed.\n";
    const result = readAs(text, 'speaker-lines');
    expect(lines(result)).toEqual([
      { speaker: 'Alice', content: "The plan: ship on Friday. So here's the thing: we need QA.", timestamp: null },
      { speaker: 'Bob', content: 'Fish & chips after?', timestamp: null },
      { speaker: 'Dr. Smith', content: 'Agreed.', timestamp: null },
    ]);
  });

  it('reads name / time / text blocks (a web player copy): the repeated name line is the speaker', () => {
    const text = ' Tom Sweeney (Red Hat, Inc.)\n Tom Sweeney (Red Hat, Inc.)\n 11:17\n Okay, so let us start.\n Go ahead, Neil.\n Neil Smith\n Neil Smith\n 12:25\n Figuring out the buttons.\n';
    expect(ranking(text)[0]![0]).toBe('zoom');
    const result = parse(text, 'copy.txt', 'text');
    expect(result.variant).toBe('time-blocks');
    expect(lines(result)).toEqual([
      { speaker: 'Tom Sweeney (Red Hat, Inc.)', content: 'Okay, so let us start. Go ahead, Neil.', timestamp: 677 },
      { speaker: 'Neil Smith', content: 'Figuring out the buttons.', timestamp: 745 },
    ]);
  });

  it('reads name / time / text blocks where the name line follows a blank line, and speakerless time headers', () => {
    const result = readAs('Alice Chen\n0:01\nHello there, all.\n\nBob Li\n0:09\nHi.\n\n0:15\nSomeone coughs.\n', 'time-blocks');
    expect(lines(result)).toEqual([
      { speaker: 'Alice Chen', content: 'Hello there, all.', timestamp: 1 },
      { speaker: 'Bob Li', content: 'Hi.', timestamp: 9 },
      { speaker: 'Unknown speaker', content: 'Someone coughs.', timestamp: 15 },
    ]);
  });

  it('reads `HH:MM:SS text` lines as one unknown speaker, joined into sentences', () => {
    const result = readAs('00:00:04 and that maintaining it\n00:00:05 is hard work.\n00:00:09 Next topic.\n', 'timestamped-lines');
    expect(lines(result)).toEqual([
      { speaker: 'Unknown speaker', content: 'and that maintaining it is hard work.', timestamp: 4 },
      { speaker: 'Unknown speaker', content: 'Next topic.', timestamp: 9 },
    ]);
  });

  it('reads anything else as paragraphs from one unknown speaker', () => {
    const result = parse('\uFEFFNotes from today.\r\nShort ones.\r\n\r\n\r\nWe agreed to ship: on Friday.\r\n');
    expect(result).toMatchObject({ variant: 'paragraphs', confidence: 0.1 });
    expect(result.warnings).toEqual(['Low confidence (0.1) that this is a Plain text file: check the result.']);
    expect(lines(result)).toEqual([
      { speaker: 'Unknown speaker', content: 'Notes from today. Short ones.', timestamp: null },
      { speaker: 'Unknown speaker', content: 'We agreed to ship: on Friday.', timestamp: null },
    ]);
  });
});

describe('text parser: errors and contract', () => {
  it('refuses what is not a text transcript, with the reason', () => {
    expect(failure(() => parse('{"a": 1}', 'data.txt', 'text')).message).toBe('Plain text: this is JSON, not a plain-text transcript');
    expect(failure(() => parse('WEBVTT\n', 'a.txt', 'text')).message).toBe('Plain text: this is a WebVTT file, not a plain-text transcript');
    const noLetters = failure(() => parse('---\n***\n', 'a.txt', 'text'));
    expect(noLetters.code).toBe('invalid');
    expect(noLetters.message).toBe('Plain text: no text found: the file holds no letters or digits');
  });

  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: 'otter.txt', content: OTTER },
      { fileName: 'lines.txt', content: 'Alice: Hi.\r\nBob: Hello.\r\n' },
      { fileName: 'notes.txt', content: 'Just some notes.' },
      { fileName: 'data.txt', content: '[1, 2, 3]', readable: false },
      { fileName: 'rule.txt', content: '-----', readable: false },
    ]);
  });

  it('parses 1 MB in well under a second', () => {
    const text = OTTER.replace('Transcribed by https://otter.ai\n', '').repeat(Math.ceil(1_000_000 / OTTER.length));
    const result = parseWithin(parser, text, '.txt', 1000);
    expect(result.transcript.messages.length).toBeGreaterThan(3000);
  });
});
