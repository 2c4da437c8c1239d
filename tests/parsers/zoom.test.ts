// The Zoom parser: cloud-recording VTT, in-meeting saved transcript, both chat layouts, the web-player copy,
// and the participants report it refuses; detection ranking against the other built-in parsers.
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { zoomParser as parser } from '../../plugins/parsers/zoom/index.ts';
import { builtinHost, expectScores, failure, messageTuples, parserHelpers } from './support.ts';

const host = builtinHost();

const { parse, readAs, ranking, lines, detect } = parserHelpers(host, { fileName: 'meeting.txt', parser });
const crlf = (...rows: string[]) => rows.join('\r\n');
/** A WebVTT file of cues numbered from 1, as Zoom writes them: [timing line, payload] per cue. */
const numberedVtt = (cues: [timing: string, payload: string][], newline = '\n') =>
  ['WEBVTT', '', ...cues.flatMap(([timing, payload], i) => [String(i + 1), timing, payload, ''])].join(newline);

const CLOUD_VTT = numberedVtt(
  [
    ['00:00:04.859 --> 00:00:07.410', 'Andrew Knight: Okay, so we are recording. We are streaming'],
    ['00:00:09.540 --> 00:00:12.990', 'Tom Sweeney (Red Hat, Inc.): Great. So here is the thing: we are behind.'],
    ['00:00:13.500 --> 00:00:14.000', 'And that'],
    ['00:00:15.000 --> 00:00:16.000', 'Andrew Knight: Yes &amp; no'],
    ['00:00:16.000 --> 00:00:17.000', 'continues here.'],
  ],
  '\r\n',
);

describe('zoom parser: manifest and detection', () => {
  it('declares itself', () => {
    expect(parser.manifest).toMatchObject({
      apiVersion: 1, id: 'zoom', kind: 'parser', name: 'Zoom', version: '1.0.0',
      extensions: ['.vtt', '.txt', '.csv'], mediaTypes: ['text/vtt', 'text/plain', 'text/csv'],
    });
  });

  it('gives each Zoom layout its signature score', () => {
    expectScores(detect, [
      [CLOUD_VTT, 0.95],
      [CLOUD_VTT.replace('WEBVTT\r\n\r\n', ''), 0.93],
      ['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nAlice: hi\n\n00:00:03.000 --> 00:00:04.000\nBob: hey\n', 0.7],
      ['[Speaker A] 15:05:17\nHello.\n\n[Speaker B] 15:05:41\nHi.\n', 0.95],
      ['00:21:14\tAndrew Knight:\tHello Everyone\n', 0.95],
      [' 10:56:23 From Tom Sweeney (Red Hat, Inc.) To Everyone:\n \tAgenda\n', 0.95],
      ['Meeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants,\n', 0.97],
      ['WEBVTT\n\n00:06.578 --> 00:28.747\n[SPEAKER_02]: Bonjour.\n', 0],
      ['Alice: hello\nBob: hi\n', 0],
      ['', 0],
    ]);
  });

  it('beats the generic WebVTT and SRT parsers on Zoom VTT, with and without the header', () => {
    const withHeader = ranking(CLOUD_VTT, 'GMT20240124-202901_Recording.transcript.vtt');
    expect(withHeader[0]!.format).toBe('zoom');
    expect(withHeader.find((c) => c.format === 'webvtt')!.confidence).toBeLessThan(withHeader[0]!.confidence);
    const headerless = ranking(CLOUD_VTT.replace('WEBVTT\r\n\r\n', ''), 'transcript.vtt');
    expect(headerless[0]).toMatchObject({ format: 'zoom', confidence: 0.93 });
    expect(headerless.find((c) => c.format === 'srt')!.confidence).toBeLessThan(0.93);
  });

  it('leaves `Name:` VTT without Zoom cue numbers to the generic WebVTT parser', () => {
    const text = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nAlice: hi\n\n00:00:03.000 --> 00:00:04.000\nBob: hey\n';
    expect(ranking(text, 'x.vtt')[0]!.format).toBe('webvtt');
  });

  it('scores its .txt layouts above the generic text parser (at most 0.55)', () => {
    for (const text of [
      '[Speaker A] 15:05:17\nHello there.\n\n[Speaker B] 15:05:41\nHi.\n',
      '00:21:14\tAndrew Knight:\tHello Everyone\n00:21:35\tRingo Starr:\tHi\n',
      ' 10:56:23 From Tom Sweeney To Everyone:\n \tAgenda: here\n     \n 11:21:34 From Matt To Everyone:\n \tThanks\n',
      'Alice Smith\nAlice Smith\n00:05\nHello there.\nBob Jones\nBob Jones\n00:09\nHi Alice.\n',
    ]) {
      const candidates = ranking(text, 'meeting.txt');
      expect(candidates[0]!.format).toBe('zoom');
      expect(candidates[0]!.confidence).toBeGreaterThan(0.55);
      expect(candidates.find((c) => c.format === 'text')?.confidence ?? 0).toBeLessThanOrEqual(0.55);
    }
  });
});

