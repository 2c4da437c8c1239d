// The generic WebVTT parser: every trap FORMATS.md lists for WebVTT, its variants, detection ranking against the
// other built-in parsers, and clear errors for files it cannot read.
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { webvttParser as parser } from '../../plugins/parsers/webvtt/index.ts';
import { builtinHost, bytes, expectScores, failure, messageTuples, parserHelpers } from './support.ts';

const host = builtinHost();

const { parse, allScores: scores, topFormat: top, lines, detect } = parserHelpers(host, { fileName: 'captions.vtt', parser });

describe('webvtt parser: manifest and detection', () => {
  it('declares itself', () => {
    expect(parser.manifest).toMatchObject({ apiVersion: 1, id: 'webvtt', kind: 'parser', name: 'WebVTT', version: '1.0.0', extensions: ['.vtt'], mediaTypes: ['text/vtt'] });
  });

  it('scores from the content: header 0.8, headerless dot timings 0.6, comma timings 0.3, anything else 0', () => {
    expectScores(detect, [
      ['WEBVTT\n\n00:01.000 --> 00:02.000\nHi', 0.8],
      ['\n\nWEBVTT - Some title\n', 0.8],
      ['00:00:01.000 --> 00:00:02.000\nHi\n', 0.6],
      ['1\n00:00:01,000 --> 00:00:02,000\nHi\n', 0.3],
      ['WEBVTTX\nnot a header', 0],
      ['Alice: hello\nBob: hi', 0],
      ['{"segments": []}', 0],
      ['', 0],
    ]);
  });

  it('never throws and stays fast on large or odd input', () => {
    const big = 'WEBVTT\n\n' + '00:00:01.000 --> 00:00:02.000\nwords words words\n\n'.repeat(20_000);
    const started = performance.now();
    expect(detect(big)).toBe(0.8);
    expect(parser.detect({ text: '-->'.repeat(400_000), extension: '.txt' })).toBe(0);
    // A guard against super-linear scanning (seconds on such input), not a speed target: bench/parsers.ts measures speed.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('wins on generic VTT files and loses to Zoom and Teams on theirs', () => {
    expect(top('WEBVTT\n\n00:11.000 --> 00:13.000\n<v Roger Bingham>We are in New York City\n')).toBe('webvtt');
    expect(top('WEBVTT\n\n00:06.578 --> 00:28.747\n[SPEAKER_02]: Bonjour.\n')).toBe('webvtt');
    const zoom = 'WEBVTT\r\n\r\n1\r\n00:00:04.859 --> 00:00:07.410\r\nAndrew Knight: Okay, so we are recording.\r\n\r\n2\r\n00:00:09.540 --> 00:00:12.990\r\nPaul McCartney: We have that setup.\r\n';
    expect(scores(zoom).webvtt).toBeLessThan(scores(zoom).zoom!);
    expect(top(zoom)).toBe('zoom');
    const teams = 'WEBVTT\n\n0:0:0.0 --> 0:0:5.320\n<v User Name>This is a transcript test.</v>\n';
    expect(scores(teams).webvtt).toBeLessThan(scores(teams).teams!);
    expect(top(teams)).toBe('teams');
  });
});

