// The CSV parser (comma, semicolon and pipe delimited transcripts): header synonyms, column inference without a
// header, RFC 4180 quoting, every time form such files use, detection ranking against the other built-in
// parsers, and clear errors for tables that are not transcripts.
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { csvParser as parser } from '../../plugins/parsers/csv/index.ts';
import { readHeaderCell } from '../../plugins/parsers/shared/delimited/columns.ts';
import { builtinHost, expectScores, failure, parserHelpers, parseWithin, repeatRows } from './support.ts';

const host = builtinHost();

const { parse, readAs, scores, topFormat: top, lines, detect } = parserHelpers(host, { fileName: 'meeting.csv', parser, confidence: true });

describe('csv parser: manifest and detection', () => {
  it('declares itself', () => {
    expect(parser.manifest).toMatchObject({ apiVersion: 1, id: 'csv', kind: 'parser', name: 'CSV', version: '1.0.0', extensions: ['.csv'], mediaTypes: ['text/csv'] });
  });

  it('scores a header with speaker/time and text 0.85, text only 0.75, no header by content 0.65/0.5, weak fits low', () => {
    expectScores(detect, [
      ['speaker,start,text\nAlice,1,Hello there\nBob,2,Hi\n', 0.85],
      ['Transcript,Language\nHello there everyone,en\nHi,en\n', 0.75],
      ['00:00:01,Alice,Hello there everyone\n00:00:05,Bob,Hi Alice how are you\n', 0.65],
      ['Alice,Hello there everyone\nBob,Hi Alice how are you\n', 0.5],
      ['speaker,start\nAlice,1\n', 0.5],
      ['speaker,text\n', 0.5],
      ['Alice: Hello, there.\nBob: Hi, Alice.\n', 0.2],
      ['Alice: hello\nBob: how are you today, then?\nAlice: fine, fine, fine', 0],
      ['[{"speaker": "A", "text": "x"}, {"speaker": "B", "text": "y"}]', 0],
      ['WEBVTT\n\n00:01.000 --> 00:02.000\nA, b\n', 0],
      ['start\tend\ttext\n1\t2\thello\n', 0],
      ['', 0],
    ]);
  });

  it('never throws and stays fast on large or odd input', () => {
    const big = 'speaker,start,text\n' + 'Alice,00:00:01,"words, words and ""more"" words"\n'.repeat(30_000);
    const started = performance.now();
    expect(detect(big)).toBe(0.85);
    expect(detect('"'.repeat(1_000_000))).toBe(0);
    expect(detect(',,,,\n'.repeat(200_000))).toBe(0);
    // A guard against super-linear scanning (seconds on such input), not a speed target: bench/parsers.ts measures speed.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('wins on delimited transcripts whatever the extension; the text parser steps aside for tables', () => {
    const table = 'Speaker,Text\nAlice,"Hello: this is a colon"\nBob,Hi there\n';
    expect(top(table, 'meeting.csv')).toBe('csv');
    expect(top(table, 'meeting.txt')).toBe('csv');
    expect(scores(table, 'meeting.txt')).toEqual({ csv: 0.85 });
    expect(top('Alice: Hello, there.\nBob: Hi, Alice.\n', 'notes.csv')).toBe('text');
  });

  it('leaves Zoom participant reports to the zoom parser but says what they are when read as CSV', () => {
    const report = '\uFEFFMeeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants,\r\n1,Reunion,09/24/2020 11:35:16 AM,09/24/2020 12:49:20 PM,a@b.edu,75,170,\r\n\r\nName (Original Name),User Email,Total Duration (Minutes),Guest\r\nAndrew Knight,a@b.edu,75,\r\nJohn Lennon,,70,\r\n';
    expect(top(report, 'participants.csv')).toBe('zoom');
    expect(detect(report)).toBe(0.5);
    const refused = failure(() => parse(report, 'participants.csv', 'csv'));
    expect(refused.code).toBe('invalid');
    expect(refused.message).toBe('CSV: this is a participant list (names, e-mails and durations), not a transcript: it holds nothing that was said');
  });
});