describe('zoom parser: cloud-recording VTT', () => {
  it('reads numbered `Name: text` cues with CRLF, splitting on the first colon only', () => {
    const result = readAs(CLOUD_VTT, 'cloud-recording-vtt', 'GMT20240124-202901_Recording.transcript.vtt');
    expect(result.format).toBe('zoom');
    expect(lines(result)).toEqual([
      { speaker: 'Andrew Knight', content: 'Okay, so we are recording. We are streaming', timestamp: 4.859 },
      { speaker: 'Tom Sweeney (Red Hat, Inc.)', content: 'Great. So here is the thing: we are behind.', timestamp: 9.54 },
      { speaker: 'Unknown speaker', content: 'And that', timestamp: 13.5 },
      { speaker: 'Andrew Knight', content: 'Yes & no continues here.', timestamp: 15 },
    ]);
    expect(result.transcript.participants.map((p) => p.name)).toEqual(['Andrew Knight', 'Tom Sweeney (Red Hat, Inc.)', 'Unknown speaker']);
    expect(result.transcript.duration).toBe(17);
    expect(result.transcript.date).toBe('2024-01-24T20:29:01Z');
  });

  it('accepts a prefix seen on several cues even when it does not read like a name, and no other', () => {
    const text = numberedVtt([
      ['00:00:01.000 --> 00:00:02.000', 'Dr. Jane Doe: First.'],
      ['00:00:03.000 --> 00:00:04.000', '15551234567: Dialled in.'],
      ['00:00:05.000 --> 00:00:06.000', 'Dr. Jane Doe: Second.'],
      ['00:00:07.000 --> 00:00:08.000', '15551234567: Still here.'],
      ['00:00:09.000 --> 00:00:10.000', 'Well. The plan is: ship it.'],
    ]);
    expect(lines(parse(text, 'meeting.vtt')).map((l) => [l.speaker, l.content])).toEqual([
      ['Dr. Jane Doe', 'First.'],
      ['15551234567', 'Dialled in.'],
      ['Dr. Jane Doe', 'Second.'],
      ['15551234567', 'Still here.'],
      ['Unknown speaker', 'Well. The plan is: ship it.'],
    ]);
  });

  it('sorts out-of-order cues and skips empty ones', () => {
    const text = 'WEBVTT\n\n1\n00:00:05.000 --> 00:00:06.000\nBob: Later.\n\n2\n00:00:01.000 --> 00:00:02.000\nAlice: Earlier.\n\n3\n00:00:07.000 --> 00:00:09.000\nBob: \n';
    const result = parse(text, 'meeting.vtt');
    expect(messageTuples(result)).toEqual([['Alice', 'Earlier.', 1], ['Bob', 'Later.', 5]]);
    expect(result.transcript.duration).toBe(9);
  });
});

describe('zoom parser: saved transcript', () => {
  it('turns local clock times into offsets from the first block and joins continuing phrases', () => {
    const text = [
      '[Speaker A] 15:05:17', 'the most competitive fields,', '',
      '[Speaker A] 15:05:22', 'hack funds and, uh,', '',
      '[Speaker A] 15:05:27', 'stiff the competition was.', '',
      '[Speaker A] 15:05:34', 'Ready to go?', '',
      '[Speaker B] 15:05:41', 'Thank you, I am.', 'Although screen sharing is disabled.', '',
    ].join('\n');
    const result = readAs(text, 'saved-transcript', 'meeting_saved_closed_caption.txt');
    expect(lines(result)).toEqual([
      { speaker: 'Speaker A', content: 'the most competitive fields, hack funds and, uh, stiff the competition was.', timestamp: 0 },
      { speaker: 'Speaker A', content: 'Ready to go?', timestamp: 17 },
      { speaker: 'Speaker B', content: 'Thank you, I am. Although screen sharing is disabled.', timestamp: 24 },
    ]);
    expect(result.transcript.duration).toBe(24);
    expect(result.transcript.date).toBeUndefined();
  });

  it('crosses midnight and reads the date of a local recording folder in the file name', () => {
    const text = '[Ana] 23:59:50\nLate start,\n\n[Ana] 00:00:00\nstill going.\n\n[Ben] 00:00:30\nYes.\n';
    const result = parse(text, '2026-09-14 23.59.40 Topic 81234567890 meeting_saved_closed_caption.txt');
    expect(messageTuples(result)).toEqual([
      ['Ana', 'Late start, still going.', 0],
      ['Ben', 'Yes.', 40],
    ]);
    expect(result.transcript.date).toBe('2026-09-14T23:59:40');
  });
});

