// The Google Meet parser: the transcript document in every title/footer generation (dates from the title line,
// roster, markers, end line, Markdown copies, Gemini notes documents) and the in-call chat; detection ranking
// against the other built-in parsers; clear errors.
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { googleMeetParser as parser } from '../../plugins/parsers/google-meet/index.ts';
import { readTitle } from '../../plugins/parsers/google-meet/title.ts';
import { builtinHost, expectScores, failure, parserHelpers, parseWithin } from './support.ts';

const host = builtinHost();

const { parse, readAs, claims: ranking, lines, detect } = parserHelpers(host, { fileName: 'meet.txt', parser });

const TRANSCRIPT = [
  'xrq-uemd-bzy (2023-09-21 11:02 GMT-4) - Transcript',
  'Attendees',
  '',
  "Ann Lee, Bo Chen, Cy Díaz, Ann Lee's Presentation, Fireflies.ai Notetaker Ann, read.ai meeting notes",
  'Transcript',
  '',
  'This editable transcript was computer generated and might contain errors. People can also change the text after it was created.',
  '',
  'Ann Lee: Good morning. The plan: ship on Friday.',
  ' So here is the thing: we need QA first.',
  '',
  'Ann Lee: Any questions?',
  '',
  'Bo Chen: ',
  '',
  '00:05:00',
  '',
  'Bo Chen: Fish &amp; chips after?',
  'Ann Lee: Sure…',
  '',
  'Meeting ended after 00:07:30 👋',
  '',
  'This editable transcript was computer generated and might contain errors. People can also change the text after it was created.',
].join('\n');