describe('webvtt parser: traps', () => {
  it('reads a BOM, CRLF line endings and a missing final newline', () => {
    const text = '\uFEFFWEBVTT\r\n\r\n00:00:00.500 --> 00:00:07.000\r\nCaption text #1.\r\n\r\n00:00:07.000 --> 00:00:11.890\r\nCaption text #2.';
    const result = parse(text);
    expect(lines(result)).toEqual([
      { speaker: 'Unknown speaker', content: 'Caption text #1.', timestamp: 0.5 },
      { speaker: 'Unknown speaker', content: 'Caption text #2.', timestamp: 7 },
    ]);
    expect(result.transcript.duration).toBe(11.89);
    expect(result.format).toBe('webvtt');
    expect(result.variant).toBe('captions');
  });

  it('removes markup first, then decodes entities once; malformed entities and non-tags survive', () => {
    const text = [
      'WEBVTT', '',
      '00:01.000 --> 00:02.000', '<c.yellow>a &lt; b</c> &amp;&amp; <i>c</i> &am &l&lt; &#39;q&#39; &lt;div&gt;.', '',
      '00:03.000 --> 00:04.000', '&lt;i&gt;Softly&lt;/i&gt; and &lt;b&gt;loud&lt;/b&gt;.', '',
    ].join('\n');
    expect(lines(parse(text)).map((l) => l.content)).toEqual(["a < b && c &am &l< 'q' <div>.", 'Softly and loud.']);
  });

  it('reads voice tags: unclosed, with a class, several per cue, and text after </v> stays with the voice', () => {
    const text = [
      'WEBVTT', '',
      '00:00.000 --> 00:03.000', '<v Kyle Huey> Not ready yet?', '',
      '00:04.000 --> 00:05.000', '<v Chris Pearce>Okay, we are good now.</v>', '<v.loud Kyle Huey>Oh, now we are good?</v> <i>Laughter</i>', '',
      '00:09.000 --> 00:10.000', '<v.first.loud Esme &amp; Co>Yes!', '',
    ].join('\n');
    const result = parse(text);
    expect(lines(result)).toEqual([
      { speaker: 'Kyle Huey', content: 'Not ready yet?', timestamp: 0 },
      { speaker: 'Chris Pearce', content: 'Okay, we are good now.', timestamp: 4 },
      { speaker: 'Kyle Huey', content: 'Oh, now we are good? Laughter', timestamp: 4 },
      { speaker: 'Esme & Co', content: 'Yes!', timestamp: 9 },
    ]);
    expect(result.transcript.participants.map((p) => p.name)).toEqual(['Kyle Huey', 'Chris Pearce', 'Esme & Co']);
    expect(result.variant).toBe('voice-tags');
  });

  it('skips header metadata, NOTE, STYLE and REGION blocks, cue identifiers and cue settings', () => {
    const text = [
      'WEBVTT - Translation of that film I like', 'Kind: captions', 'Language: en', '',
      'REGION', 'id:fred width:40%', '',
      'STYLE', '::cue { color: papayawhip; }', '',
      'NOTE', 'This translation was done by Kyle', 'so that friends can watch it.', '',
      'first caption', '00:00:01.000 --> 00:00:02.000 align:start position:0% line:84% region:fred', 'One.', '',
      'NOTE a single-line note', '',
      '2', '00:00:03.000 --> 00:00:04.000 size:80%', 'Two.', '',
      'Ελληνικά 汉语', '00:00:05.000 --> 00:00:06.000', 'Three.', '',
      'NOTE end of file',
    ].join('\n');
    const result = parse(text);
    expect(lines(result).map((l) => [l.content, l.timestamp])).toEqual([['One.', 1], ['Two.', 3], ['Three.', 5]]);
    expect(result.variant).toBe('youtube');
  });

  it('puts out-of-order cues in time order', () => {
    const text = 'WEBVTT\n\n00:00:10.000 --> 00:00:11.000\n<v B>Later.\n\n00:00:01.000 --> 00:00:02.000\n<v A>Earlier.\n';
    expect(lines(parse(text))).toEqual([
      { speaker: 'A', content: 'Earlier.', timestamp: 1 },
      { speaker: 'B', content: 'Later.', timestamp: 10 },
    ]);
  });

  it('reads hours omitted, comma decimals, three-digit hours and a cue not preceded by a blank line', () => {
    const text = ['WEBVTT', '', '00:16.500 --> 00:18,500', 'When the moon.', '100:00:00.000 --> 100:00:01.000', 'Much later.'].join('\n');
    const result = parse(text);
    expect(lines(result).map((l) => [l.content, l.timestamp])).toEqual([['When the moon.', 16.5], ['Much later.', 360_000]]);
    expect(result.transcript.duration).toBe(360_001);
  });

  it('removes inline timestamp tags and de-duplicates YouTube rolling captions', () => {
    const text = [
      'WEBVTT', 'Kind: captions', 'Language: en', '',
      '00:04:46.070 --> 00:04:46.470 align:start position:0%', 'yeah', '',
      '00:04:46.470 --> 00:05:04.080 align:start position:0%', 'yeah', '<c.colorCCCCCC>what</c>',
      '00:05:04.080 --> 00:05:05.069 align:start position:0%', 'this<00:05:04.199><c> will</c><00:05:04.379><c> happen</c>', '',
      '00:05:05.069 --> 00:05:05.400 align:start position:0%', 'this will happen', ' </c>', '',
    ].join('\n');
    const result = parse(text);
    expect(lines(result)).toEqual([{ speaker: 'Unknown speaker', content: 'yeah what this will happen', timestamp: 286.07 }]);
    expect(result.variant).toBe('youtube');
  });

  it('skips empty cues but counts their times for the duration', () => {
    const text = 'WEBVTT\n\n00:00:00.500 --> 00:00:07.000\nCaption one.\n\n00:00:07.000 --> 00:00:11.890\n\n00:00:11.890 --> 00:00:16.320\n   \n';
    const result = parse(text);
    expect(lines(result)).toEqual([{ speaker: 'Unknown speaker', content: 'Caption one.', timestamp: 0.5 }]);
    expect(result.transcript.duration).toBe(16.32);
  });

  it('splits `Name: text` on the first colon only, and only when the prefix is a speaker', () => {
    const text = [
      'WEBVTT', '',
      '00:00:01.000 --> 00:00:02.000', 'Priya Raman: Great. So here is the thing: we are behind.', '',
      '00:00:03.000 --> 00:00:04.000', 'Tom Ableton: Yes: agreed.', '',
      '00:00:05.000 --> 00:00:06.000', 'Dr. Jane Doe: First point.', '',
      '00:00:07.000 --> 00:00:08.000', 'Dr. Jane Doe: Second point.', '',
    ].join('\n');
    const result = parse(text);
    expect(lines(result)).toEqual([
      { speaker: 'Priya Raman', content: 'Great. So here is the thing: we are behind.', timestamp: 1 },
      { speaker: 'Tom Ableton', content: 'Yes: agreed.', timestamp: 3 },
      { speaker: 'Dr. Jane Doe', content: 'First point.', timestamp: 5 },
      { speaker: 'Dr. Jane Doe', content: 'Second point.', timestamp: 7 },
    ]);
    expect(result.variant).toBe('speaker-prefix');
  });

  it('keeps a stray colon as text in captions that do not name speakers', () => {
    const text = [
      'WEBVTT', '',
      '00:00:01.000 --> 00:00:02.000', 'So here is the thing: we are behind.', '',
      '00:00:03.000 --> 00:00:04.000', 'Nobody speaks with a name here.', '',
      '00:00:05.000 --> 00:00:06.000', 'Still nobody.', '',
    ].join('\n');
    expect(lines(parse(text)).map((l) => [l.speaker, l.content])).toEqual([
      ['Unknown speaker', 'So here is the thing: we are behind.'],
      ['Unknown speaker', 'Nobody speaks with a name here.'],
      ['Unknown speaker', 'Still nobody.'],
    ]);
  });

  it('reads WhisperX `[SPEAKER_00]:` labels', () => {
    const text = 'WEBVTT\n\n00:06.578 --> 00:28.747\n[SPEAKER_02]: Bonjour.\n\n00:28.767 --> 00:28.867\n[SPEAKER_00]: Allô?\n';
    const result = parse(text);
    expect(lines(result)).toEqual([
      { speaker: 'SPEAKER_02', content: 'Bonjour.', timestamp: 6.578 },
      { speaker: 'SPEAKER_00', content: 'Allô?', timestamp: 28.767 },
    ]);
    expect(result.variant).toBe('whisperx');
  });

  it('merges fragments of one speaker only when the gap is at most 2 s and no sentence ended', () => {
    const text = [
      'WEBVTT', '',
      '00:00:00.000 --> 00:00:01.000', '<v A>one', '',
      '00:00:02.500 --> 00:00:03.000', '<v A>two.', '',
      '00:00:03.000 --> 00:00:04.000', '<v A>three', '',
      '00:00:06.500 --> 00:00:07.000', '<v A>four', '',
      '00:00:07.000 --> 00:00:08.000', '<v B>five', '',
    ].join('\n');
    expect(messageTuples(parse(text))).toEqual([
      ['A', 'one two.', 0],
      ['A', 'three', 3],
      ['A', 'four', 6.5],
      ['B', 'five', 7],
    ]);
  });

  it('keeps non-Latin text and names unchanged', () => {
    const text = 'WEBVTT\n\n00:01.000 --> 00:02.000\n<v Rishi हिन्दी 汉语>Это тест. 日本語のテキスト。\n';
    expect(lines(parse(text))).toEqual([{ speaker: 'Rishi हिन्दी 汉语', content: 'Это тест. 日本語のテキスト。', timestamp: 1 }]);
  });

  it('reads a VTT body without its header when asked, and ranks it as headerless VTT', () => {
    const text = '00:00:01.000 --> 00:00:02.000\nNo header here.\n';
    expect(scores(text, 'body.txt').webvtt).toBe(0.6);
    expect(lines(parse(text, 'body.txt', 'webvtt'))).toEqual([{ speaker: 'Unknown speaker', content: 'No header here.', timestamp: 1 }]);
  });
});

