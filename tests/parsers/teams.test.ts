// The Microsoft Teams parser: current Teams downloads, Stream (Classic) captions with NOTE Confidence, unpadded
// Teams/Graph times, Graph callTranscript content and metadataContent; ranking against the generic WebVTT parser.
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { teamsParser as parser } from '../../plugins/parsers/teams/index.ts';
import { builtinHost, expectScores, failure, parserHelpers } from './support.ts';

const host = builtinHost();

const { parse, readAs, ranking, lines, detect } = parserHelpers(host, { fileName: 'Transcript.vtt', parser, confidence: true });

const GUID = '5fd7f1de-6442-4b37-a79a-7f43656096ca';
/** The current Teams download: CRLF, GUID/n-m ids, wrapped voice spans, &amp;, ids and times going backwards, no final newline. */
const CURRENT = [
  'WEBVTT', '',
  `${GUID}/13-0`, '00:00:04.489 --> 00:00:10.769', '<v Nicolas Blank>Hi everyone and welcome to Tuesday and', 'today we are doing a lunch &amp; learn part</v>', '',
  `${GUID}/13-1`, '00:00:10.769 --> 00:00:12.000', '<v Nicolas Blank>one of three.</v>', '',
  `${GUID}/14-0`, '00:00:12.500 --> 00:00:14.000', '<v Blessing Bowora | Cyberlogic>Thanks, Nicolas.</v>', '',
  `${GUID}/15-0`, '00:00:14.000 --> 00:00:15.000', 'Sure.', '',
  `${GUID}/17-0`, '00:00:20.000 --> 00:00:21.000', '<v Doe, Jane [NA]>Last words.</v>', '',
  `${GUID}/16-0`, '00:00:18.000 --> 00:00:19.000', 'Unattributed.',
].join('\r\n');

const STREAM = [
  'WEBVTT', '',
  'NOTE duration:"00:01:05.5380000"', '',
  'NOTE language:en-us', '',
  'NOTE Confidence: 0.69450831413269', '',
  'ef04c7c2-a59e-463f-9d27-b5b1259d6777', '00:00:03.300 --> 00:00:06.870', 'Sorry.', '',
  'NOTE Confidence: 0.8', '',
  '8a017ebb-1722-4e7f-8984-fc6da39c3489', '00:00:08.100 --> 00:00:09.620', 'But now my headphones or what', 'the boy, I could', '',
  'NOTE Confidence: 0.6', '',
  '7d633414-089b-4813-9617-9533f5f215c0', '00:00:09.620 --> 00:00:12.000', 'still be recording the audio.', '',
].join('\n');

describe('teams parser: manifest and detection', () => {
  it('declares itself', () => {
    expect(parser.manifest).toMatchObject({ apiVersion: 1, id: 'teams', kind: 'parser', name: 'Microsoft Teams', version: '1.0.0', extensions: ['.vtt'], mediaTypes: ['text/vtt'] });
  });

  it('scores each Teams signature', () => {
    expectScores(detect, [
      ['WEBVTT\n\n00:00:03.663 --> 00:00:07.903\n{"speakerName":"A","spokenText":"Hi"}\n', 0.99],
      [CURRENT, 0.98],
      [STREAM, 0.96],
      ['WEBVTT\n\nNOTE Confidence: 0.5\n\n00:00:01.000 --> 00:00:02.000\nHi\n', 0.9],
      ['WEBVTT\n\n0:0:0.0 --> 0:0:0.570\n<v Yuri Bakulin>There you go.</v>\n', 0.92],
      ['WEBVTT\n\n0:0:0.0 --> 0:0:0.570\nThere you go.\n', 0.85],
      ['WEBVTT\n\n00:00:03.663 --> 00:00:07.903\n<v MOD Administrator>Hello.</v>\n', 0.82],
      // Generic voice-tag captions (unclosed, classed, with ids or settings) are not Teams.
      ['WEBVTT\n\n00:11.000 --> 00:13.000\n<v Roger Bingham>We are in New York City\n', 0],
      ['WEBVTT\n\n00:00.000 --> 00:02.000\n<v.loud Joe>That is awesome!</v>\n', 0],
      ['WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n<v Joe>Hi.</v>\n', 0],
      ['WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:start\n<v Joe>Hi.</v>\n', 0],
      ['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nCaption.\n', 0],
      ['Alice: hi', 0],
    ]);
  });

  it('beats the generic WebVTT parser on every Teams shape and loses to it on generic voice captions', () => {
    for (const text of [CURRENT, STREAM, 'WEBVTT\n\n0:0:0.0 --> 0:0:5.320\n<v User Name>This is a transcript test.</v>', 'WEBVTT\n\n00:00:03.663 --> 00:00:07.903\n<v MOD Administrator>Hello.</v>\n']) {
      const candidates = ranking(text);
      expect(candidates[0]!.format).toBe('teams');
      expect(candidates.find((c) => c.format === 'webvtt')!.confidence).toBeLessThan(candidates[0]!.confidence);
    }
    expect(ranking('WEBVTT\n\n00:11.000 --> 00:13.000\n<v Roger Bingham>We are in New York City\n')[0]!.format).toBe('webvtt');
  });
});

