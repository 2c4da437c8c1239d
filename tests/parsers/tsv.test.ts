// The TSV parser (tab-delimited transcripts in .tsv, .tab and .txt files): Whisper/WhisperX TSV, headers and
// header-less tables, hand-edited headers, detection ranking against the other built-in parsers, clear errors.
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { tsvParser as parser } from '../../plugins/parsers/tsv/index.ts';
import { builtinHost, expectScores, failure, parserHelpers, parseWithin, repeatRows } from './support.ts';

const host = builtinHost();

const { parse, readAs, scores, topFormat: top, lines, detect } = parserHelpers(host, { fileName: 'transcript.tsv', parser });

const WHISPER = 'start\tend\ttext\n6578\t28747\tBonjour.\n28767\t28867\tAllô?\n28887\t31431\tBonjour, est-ce que je parle à Denise?\n65657\t66538\tTandis que je vous ai, dans le forfait télé,\n66873\t69978\tTout ce qu\'on a comme poste, c\'est en anglais.\n';

describe('tsv parser: manifest and detection', () => {
  it('declares itself, claiming .tsv, .tab and .txt', () => {
    expect(parser.manifest).toMatchObject({ apiVersion: 1, id: 'tsv', kind: 'parser', name: 'TSV', version: '1.0.0', extensions: ['.tsv', '.tab', '.txt'] });
  });

  it('scores Whisper TSV 0.85, header-less tables by content, comma files 0', () => {
    expectScores(detect, [
      [WHISPER, 0.85],
      ['00:00:01\tAlice\tHello there everyone\n00:00:05\tBob\tHi Alice how are you\n', 0.65],
      ['speaker,text\nAlice,Hello\nBob,Hi\n', 0],
      ['Alice: hello\nBob: hi\n', 0],
      ['', 0],
    ]);
  });

  it('never throws and stays fast on large input', () => {
    const started = performance.now();
    expect(detect(WHISPER + '100000\t100500\tencore des mots ici.\n'.repeat(40_000))).toBe(0.85);
    expect(detect('\t'.repeat(1_000_000))).toBe(0);
    // A guard against super-linear scanning (seconds on such input), not a speed target: bench/parsers.ts measures speed.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('wins on tab-delimited .tab and .txt files over the text parser', () => {
    expect(top(WHISPER, 'call.tab')).toBe('tsv');
    expect(top(WHISPER, 'call.txt')).toBe('tsv');
    expect(scores(WHISPER, 'call.txt')).toEqual({ tsv: 0.85 });
  });

  it('scores Zoom chat files (`HH:MM:SS<TAB>Name:<TAB>message`) low, so the zoom parser reads them', () => {
    const chat = '00:21:14\tAndrew Knight:\tHello Everyone\r\n00:21:35\tAndrew Knight:\tPlease say hello\r\n00:22:01\tRingo Starr:\tAlso drop in questions\r\n';
    expect(detect(chat)).toBe(0.35);
    expect(top(chat, 'meeting_saved_chat.txt')).toBe('zoom');
    // Read as TSV anyway, the names lose their colon and a line without tabs continues the message above.
    expect(lines(parse(`${chat}and comments\r\n`, 'chat.tsv', 'tsv'))).toEqual([
      { speaker: 'Andrew Knight', content: 'Hello Everyone Please say hello', timestamp: 1274 },
      { speaker: 'Ringo Starr', content: 'Also drop in questions and comments', timestamp: 1321 },
    ]);
  });
});

describe('tsv parser: reading', () => {
  it('reads Whisper TSV: integer milliseconds, no speakers, rows joined into sentences', () => {
    const result = readAs(WHISPER, 'whisper');
    expect(lines(result)).toEqual([
      { speaker: 'Unknown speaker', content: 'Bonjour.', timestamp: 6.578 },
      { speaker: 'Unknown speaker', content: 'Allô?', timestamp: 28.767 },
      { speaker: 'Unknown speaker', content: 'Bonjour, est-ce que je parle à Denise?', timestamp: 28.887 },
      { speaker: 'Unknown speaker', content: "Tandis que je vous ai, dans le forfait télé, Tout ce qu'on a comme poste, c'est en anglais.", timestamp: 65.657 },
    ]);
    expect(result.transcript.duration).toBe(69.978);
  });

  it('reads a hand-edited header that names the start twice, has more cells than the rows, and a trailing tab', () => {
    const text = 'Start time (ms after ~1:02)\tStart time (ms after ~1:02)\ttext\tspeaker\t\n6578\t28747\tBonjour.\n28767\t28867\tAllô?\n';
    expect(lines(parse(text))).toEqual([
      { speaker: 'Unknown speaker', content: 'Bonjour.', timestamp: 6.578 },
      { speaker: 'Unknown speaker', content: 'Allô?', timestamp: 28.767 },
    ]);
    expect(parse(text).transcript.duration).toBe(28.867);
  });

  it('reads CRLF, a BOM, quoted fields with tabs, and header-less tables', () => {
    expect(lines(parse('\uFEFFSpeaker\tText\r\nAlice\t"tab\there"\r\nBob\tHi\r\n'))).toEqual([
      { speaker: 'Alice', content: 'tab\there', timestamp: null },
      { speaker: 'Bob', content: 'Hi', timestamp: null },
    ]);
    const result = readAs('00:00:01\tAlice\tHello there everyone\n00:00:05\tBob\tHi Alice how are you\n', 'no-header');
    expect(lines(result).map((l) => [l.speaker, l.timestamp])).toEqual([['Alice', 1], ['Bob', 5]]);
  });
});

describe('tsv parser: errors and contract', () => {
  it('says what is wrong with tables it cannot read', () => {
    const noText = failure(() => parse('start\tend\n1\t2\n3\t4\n'));
    expect(noText.message).toBe('TSV: no column holds the spoken text: give the file a header row naming its columns (for example speaker, start, text)');
    expect(failure(() => parse('start\tend\ttext\n')).code).toBe('no-messages');
  });

  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: 'whisper.tsv', content: WHISPER },
      { fileName: 'whisper.tab', content: WHISPER.replaceAll('\n', '\r\n') },
      { fileName: 'table.txt', content: 'speaker\tstart\ttext\nAlice\t1\tHello\n' },
      { fileName: 'no-text.tsv', content: 'start\tend\n1\t2\n3\t4\n', readable: false },
    ]);
  });

  it('parses 1 MB in well under a second', () => {
    const row = (i: number) => `${i * 2000}\t${i * 2000 + 1500}\tSegment ${i} of the call.\n`;
    const { text, rows } = repeatRows(1_000_000, row, { header: 'start\tend\ttext\n' });
    const result = parseWithin(parser, text, '.tsv', 1000);
    expect(result.transcript.messages).toHaveLength(rows);
  });
});