describe('google-meet parser: manifest and detection', () => {
  it('declares itself', () => {
    expect(parser.manifest).toMatchObject({ apiVersion: 1, id: 'google-meet', kind: 'parser', name: 'Google Meet', version: '1.0.0', extensions: ['.txt'] });
  });

  it('scores the title line 0.97, the notice 0.95, the scaffolding 0.9, the end line 0.85, chat 0.85/0.7, markers 0.6', () => {
    expectScores(detect, [
      [TRANSCRIPT, 0.97],
      ['This editable transcript was computer generated and might contain errors.\n\nAnn: Hi.\n', 0.95],
      ['Weekly sync - Transcript\nAttendees\nAnn, Bo\nTranscript\nAnn: Hi.\nBo: Hello.\n', 0.9],
      ['Notes\n📖 Transcript\nAnn: Hi.\n', 0.9],
      ['Ann: Hi.\nBo: Hello.\nTranscription ended after 00:01:00\n', 0.85],
      ['Brent Baude11:04\u202fAM\nis it the default?\nYou11:06\u202fAM\nsorry\n', 0.85],
      ['Brent Baude11:04\nis it the default?\nYou11:06\nsorry\n', 0.7],
      ['Ann: Hi.\nBo: Hello.\n00:05:00\nAnn: More.\nBo: Yes.\n', 0.6],
      ['Ann: Hi.\nBo: Hello.\n', 0],
      ['[Speaker A] 15:05:17\nhello\n\n[Speaker B] 15:05:41\nhi\n', 0],
      ['{"transcriptEntries": []}', 0],
      ['', 0],
    ]);
  });

  it('wins over the text and Zoom parsers on Meet files, and leaves Zoom files alone', () => {
    expect(ranking(TRANSCRIPT)[0]).toEqual(['google-meet', 0.97]);
    expect(ranking(TRANSCRIPT, 'meet.vtt')[0]![0]).toBe('google-meet');
    expect(ranking('Brent Baude11:04\u202fAM\nis it the default?\nYou11:06\u202fAM\nsorry\n')[0]).toEqual(['google-meet', 0.85]);
    expect(ranking('[Speaker A] 15:05:17\nhello\n\n[Speaker B] 15:05:41\nhi\n')[0]![0]).toBe('zoom');
  });

  it('never throws and stays fast on large input', () => {
    const big = TRANSCRIPT.split('Meeting ended')[0]!.repeat(200);
    const started = performance.now();
    expect(detect(big)).toBe(0.97);
    expect(detect('Ann: words\n'.repeat(100_000))).toBe(0);
    expect(detect('x'.repeat(1_000_000))).toBe(0);
    // A guard against super-linear scanning (seconds on such input), not a speed target: bench/parsers.ts measures speed.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('google-meet parser: title lines', () => {
  it.each([
    ['xrq-uemd-bzy (2023-09-21 11:02 GMT-4) - Transcript', 'xrq-uemd-bzy', '2023-09-21T11:02:00-04:00'],
    ['Standup (2024-01-05 09:30 GMT+5:30) – Transcript', 'Standup', '2024-01-05T09:30:00+05:30'],
    ['## Polygon Call (2023-04-20 16:04 GMT+1) - Transcript', 'Polygon Call', '2023-04-20T16:04:00+01:00'],
    ['**Call (2023-04-20 16:04 GMT) - Transcript**', 'Call', '2023-04-20T16:04:00+00:00'],
    ['# Polygon Call – 2024/09/26 15:37 BST – Transcript', 'Polygon Call', '2024-09-26T15:37:00+01:00'],
    ['# Polygon Call - 2025/01/16 15:52 GMT - Transcript', 'Polygon Call', '2025-01-16T15:52:00+00:00'],
    ['Review - 2025/06/02 10:00 CEST - Transcript', 'Review', '2025-06-02T10:00:00+02:00'],
    ['Review - 2025/06/02 10:00 XYZT - Transcript', 'Review', '2025-06-02T10:00:00'],
  ])('%s', (line, title, date) => {
    expect(readTitle(line)).toEqual({ title, date });
  });

  it('does not take an impossible date', () => {
    expect(readTitle('Call (2023-13-40 11:02 GMT-4) - Transcript')).toEqual({ title: 'Call' });
    expect(readTitle('Just a line')).toBeUndefined();
  });
});

describe('google-meet parser: transcripts', () => {
  it('reads title, date, turns, markers, the end line, and the roster minus presentations and bots', () => {
    const result = parse(TRANSCRIPT);
    expect(result).toMatchObject({ format: 'google-meet', variant: 'transcript' });
    expect(result.transcript).toMatchObject({ title: 'xrq-uemd-bzy', date: '2023-09-21T11:02:00-04:00', duration: 450 });
    expect(lines(result)).toEqual([
      { speaker: 'Ann Lee', content: 'Good morning. The plan: ship on Friday. So here is the thing: we need QA first. Any questions?', timestamp: 0 },
      { speaker: 'Bo Chen', content: 'Fish & chips after?', timestamp: 300 },
      { speaker: 'Ann Lee', content: 'Sure…', timestamp: 300 },
    ]);
    // Speakers first, in order of speech, then attendees who never spoke.
    expect(result.transcript.participants).toEqual([
      { id: 'p1', name: 'Ann Lee' },
      { id: 'p2', name: 'Bo Chen' },
      { id: 'p3', name: 'Cy Díaz' },
    ]);
  });

  it('leaves messages untimed when the transcript has no marker lines', () => {
    const result = parse('Call (2023-04-20 16:04 GMT+1) - Transcript\n\n### Attendees\nAnn, Bo\n\n# Transcript\n\n#### **This editable transcript was computer generated and might contain errors.**\n\nAnn: Hello.\nBo: Hi.\n');
    expect(lines(result).map((l) => l.timestamp)).toEqual([null, null]);
    expect(result.transcript).not.toHaveProperty('duration');
  });

  it('reads Markdown copies: heading markers, italic notice, bold `**Name:**` turns, en dash titles', () => {
    const text = '# Polygon Call – 2024/09/26 15:37 BST – Transcript\n\n### Attendees\n\nAnn Lee, Bo Chen\n\n#### _This editable transcript was computer generated and might contain errors. People can also change the text after it was created._\n\n**Ann Lee:** Welcome.\n\n00:05:00\n\n**Bo Chen:** Thanks.\n\nTranscription ended after 00:06:10\n';
    const result = parse(text);
    expect(result.transcript).toMatchObject({ title: 'Polygon Call', date: '2024-09-26T15:37:00+01:00', duration: 370 });
    expect(lines(result)).toEqual([
      { speaker: 'Ann Lee', content: 'Welcome.', timestamp: 0 },
      { speaker: 'Bo Chen', content: 'Thanks.', timestamp: 300 },
    ]);
  });

  it('reads only the transcript of a Gemini notes document, and its date line', () => {
    const text = '📝 Notes\nJan 5, 2025\nSummary\nAnn: proposed a launch date.\nYou should review Gemini\'s notes to make sure they\'re accurate.\n📖 Transcript\nJan 5, 2025\nAnn: Shall we launch on Friday?\n00:05:00\nBo: Yes.\nTranscription ended after 00:05:30\n';
    const result = readAs(text, 'gemini-transcript');
    expect(result.transcript).toMatchObject({ date: '2025-01-05', duration: 330 });
    expect(lines(result)).toEqual([
      { speaker: 'Ann', content: 'Shall we launch on Friday?', timestamp: 0 },
      { speaker: 'Bo', content: 'Yes.', timestamp: 300 },
    ]);
  });

  it('keeps a colon sentence inside a turn, and a one-off label that is not a name, as text', () => {
    const text = 'Call (2024-01-05 09:30 GMT+1) - Transcript\nAttendees\nAnn Lee, Bo Chen\nTranscript\nAnn Lee: We decided.\nthe catch: it is late.\nBo Chen: Fine.\n';
    expect(lines(parse(text))).toEqual([
      { speaker: 'Ann Lee', content: 'We decided. the catch: it is late.', timestamp: null },
      { speaker: 'Bo Chen', content: 'Fine.', timestamp: null },
    ]);
  });
});

describe('google-meet parser: chat', () => {
  it('reads `Name11:04 AM` headers (narrow no-break space), multi-line messages, and `You`', () => {
    const result = parse('Brent Baude11:04\u202fAM\nis it the default in main branch ?\nYou11:06\u202fAM\nAnders, sorry about dropping you\nhit the wrong button\nMatt Heon12:01\u202fPM\nok\n');
    expect(result).toMatchObject({ format: 'google-meet', variant: 'chat' });
    expect(lines(result)).toEqual([
      { speaker: 'Brent Baude', content: 'is it the default in main branch ?', timestamp: 0 },
      { speaker: 'You', content: 'Anders, sorry about dropping you hit the wrong button', timestamp: 120 },
      { speaker: 'Matt Heon', content: 'ok', timestamp: 3420 },
    ]);
    expect(result.transcript.duration).toBe(3420);
    expect(result.transcript).not.toHaveProperty('date');
  });

  it('keeps consecutive messages of one sender apart, and crosses midnight', () => {
    const result = parse('Ann11:58\u202fPM\nfirst\nAnn11:59\u202fPM\nsecond\nBo12:03\u202fAM\nafter midnight\n');
    expect(lines(result)).toEqual([
      { speaker: 'Ann', content: 'first', timestamp: 0 },
      { speaker: 'Ann', content: 'second', timestamp: 60 },
      { speaker: 'Bo', content: 'after midnight', timestamp: 300 },
    ]);
  });

  it('does not take a sentence ending in a time for a header', () => {
    expect(detect('Standup at 9:30 AM\nReview at 11:00 AM\nLunch at 1:00 PM\n')).toBe(0);
  });

  it('reads 24-hour headers', () => {
    expect(lines(parse('Ann Lee14:05\nhello\nBo14:07\nhi\n'))).toEqual([
      { speaker: 'Ann Lee', content: 'hello', timestamp: 0 },
      { speaker: 'Bo', content: 'hi', timestamp: 120 },
    ]);
  });
});

describe('google-meet parser: errors and contract', () => {
  it('refuses text that is not from Meet, and a Meet title without turns', () => {
    const other = failure(() => parse('Ann: Hi.\nBo: Hello.\n', 'notes.txt', 'google-meet'));
    expect(other.code).toBe('invalid');
    expect(other.message).toBe('Google Meet: this is not a Google Meet transcript or chat: no Meet title line ("... - Transcript"), transcript notice or "Name11:04 AM" chat lines were found');
    const empty = failure(() => parse('Call (2024-01-05 09:30 GMT+1) - Transcript\nAttendees\nAnn, Bo\nTranscript\n', 'meet.txt', 'google-meet'));
    expect(empty.code).toBe('no-messages');
    expect(empty.message).toBe('Google Meet: no messages found: the transcript has a title but no "Name: text" turns');
  });

  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: 'meet.txt', content: TRANSCRIPT },
      { fileName: 'meet-crlf.txt', content: TRANSCRIPT.replaceAll('\n', '\r\n') },
      { fileName: 'chat.txt', content: 'Ann11:04 AM\nhello\nBo11:05 AM\nhi\n' },
      { fileName: 'plain.txt', content: 'Ann: Hi.\nBo: Hello.\n', readable: false },
      { fileName: 'title-only.txt', content: 'Call (2024-01-05 09:30 GMT+1) - Transcript\n', readable: false },
    ]);
  });

  it('parses 1 MB in well under a second', () => {
    const body = TRANSCRIPT.split('\n').slice(8, 19).join('\n') + '\n';
    const text = TRANSCRIPT.split('\n').slice(0, 8).join('\n') + '\n' + body.repeat(Math.ceil(1_000_000 / body.length));
    const result = parseWithin(parser, text, '.txt', 1000);
    expect(result.transcript.messages.length).toBeGreaterThan(10_000);
  });
});