describe('webvtt parser: unusable input', () => {
  it('says there are no cues when the file has only a header and notes', () => {
    const error = failure(() => parse('WEBVTT\n\nNOTE nothing else\n'));
    expect(error.code).toBe('no-messages');
    expect(error.message).toBe('WebVTT: no cues found: the file has a WEBVTT header but no "start --> end" timing lines');
  });

  it('says every cue is empty', () => {
    const error = failure(() => parse('WEBVTT\n\n00:01.000 --> 00:02.000\n\n00:03.000 --> 00:04.000\n<i></i>\n'));
    expect(error.code).toBe('no-messages');
    expect(error.message).toBe('WebVTT: every cue is empty: no messages found');
  });

  it('refuses text that is not WebVTT when forced', () => {
    const error = failure(() => parse('Alice: hello\nBob: hi\n', 'notes.txt', 'webvtt'));
    expect(error.message).toBe('WebVTT: no WebVTT cues found: there are no "00:00:01.000 --> 00:00:04.000" timing lines');
  });

  it('refuses a metadata track whose cues hold JSON', () => {
    const error = failure(() => parse('WEBVTT\n\n00:00:03.663 --> 00:00:07.903\n{"chapter": 1}\n', 'chapters.vtt', 'webvtt'));
    expect(error.code).toBe('invalid');
    expect(error.message).toBe(
      'WebVTT: the cues hold JSON data (a metadata track), not caption text; a Teams metadataContent file is read by the Microsoft Teams parser',
    );
  });

  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: 'spec.vtt', content: 'WEBVTT\n\n00:11.000 --> 00:13.000\n<v Roger Bingham>We are in New York City\n' },
      { fileName: 'bom.vtt', content: new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('WEBVTT\r\n\r\n00:00:00.500 --> 00:00:07.000\r\nCaption\r\n')]) },
      { fileName: 'header-only.vtt', content: 'WEBVTT\n\nNOTE nothing\n', readable: false },
      { fileName: 'empty-cues.vtt', content: 'WEBVTT\n\n00:01.000 --> 00:02.000\n\n', readable: false },
      { fileName: 'prose.txt', content: 'Just some prose, no cues at all.', readable: false },
    ]);
  });
});