describe('csv parser: headers', () => {
  it('maps header synonyms in any case, with a BOM, and reads confidences', () => {
    const result = readAs('\uFEFFSPEAKER,Start_Time,END TIME,Transcript,Confidence\r\nAlice,00:00:01,00:00:03,Hello,0.9\r\nBob,00:00:04.5,00:00:06,Hi,0.5\r\n', 'header');
    expect(lines(result)).toEqual([
      { speaker: 'Alice', content: 'Hello', timestamp: 1, confidence: 0.9 },
      { speaker: 'Bob', content: 'Hi', timestamp: 4.5, confidence: 0.5 },
    ]);
    expect(result.transcript.duration).toBe(6);
  });

  it.each([
    ['name', 'speaker'], ['Participant', 'speaker'], ['from', 'speaker'], ['User', 'speaker'], ['speakerName', 'speaker'],
    ['utterance', 'text'], ['Message', 'text'], ['content', 'text'], ['TRANSCRIPT', 'text'],
    ['start_time', 'start'], ['timestamp', 'start'], ['Time', 'start'], ['begin', 'start'], ['offset', 'start'], ['startTime', 'start'],
    ['stop', 'end'], ['End', 'end'], ['score', 'confidence'], ['Confidence', 'confidence'], ['language', undefined],
  ])('header %s means %s', (cell, role) => {
    expect(readHeaderCell(cell).role).toBe(role);
  });

  it('reads units from the header: (ms), _ms and (s)', () => {
    expect(readHeaderCell('Start (ms)')).toMatchObject({ role: 'start', unit: 'ms' });
    expect(readHeaderCell('end_ms')).toMatchObject({ role: 'end', unit: 'ms' });
    expect(readHeaderCell('start (s)')).toMatchObject({ role: 'start', unit: 's' });
    expect(lines(parse('start (ms),text\n1500,Hello\n2500,there.\n'))).toEqual([{ speaker: 'Unknown speaker', content: 'Hello there.', timestamp: 1.5 }]);
  });

  it('tells `from`/`to` apart by content: names in a chat log, times in a caption export', () => {
    expect(lines(parse('from,to,message\nAlice,Everyone,Hello all\nBob,Alice,Hi\n'))).toEqual([
      { speaker: 'Alice', content: 'Hello all', timestamp: null },
      { speaker: 'Bob', content: 'Hi', timestamp: null },
    ]);
    expect(lines(parse('from,to,message\n00:01,00:02,Hello all.\n00:03,00:04,Hi.\n'))).toEqual([
      { speaker: 'Unknown speaker', content: 'Hello all.', timestamp: 1 },
      { speaker: 'Unknown speaker', content: 'Hi.', timestamp: 3 },
    ]);
  });
});

describe('csv parser: quoting, delimiters and rows', () => {
  it('keeps delimiters, doubled quotes and newlines inside quoted fields (newlines become spaces)', () => {
    const result = parse('speaker,text\n"Doe, Jane","He said ""no""\nand left, then came back"\nBob,"a, b, c"\n');
    expect(lines(result)).toEqual([
      { speaker: 'Doe, Jane', content: 'He said "no" and left, then came back', timestamp: null },
      { speaker: 'Bob', content: 'a, b, c', timestamp: null },
    ]);
  });

  it('reads semicolon files with decimal commas, pipe files, and the Excel `sep=` hint', () => {
    expect(lines(parse('start;speaker;text\n1,5;Alice;Bonjour, ça va\n3,25;Bob;Oui\n')).map((l) => [l.timestamp, l.content])).toEqual([[1.5, 'Bonjour, ça va'], [3.25, 'Oui']]);
    expect(lines(parse('speaker|text\nAlice|Hello, you\nBob|Hi\n')).map((l) => l.content)).toEqual(['Hello, you', 'Hi']);
    expect(lines(parse('sep=;\nspeaker;text\nA;Hello, there\nB;Hi\n')).map((l) => [l.speaker, l.content])).toEqual([['A', 'Hello, there'], ['B', 'Hi']]);
  });

  it('infers columns without a header: time-looking, short repeated names, long text; skips // comment lines', () => {
    const result = readAs('//meeting 1\n"00:00:01","Alice","Hello there everyone"\n"00:00:05","Bob","Hi Alice how are you"\n//meeting 2\n"00:00:09","Alice","Fine thanks"\n', 'no-header');
    expect(lines(result)).toEqual([
      { speaker: 'Alice', content: 'Hello there everyone', timestamp: 1 },
      { speaker: 'Bob', content: 'Hi Alice how are you', timestamp: 5 },
      { speaker: 'Alice', content: 'Fine thanks', timestamp: 9 },
    ]);
  });

  it('sorts rows by start time, names numeric speakers, and trims Whisper float artefacts', () => {
    expect(lines(parse('start,end,text,speaker\n12.379999999999999,14.2, Second.,1\n0.5,2.0, First.,0\n'))).toEqual([
      { speaker: 'Speaker 0', content: 'First.', timestamp: 0.5 },
      { speaker: 'Speaker 1', content: 'Second.', timestamp: 12.38 },
    ]);
  });

  it('merges consecutive rows of one speaker, and rows without speakers into sentences', () => {
    expect(lines(parse('speaker,start,text\nAlice,1,One.\nAlice,2,Two.\nBob,3,Three.\n'))).toEqual([
      { speaker: 'Alice', content: 'One. Two.', timestamp: 1 },
      { speaker: 'Bob', content: 'Three.', timestamp: 3 },
    ]);
    expect(lines(parse('start,end,text\n0,1,"So we should,"\n1.2,2,move on.\n9,10,Later.\n')).map((l) => l.content)).toEqual(['So we should, move on.', 'Later.']);
  });

  it('skips rows without text', () => {
    expect(lines(parse('speaker,text\nAlice,\nBob,Hi\n,\n'))).toEqual([{ speaker: 'Bob', content: 'Hi', timestamp: null }]);
  });
});

