// The JSON parser: errors for files it cannot read, detection next to the Slack parser, speed and the contract.
// The shapes it reads are tested in json-vendors.test.ts and json-segments.test.ts.
import { describe, expect, it } from 'vitest';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { jsonParser as parser } from '../../plugins/parsers/json/index.ts';
import { slackParser as slack } from '../../plugins/parsers/slack/index.ts';
import { parseJsonText } from '../../plugins/parsers/shared/parse-json.ts';
import { jsonHelpers } from './json-support.ts';
import { parseWithin } from './support.ts';

const { host, failure, input, sample } = jsonHelpers();

describe('errors', () => {
  it('says where invalid JSON breaks', () => {
    const broken = failure('{\n  "segments": [\n    {"text": "a"} {"text": "b"}\n  ]\n}');
    expect(broken.code).toBe('invalid');
    expect(broken.message).toBe("JSON: The file is not valid JSON: unexpected '{' at line 3, column 19.");
  });

  it('points at comments, trailing commas and single quotes', () => {
    expect(failure('{"segments": [], // note\n}').message).toContain('JSON does not allow comments');
    expect(failure('[{"speaker": "A", "text": "x"},]').message).toContain('JSON does not allow a comma before a closing bracket');
    expect(failure("{'text': 'x'}").message).toBe("JSON: The file is not valid JSON: unexpected ''' at line 1, column 2: JSON strings need double quotes.");
  });

  it('says a cut-off file ends early (code truncated)', () => {
    const full = sample('turnchunk_assemblyai_two_speakers.json');
    const cut = failure(full.slice(0, 200));
    expect(cut.code).toBe('truncated');
    expect(cut.message).toBe(
      'JSON: The JSON ends early: the file looks truncated (it stops at line 3 before every bracket is closed). Export or download it again.',
    );
    expect(failure('{"text": "unterminated').code).toBe('truncated');
    expect(() => parseJsonText('[{"a": 1},')).toThrow('The JSON ends early: the file looks truncated');
  });

  it('names what was expected when valid JSON is no transcript', () => {
    const other = failure({ name: 'package', version: '1.0.0', dependencies: {} });
    expect(other.code).toBe('invalid');
    expect(other.message).toBe(
      'JSON: This JSON is not a transcript Tickscribe knows: expected an AssemblyAI, Deepgram, Rev.ai, Whisper/WhisperX or Recall.ai transcript, ' +
        'a Tickscribe transcript (title, participants, messages), or a list of segments like [{"speaker", "start", "end", "text"}]; ' +
        'found an object with the keys name, version, dependencies.',
    );
    expect(failure(['a', 'b', 'c']).message).toContain('found a list of 3 items (string).');
    expect(failure([1, 2, 3]).message).toContain('found a list of 3 items (number).');
    expect(failure('{text: "bare key"}').message).toBe("JSON: The file is not valid JSON: unexpected 't' at line 1, column 2.");
    expect(failure([]).code).toBe('no-messages');
  });

  it('leaves Slack export files to the Slack parser', () => {
    expect(() => parser.parse(input([{ type: 'message', user: 'U1', text: 'hi', ts: '1452837352.000006' }]))).toThrow(
      'This is a file from a Slack export: it is read by the Slack parser',
    );
  });
});

describe('detection', () => {
  const files = [
    'assemblyai_transcript_speaker_labels_utterances.json',
    'assemblyai_transcript_utterances_null.json',
    'deepgram_prerecorded_nova2_diarize_utterances.json',
    'deepgram_prerecorded_nova3_smart_format.json',
    'deepgram_whisper_model_transcript.json',
    'revai_transcript_monologues_elements.json',
    'turnchunk_assemblyai_two_speakers.json',
    'turnchunk_rev_two_speakers.json',
    'whisper_timestamped_segments_words.json',
    'whisperx_segments_words_speakers_fr.json',
  ];

  it.each(files)('ranks json first with a vendor score on %s, and Slack at 0', (file) => {
    const ranking = host().detect({ text: sample(file), fileName: file, extension: '.json' });
    expect(ranking[0]).toMatchObject({ format: 'json' });
    expect(ranking[0]!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(slack.detect({ text: sample(file), extension: '.json' })).toBe(0);
  });

  it('scores the generic shape below the vendor shapes, and unknown JSON lower still', () => {
    expect(parser.detect(input([{ speaker: 'A', start: 1, end: 2, text: 'x' }]))).toBe(0.7);
    expect(parser.detect(input([{ text: 'x' }]))).toBe(0.5);
    expect(parser.detect(input({ name: 'package' }))).toBe(0.4);
    expect(parser.detect(input({ metadata: {}, results: { channels: [{ alternatives: [{ transcript: 'x' }] }] } }))).toBe(0.95);
  });

  it('scores 0 on Slack files and on text that is not JSON', () => {
    expect(parser.detect(input([{ type: 'message', user: 'U0BMQB6JE', text: 'hi', ts: '1452837352.000006' }]))).toBe(0);
    expect(parser.detect(input([{ id: 'U0BMYT2FL', team_id: 'T1', name: 'a', real_name: 'A', profile: {} }]))).toBe(0);
    for (const text of ['WEBVTT\n\n00:00.000 --> 00:01.000\nHi', '[SPEAKER_00]: Bonjour', '[Ana] 10:01:02\nHello', 'Ana: {"not": "json"}']) {
      expect(parser.detect({ text, extension: '.txt' })).toBe(0);
    }
  });

  it('finds a vendor fingerprint at the end of a large file and decides within a few milliseconds', () => {
    const words = Array.from({ length: 12_000 }, (_, i) => ({ text: `w${i}`, start: i * 300, end: i * 300 + 250, confidence: 0.9, speaker: 'A' }));
    const text = JSON.stringify({ words, utterances: null, audio_duration: 3600, status: 'completed' });
    expect(text.length).toBeGreaterThan(700_000);
    const started = performance.now();
    expect(parser.detect(input(text))).toBe(0.95);
    // A guard against super-linear scanning (seconds on such input), not a speed target: bench/parsers.ts measures speed.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('speed', () => {
  it('parses a 1 MB Deepgram response in well under a second', () => {
    const one = JSON.parse(sample('deepgram_prerecorded_nova2_diarize_utterances.json')) as { results: { utterances: { start: number; end: number }[] } };
    const utterances: { start: number; end: number }[] = [];
    let text = '';
    for (let i = 0; text.length < 1_000_000; i++) {
      for (const u of one.results.utterances) utterances.push({ ...u, start: u.start + i * 170, end: u.end + i * 170 });
      text = JSON.stringify({ ...one, results: { ...one.results, utterances } });
    }
    const result = parseWithin(parser, text, '.json', 250);
    // Eight speaker turns per copy; a copy ends with speaker 1 and the next starts with speaker 0.
    expect(result.transcript.messages.length).toBe((utterances.length / 22) * 8);
  });
});

describe('contract', () => {
  it('keeps the parser contract', async () => {
    await assertParserContract(parser, [
      { fileName: 'assemblyai.json', content: sample('turnchunk_assemblyai_two_speakers.json') },
      { fileName: 'rev.json', content: sample('turnchunk_rev_two_speakers.json') },
      { fileName: 'segments.json', content: '[{"speaker": "Ana", "start": 0, "text": "Hi"}]' },
      { fileName: 'truncated.json', content: '{"utterances": [{"speaker": "A", "text": "Hi"', readable: false },
      { fileName: 'package.json', content: '{"name": "x"}', readable: false },
      { fileName: 'empty-list.json', content: '[]', readable: false },
    ]);
  });
});