describe('teams parser: variants', () => {
  it('reads the current download: wrapped voice spans, entities, time order, cues without a voice tag', () => {
    const result = readAs(CURRENT, 'transcript-vtt');
    expect(result.format).toBe('teams');
    expect(lines(result)).toEqual([
      { speaker: 'Nicolas Blank', content: 'Hi everyone and welcome to Tuesday and today we are doing a lunch & learn part one of three.', timestamp: 4.489 },
      { speaker: 'Blessing Bowora | Cyberlogic', content: 'Thanks, Nicolas.', timestamp: 12.5 },
      // Starts where the previous cue ends: the same speaker goes on.
      { speaker: 'Blessing Bowora | Cyberlogic', content: 'Sure.', timestamp: 14 },
      // Three seconds after anyone spoke: nobody can say who.
      { speaker: 'Unknown speaker', content: 'Unattributed.', timestamp: 18 },
      { speaker: 'Doe, Jane [NA]', content: 'Last words.', timestamp: 20 },
    ]);
    expect(result.transcript.participants.map((p) => p.name)).toEqual(['Nicolas Blank', 'Blessing Bowora | Cyberlogic', 'Unknown speaker', 'Doe, Jane [NA]']);
    expect(result.transcript.duration).toBe(21);
  });

  it('keeps Stream NOTE Confidence as per-message confidence and uses NOTE duration', () => {
    const result = readAs(STREAM, 'stream-classic');
    expect(lines(result)).toEqual([
      { speaker: 'Unknown speaker', content: 'Sorry.', timestamp: 3.3, confidence: 0.6945 },
      // Two cues of one unfinished sentence: merged, confidence weighted by length (46 chars at 0.8, 29 at 0.6).
      { speaker: 'Unknown speaker', content: 'But now my headphones or what the boy, I could still be recording the audio.', timestamp: 8.1, confidence: 0.7227 },
    ]);
    expect(result.transcript.duration).toBe(65.538);
  });

  it('does not let a NOTE Confidence line glued to a cue leak into its text', () => {
    const text = ['WEBVTT', '', '00:00:01.000 --> 00:00:02.000', 'First.', 'NOTE Confidence: 0.42', '', '00:00:03.000 --> 00:00:04.000', 'Second.', ''].join('\n');
    const result = parse(text, 'stream.vtt', 'teams');
    expect(lines(result)).toEqual([
      { speaker: 'Unknown speaker', content: 'First.', timestamp: 1 },
      { speaker: 'Unknown speaker', content: 'Second.', timestamp: 3, confidence: 0.42 },
    ]);
  });

  it('clamps confidence to 0..1', () => {
    const text = ['WEBVTT', '', 'NOTE Confidence: 1.7', '', '00:00:01.000 --> 00:00:02.000', 'Sure.', '', 'NOTE Confidence: -0.2', '', '00:00:05.000 --> 00:00:06.000', 'No.', ''].join('\n');
    expect(lines(parse(text)).map((l) => l.confidence)).toEqual([1, 0]);
  });

  it('reads unpadded Teams times and seven-digit fractions, and clamps negative Graph offsets to 0', () => {
    const text = [
      'WEBVTT', '',
      '-0:0:1.5 --> 0:0:0.570', '<v Yuri Bakulin>There you go.</v>', '',
      '0:0:0.210 --> 0:0:1.1300000', '<v Adrian Petrescu>Why hello there, Yuri.</v>', '',
      '1:2:3.4 --> 1:2:4.0', '<v Yuri Bakulin>Much later.</v>',
    ].join('\n');
    const result = readAs(text, 'graph-content');
    expect(lines(result)).toEqual([
      { speaker: 'Yuri Bakulin', content: 'There you go.', timestamp: 0 },
      { speaker: 'Adrian Petrescu', content: 'Why hello there, Yuri.', timestamp: 0.21 },
      { speaker: 'Yuri Bakulin', content: 'Much later.', timestamp: 3723.4 },
    ]);
    expect(result.transcript.duration).toBe(3724);
  });

  it('reads Graph metadataContent JSON payloads and dates the meeting from them', () => {
    const text = [
      'WEBVTT', '',
      '00:00:03.663 --> 00:00:07.903',
      '{"startDateTime":"2025-08-11T06:03:46.6390101+00:00","endDateTime":"2025-08-11T06:03:50.8790101+00:00","speakerName":"MOD Administrator","spokenText":"Hello &amp; welcome.","spokenLanguage":"en-us"}',
      '',
      '00:00:08.063 --> 00:00:08.103',
      '{"startDateTime":"2025-08-11T06:03:51.0390101+00:00","endDateTime":"2025-08-11T06:03:51.0790101+00:00","speakerName":"Megan Bowen","spokenText":"Oh.","spokenLanguage":"en-us"}',
    ].join('\n');
    const result = readAs(text, 'graph-metadata');
    expect(lines(result)).toEqual([
      { speaker: 'MOD Administrator', content: 'Hello & welcome.', timestamp: 3.663 },
      { speaker: 'Megan Bowen', content: 'Oh.', timestamp: 8.063 },
    ]);
    expect(result.transcript.date).toBe('2025-08-11T06:03:42.976Z');
  });

  it('takes the title and local start time from a Teams recording file name', () => {
    const result = parse('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Ann>Hi.</v>\n', 'Weekly Sync-20251028_120720-Meeting Transcript.vtt');
    expect(result.transcript.title).toBe('Weekly Sync');
    expect(result.transcript.date).toBe('2025-10-28T12:07:20');
  });
});