describe('zoom parser: pasted copies', () => {
  it('still recognises a layout after a line the user added, and drops that line', () => {
    const text = 'Team sync, 14 Sept\n[Ana] 10:00:00\nFirst.\n\n[Ben] 10:00:05\nSecond.\n\n[Ana] 10:00:09\nThird.\n';
    expect(detect(text)).toBe(0.9);
    expect(messageTuples(parse(text, 'notes.txt'))).toEqual([
      ['Ana', 'First.', 0],
      ['Ben', 'Second.', 5],
      ['Ana', 'Third.', 9],
    ]);
    const chat = 'Chat\n00:01:00\tAna:\thi\n00:01:05\tBen:\thello\n00:01:09\tAna:\tbye\n';
    expect(detect(chat)).toBe(0.9);
  });

  it('drops zero-width marks from names so one person stays one participant', () => {
    const text = '00:01:00\tAna\u200b Lima:\thi\n00:01:05\tAna Lima:\thello\n';
    const result = parse(text, 'chat.txt');
    expect(result.transcript.participants.map((p) => p.name)).toEqual(['Ana Lima']);
    expect(lines(result).map((l) => l.content)).toEqual(['hi', 'hello']);
  });
});

describe('zoom parser: chat', () => {
  it('reads the tab layout with continuation lines, keeps offsets as given, and gives no duration', () => {
    const text = crlf(
      '00:32:15\tGerald Seidman (AuriStor Inc.):\tI didn\u2019t see the email, ',
      '',
      'I may have a question later on.',
      'Steve: Can you share your email',
      '00:32:41\tGerald Seidman (AuriStor Inc.):\tThanks',
      '00:33:17\tSteve Ryan:\tsee\tthis   ',
    );
    const result = readAs(text, 'chat-tab-separated', 'meeting_saved_chat.txt');
    expect(lines(result)).toEqual([
      { speaker: 'Gerald Seidman (AuriStor Inc.)', content: 'I didn\u2019t see the email, I may have a question later on. Steve: Can you share your email', timestamp: 1935 },
      { speaker: 'Gerald Seidman (AuriStor Inc.)', content: 'Thanks', timestamp: 1961 },
      { speaker: 'Steve Ryan', content: 'see this', timestamp: 1997 },
    ]);
    expect(result.transcript.duration).toBeUndefined();
  });

  it('reads the From/To layout with blank-ish separator lines, turning clock times into offsets', () => {
    const text = [
      ' 10:56:23 From Tom Sweeney (Red Hat, Inc.) To Everyone:',
      ' \tMeeting Agenda and notes: https://hackmd.io/x',
      '     ',
      ' 11:21:34 From Matthew Heon To Everyone:',
      ' \tNot yet but it will be going up',
      ' \ton our Github',
      '     ',
      ' 11:23:07 From Paul Holzinger to Matthew Heon(Direct Message):',
      ' \tprivate note',
      '',
    ].join('\n');
    const result = readAs(text, 'chat-from-to', 'meeting_saved_new_chat.txt');
    expect(lines(result)).toEqual([
      { speaker: 'Tom Sweeney (Red Hat, Inc.)', content: 'Meeting Agenda and notes: https://hackmd.io/x', timestamp: 0 },
      { speaker: 'Matthew Heon', content: 'Not yet but it will be going up on our Github', timestamp: 1511 },
      { speaker: 'Paul Holzinger', content: 'private note', timestamp: 1604 },
    ]);
  });

  it('reads the older one-line From layout', () => {
    const text = '10:01:02 From  Alice Smith : Hello there\n10:01:10 From  Bob : Hi: all\n';
    expect(lines(parse(text, 'chat.txt'))).toEqual([
      { speaker: 'Alice Smith', content: 'Hello there', timestamp: 0 },
      { speaker: 'Bob', content: 'Hi: all', timestamp: 8 },
    ]);
  });
});