describe('csv parser: time values', () => {
  it('reads clock times, SMPTE frames (30 fps), 12-hour clock times and milliseconds', () => {
    expect(lines(parse('Speaker Name,Start Time,End Time,Text\nAnn Lee,00:00:02:15,00:00:04:00,Hello.\n'))[0]!.timestamp).toBe(2.5);
    expect(lines(parse('time,user,message\n11:04 AM,Ann,Hello.\n11:06 AM,Bob,Hi.\n1:02 PM,Ann,Back.\n')).map((l) => l.timestamp)).toEqual([0, 120, 7080]);
    expect(lines(parse('start,end,text\n6578,28747,Bonjour.\n28767,28867,Allô?\n')).map((l) => l.timestamp)).toEqual([6.578, 28.767]);
    expect(lines(parse('start,end,text\n1,3,Hello.\n4,6,Hi.\n')).map((l) => l.timestamp)).toEqual([1, 4]);
  });

  it('takes the date from absolute ISO times and times messages from the first', () => {
    const result = parse('timestamp,user,message\n2025-08-11T06:04:16Z,Bob,Second\n2025-08-11T06:03:46Z,Alice,First\n');
    expect(result.transcript.date).toBe('2025-08-11T06:03:46Z');
    expect(lines(result)).toEqual([
      { speaker: 'Alice', content: 'First', timestamp: 0 },
      { speaker: 'Bob', content: 'Second', timestamp: 30 },
    ]);
    expect(parse('timestamp,user,message\n2025-08-11 08:03:46+02:00,Alice,Hi\n').transcript.date).toBe('2025-08-11T08:03:46+02:00');
    expect(parse('timestamp,user,message\n2025-08-11 08:03:46,Alice,Hi\n').transcript.date).toBe('2025-08-11T08:03:46');
  });

  it('reads percentage confidences as 0..1 and gives none when the file has none', () => {
    expect(lines(parse('speaker,text,score\nA,Hello,87\nB,Hi,93\n')).map((l) => l.confidence)).toEqual([0.87, 0.93]);
    expect(parse('speaker,text\nA,Hello\n').transcript.messages[0]).not.toHaveProperty('confidence');
  });
});

describe('csv parser: errors and contract', () => {
  it('says what is wrong with tables it cannot read', () => {
    const noText = failure(() => parse('speaker,start\nAlice,1\n'));
    expect(noText.code).toBe('invalid');
    expect(noText.message).toBe('CSV: no column holds the spoken text: give the file a header row naming its columns (for example speaker, start, text)');
    const headerOnly = failure(() => parse('speaker,text\n'));
    expect(headerOnly.code).toBe('no-messages');
    expect(headerOnly.message).toBe('CSV: no messages found: the file has a header row but no rows with text');
    const truncated = failure(() => parse('speaker,text\nA,Hello\nB,"never closed\n'));
    expect(truncated.code).toBe('truncated');
    expect(truncated.message).toBe('CSV: a quoted field opened on row 3 is never closed: the file looks truncated or has a stray " character');
    expect(failure(() => parse('{"a": 1}', 'data.csv', 'csv')).message).toBe('CSV: this is JSON, not a delimited (CSV/TSV) file');
  });

  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: 'meeting.csv', content: 'speaker,start,text\nAlice,00:00:01,Hello\nBob,00:00:02,Hi\n' },
      { fileName: 'excel.csv', content: '\uFEFFSpeaker;Text\r\nAlice;"Hallo; Welt"\r\nBob;Hi\r\n' },
      { fileName: 'headerless.csv', content: '00:00:01,Alice,Hello there everyone\n00:00:05,Bob,Hi Alice how are you\n' },
      { fileName: 'no-text.csv', content: 'speaker,start\nAlice,1\nBob,2\n', readable: false },
      { fileName: 'header-only.csv', content: 'speaker,start,text\n', readable: false },
    ]);
  });

  it('parses 1 MB in well under a second', () => {
    const row = (i: number) => `${i % 2 ? 'Alice' : 'Bob'},${i * 2},${i * 2 + 1},"Row ${i}, with a comma and ""quotes""."\n`;
    const { text, rows } = repeatRows(1_000_000, row, { header: 'speaker,start,end,text\n' });
    const result = parseWithin(parser, text, '.csv', 1000);
    expect(result.transcript.messages).toHaveLength(rows);
  });
});