describe('teams parser: unusable input', () => {
  it('says when a metadataContent file is cut off in the middle of its JSON', () => {
    const text = 'WEBVTT\n\n00:00:03.663 --> 00:00:07.903\n{"speakerName":"A","spokenText":"Hi"}\n\n00:00:08.063 --> 00:00:08.103\n{"speakerName":"A","spokenTe';
    const error = failure(() => parse(text, 'x.vtt', 'teams'));
    expect(error.code).toBe('truncated');
    expect(error.message).toBe('Microsoft Teams: the last cue (line 6) ends in the middle of its JSON: the file looks truncated');
  });

  it('says when a cue holds broken JSON', () => {
    const text = 'WEBVTT\n\n00:00:03.663 --> 00:00:07.903\n{"speakerName": oops}\n\n00:00:08.063 --> 00:00:08.103\n{"speakerName":"A","spokenText":"Hi"}\n';
    const error = failure(() => parse(text, 'x.vtt', 'teams'));
    expect(error.code).toBe('invalid');
    expect(error.message).toBe('Microsoft Teams: the cue at 0:00:03 (line 3) holds text that starts like JSON but is not a JSON object');
  });

  it('reports the Teams reason when no parser can read a broken metadataContent file', () => {
    const text = 'WEBVTT\n\n00:00:03.663 --> 00:00:07.903\n{"speakerName":"A","spokenText":"Hi"}\n\n00:00:08.063 --> 00:00:08.103\n{"speakerName":"A","spokenTe';
    const error = failure(() => parse(text));
    expect(error.code).toBe('truncated');
    expect(error.message).toMatch(/^Microsoft Teams: the last cue/);
  });

  it('says when there are no cues or no words', () => {
    expect(failure(() => parse('WEBVTT\n\nNOTE duration:"00:01:05.5380000"\n', 'x.vtt', 'teams')).message).toBe(
      'Microsoft Teams: no cues found: a Teams transcript is a WebVTT file with "start --> end" timing lines',
    );
    const empty = failure(() => parse('WEBVTT\n\nNOTE Confidence: 0.5\n\n0:0:1.0 --> 0:0:2.0\n<v A></v>\n', 'x.vtt', 'teams'));
    expect(empty.code).toBe('no-messages');
    expect(empty.message).toBe('Microsoft Teams: every cue is empty: no messages found');
  });

  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: 'Transcript.vtt', content: CURRENT },
      { fileName: 'stream.vtt', content: STREAM },
      { fileName: 'graph.vtt', content: 'WEBVTT\n\n0:0:0.0 --> 0:0:5.320\n<v User Name>This is a transcript test.</v>' },
      { fileName: 'notes-only.vtt', content: 'WEBVTT\n\nNOTE Confidence: 0.5\n', readable: false },
      { fileName: 'cut.vtt', content: 'WEBVTT\n\n00:00:03.663 --> 00:00:07.903\n{"speakerName":"A","spokenTe', readable: false },
    ]);
  });
});