describe('zoom parser: web player copy', () => {
  const copy = [
    'Skip to Main Content', ' Accessibility Overview', ' Zoom Logo', ' Weekly Sync- Shared screen with speaker view', ' Sep 2, 2025 02:52 PM',
    ' Download (5 files)', '', ' 00:07:08/00:42:41', '', ' Speed', '', '', ' Audio Transcript', ' Chat Messages', ' Search transcript',
    ' Tom Sweeney (Red Hat, Inc.)', ' Tom Sweeney (Red Hat, Inc.)', '', ' (Pre-meeting Chat Removed)', '',
    ' Tom Sweeney (Red Hat, Inc.)', ' 11:17', ' Okay, so I am gonna take notes.', ' Go ahead, Neil.',
    ' Neil Smith', ' Neil Smith', ' 12:25', ' Figuring out the buttons.',
    ' Jan Kaluza', ' Jan Kaluza', ' 33:17',
    ' Neil Smith', ' Neil Smith', ' 1:02:03', ' Okay.', ' Okay.',
    ' Gerald Seidman', ' Gerald Seidman', '', ' (Post Meeting Chat removed)', '',
  ].join('\n');

  it('drops the UI noise and reads doubled names, MM:SS lines, title, day and recording length', () => {
    const result = readAs(copy, 'web-player-copy', 'transcript.txt');
    expect(lines(result)).toEqual([
      { speaker: 'Tom Sweeney (Red Hat, Inc.)', content: 'Okay, so I am gonna take notes. Go ahead, Neil.', timestamp: 677 },
      { speaker: 'Neil Smith', content: 'Figuring out the buttons.', timestamp: 745 },
      { speaker: 'Neil Smith', content: 'Okay. Okay.', timestamp: 3723 },
    ]);
    expect(result.transcript.title).toBe('Weekly Sync');
    expect(result.transcript.date).toBe('2025-09-02');
    expect(result.transcript.duration).toBe(2561);
  });

  it('reads a copy without the UI strings', () => {
    const text = 'Alice Smith\nAlice Smith\n00:05\nHello there.\nBob Jones\nBob Jones\n00:09\nHi Alice.\n';
    const result = parse(text, 'pasted.txt');
    expect(lines(result)).toEqual([
      { speaker: 'Alice Smith', content: 'Hello there.', timestamp: 5 },
      { speaker: 'Bob Jones', content: 'Hi Alice.', timestamp: 9 },
    ]);
    expect(result.transcript.duration).toBe(9);
    expect(result.transcript.title).toBe('pasted');
  });
});

describe('zoom parser: unusable input', () => {
  it('refuses the participants report instead of inventing messages', () => {
    const csv = crlf(
      '\uFEFFMeeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants,',
      '00000000001,Meeting about Reunion,09/24/2020 11:35:16 AM,09/24/2020 12:49:20 PM,knightap@wustl.edu,75,170,',
      '',
      'Name (Original Name),User Email,Total Duration (Minutes),Guest',
      'Andrew Knight,knightap@wustl.edu,75,',
    );
    expect(ranking(csv, 'participants_123.csv')[0]).toMatchObject({ format: 'zoom', confidence: 0.97 });
    const error = failure(() => parse(csv, 'participants_123.csv', 'zoom'));
    expect(error.code).toBe('no-messages');
    expect(error.message).toBe(
      "Zoom: this is a Zoom participants report (who attended and for how long), not a transcript: it holds no messages. Upload the meeting's audio transcript (.vtt), its saved transcript or its chat (.txt) instead.",
    );
  });

  it('says what it expected when the file is not a Zoom file', () => {
    const error = failure(() => parse('Alice: hello\nBob: hi\n', 'notes.txt', 'zoom'));
    expect(error.code).toBe('invalid');
    expect(error.message).toMatch(/^Zoom: this does not look like a Zoom file: expected a cloud-recording transcript/);
  });

  it('says when every block is empty', () => {
    const error = failure(() => parse('[Speaker A] 15:05:17\n\n[Speaker B] 15:05:20\n   \n', 'meeting_saved_closed_caption.txt', 'zoom'));
    expect(error.code).toBe('no-messages');
    expect(error.message).toBe('Zoom: every block is empty: no messages found');
  });

  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: 'GMT20240124-202901_Recording.transcript.vtt', content: CLOUD_VTT },
      { fileName: 'meeting_saved_closed_caption.txt', content: '[Speaker A] 15:05:17\nHello.\n' },
      { fileName: 'chat.txt', content: '00:21:14\tAndrew Knight:\tHello Everyone\r\n' },
      { fileName: 'participants.csv', content: 'Name (Original Name),User Email,Total Duration (Minutes),Guest\nA,,1,\n', readable: false },
      { fileName: 'notes.txt', content: 'Alice: hello', readable: false },
    ]);
  });
});
