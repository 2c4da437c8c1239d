import { beforeAll, describe, expect, it } from 'vitest';
import type { PluginHost } from '../../core/plugins/host.ts';
import { loadPluginHost } from '../../server/plugins.ts';
import { assertParserContract } from '../../core/plugins/testkit.ts';
import { parser } from '../../plugins/parsers/json/index.ts';
import { parser as slack } from '../../plugins/parsers/slack/index.ts';
import { parseJsonText } from '../../plugins/parsers/shared/parse-json.ts';
import { messageTuples, parserHelpers } from './support.ts';

let host: PluginHost;
beforeAll(async () => {
  host = await loadPluginHost();
});

const { parse, refusal: failure, input, sample } = parserHelpers(() => host, { fileName: 'transcript.json', samples: 'json' });
/** [speaker name, content, timestamp] per message. */
const lines = messageTuples;

describe('AssemblyAI', () => {
  const assembly = {
    id: 'abc',
    status: 'completed',
    text: 'Can everyone hear me? Yes. Good.',
    audio_duration: 9,
    utterances: [
      { speaker: 'A', start: 2100, end: 5400, text: 'Can everyone hear me?', confidence: 0.9, words: [] },
      { speaker: 'B', start: 5400, end: 6000, text: 'Yes.', confidence: 0.8, words: [] },
      { speaker: 'A', start: 6500, end: 9400, text: 'Good.', confidence: 0.7, words: [] },
    ],
  };

  it('reads utterances with speaker labels; times are milliseconds', () => {
    const result = parse(assembly);
    expect(result).toMatchObject({ format: 'json', variant: 'assemblyai', confidence: 0.95 });
    expect(lines(result)).toEqual([
      ['Speaker A', 'Can everyone hear me?', 2.1],
      ['Speaker B', 'Yes.', 5.4],
      ['Speaker A', 'Good.', 6.5],
    ]);
    expect(result.transcript.messages.map((m) => m.confidence)).toEqual([0.9, 0.8, 0.7]);
    // The last word ends at 9.4 s, later than the rounded audio_duration of 9 s.
    expect(result.transcript.duration).toBe(9.4);
  });

  it('takes the declared audio_duration when it is the later end', () => {
    expect(parse({ ...assembly, audio_duration: 12 }).transcript.duration).toBe(12);
  });

  it('tells a file converted to seconds apart from milliseconds', () => {
    const seconds = { ...assembly, utterances: [{ speaker: 'A', start: 2.1, end: 5.4, text: 'In seconds.' }] };
    expect(lines(parse(seconds))).toEqual([['Speaker A', 'In seconds.', 2.1]]);
  });

  it('groups words by speaker when utterances is null', () => {
    const words = [
      { text: 'Hello', start: 100, end: 400, confidence: 0.9, speaker: 'A' },
      { text: 'there.', start: 450, end: 800, confidence: 0.7, speaker: 'A' },
      { text: 'Hi!', start: 1200, end: 1500, confidence: 1, speaker: 'B' },
    ];
    const result = parse({ ...assembly, utterances: null, words });
    expect(lines(result)).toEqual([
      ['Speaker A', 'Hello there.', 0.1],
      ['Speaker B', 'Hi!', 1.2],
    ]);
    expect(result.transcript.messages[0]!.confidence).toBe(0.8);
  });

  it('splits unlabelled words at pauses of 2 s and falls back to the text', () => {
    const words = [
      { text: 'One', start: 0, end: 500 },
      { text: 'two.', start: 600, end: 900 },
      { text: 'Three.', start: 3000, end: 3400 },
    ];
    expect(lines(parse({ ...assembly, utterances: null, words }))).toEqual([
      ['Unknown speaker', 'One two.', 0],
      ['Unknown speaker', 'Three.', 3],
    ]);
    expect(lines(parse({ ...assembly, utterances: null, words: [] }))).toEqual([['Unknown speaker', 'Can everyone hear me? Yes. Good.', null]]);
  });

  it('refuses a failed, unfinished or empty transcript with a reason', () => {
    expect(failure({ ...assembly, status: 'error', error: 'Audio file is empty' }).message).toBe(
      'JSON: AssemblyAI reports that this transcription failed (Audio file is empty): there is nothing to import.',
    );
    expect(failure({ ...assembly, status: 'processing', utterances: null, text: null }).message).toContain("status 'processing'");
    const empty = failure({ ...assembly, utterances: [], words: [], text: '' });
    expect(empty.code).toBe('no-messages');
    expect(empty.message).toBe('JSON: This AssemblyAI transcript has no speech: its utterances, words and text are all empty.');
  });
});

describe('Deepgram', () => {
  const metadata = { request_id: 'r1', duration: 20.5, channels: 1, models: ['m'], model_info: { m: { name: 'nova' } } };
  const word = (w: string, start: number, speaker?: number, confidence = 0.9) => ({
    word: w.toLowerCase().replace(/[.,?]/g, ''),
    punctuated_word: w,
    start,
    end: start + 0.4,
    confidence,
    ...(speaker !== undefined ? { speaker } : {}),
  });

  it('reads diarised utterances and merges one speaker’s consecutive utterances', () => {
    const utterances = [
      { start: 1, end: 2, confidence: 0.8, channel: 0, transcript: 'First part,', speaker: 0, id: 'a', words: [] },
      { start: 2.2, end: 3, confidence: 0.6, channel: 0, transcript: 'second part.', speaker: 0, id: 'b', words: [] },
      { start: 4, end: 5, confidence: 0.9, channel: 0, transcript: 'Reply.', speaker: 1, id: 'c', words: [] },
    ];
    const result = parse({ metadata, results: { channels: [{ alternatives: [{ transcript: 'x', words: [] }] }], utterances } });
    expect(result.variant).toBe('deepgram');
    expect(lines(result)).toEqual([
      ['Speaker 0', 'First part, second part.', 1],
      ['Speaker 1', 'Reply.', 4],
    ]);
    expect(result.transcript.duration).toBe(20.5);
    expect(result.transcript.messages.every((m) => typeof m.confidence === 'number')).toBe(true);
  });

  it('reads paragraphs (confidence from their words) when there are no utterances', () => {
    const words = [word('Hello', 0.5), word('world.', 1), word('Next', 5), word('one.', 5.5)];
    const paragraphs = {
      transcript: '',
      paragraphs: [
        { sentences: [{ text: 'Hello world.', start: 0.5, end: 1.4 }], start: 0.5, end: 1.4, num_words: 2 },
        { sentences: [{ text: 'Next one.', start: 5, end: 5.9 }], start: 5, end: 5.9, num_words: 2 },
      ],
    };
    words[2]!.confidence = 0.5;
    const result = parse({ metadata, results: { channels: [{ alternatives: [{ transcript: 'Hello world. Next one.', confidence: 0.9, words, paragraphs }] }] } });
    expect(lines(result)).toEqual([
      ['Unknown speaker', 'Hello world.', 0.5],
      ['Unknown speaker', 'Next one.', 5],
    ]);
    expect(result.transcript.messages.map((m) => m.confidence)).toEqual([0.9, 0.7]);
  });

  it('uses punctuated words when there are no paragraphs, and the speaker of each word', () => {
    const words = [word('So,', 0, 0), word('yes.', 0.5, 0), word('No.', 1, 1)];
    expect(lines(parse({ metadata, results: { channels: [{ alternatives: [{ transcript: 'so yes no', words }] }] } }))).toEqual([
      ['Speaker 0', 'So, yes.', 0],
      ['Speaker 1', 'No.', 1],
    ]);
  });

  it('names the channels of a multichannel response and interleaves them by time', () => {
    const channels = [
      { alternatives: [{ transcript: 'a', words: [word('Caller', 0), word('speaks.', 0.5), word('Again.', 3)] }] },
      { alternatives: [{ transcript: 'b', words: [word('Agent', 1.5)] }] },
    ];
    expect(lines(parse({ metadata: { ...metadata, channels: 2 }, results: { channels } }))).toEqual([
      ['Channel 0', 'Caller speaks.', 0],
      ['Channel 1', 'Agent', 1.5],
      ['Channel 0', 'Again.', 3],
    ]);
  });

  it('refuses a response without speech', () => {
    const empty = failure({ metadata, results: { channels: [{ alternatives: [{ transcript: '', words: [] }] }] } });
    expect(empty.code).toBe('no-messages');
    expect(empty.message).toBe('JSON: This Deepgram response has no speech: its transcript is empty.');
  });
});

describe('Rev.ai', () => {
  it('concatenates text and punctuation elements without adding spaces', () => {
    const result = parse({
      monologues: [
        {
          speaker: 1,
          speaker_name: 'Ana Lima',
          elements: [
            { type: 'text', value: 'Hello', ts: 0.5, end_ts: 0.9, confidence: 0.9 },
            { type: 'punct', value: ',' },
            { type: 'punct', value: ' ' },
            { type: 'text', value: 'team', ts: 1, end_ts: 1.3, confidence: 0.7 },
            { type: 'punct', value: '.' },
          ],
        },
        { speaker: 2, elements: [{ type: 'text', value: '你好', ts: 2, end_ts: 2.5 }, { type: 'text', value: '世界', ts: 2.5, end_ts: 3 }] },
      ],
    });
    expect(result.variant).toBe('rev');
    expect(lines(result)).toEqual([
      ['Ana Lima', 'Hello, team.', 0.5],
      ['Speaker 2', '你好世界', 2],
    ]);
    expect(result.transcript.messages.map((m) => m.confidence)).toEqual([0.8, undefined]);
    expect(result.transcript.duration).toBe(3);
  });
});

describe('Whisper family', () => {
  it('reads OpenAI verbose_json: seconds, confidence from avg_logprob, declared duration', () => {
    const result = parse({
      task: 'transcribe',
      language: 'english',
      duration: 12.5,
      text: 'Hello. World.',
      segments: [
        { id: 0, seek: 0, start: 0, end: 3.2, text: ' Hello.', tokens: [1], temperature: 0, avg_logprob: Math.log(0.5), compression_ratio: 1, no_speech_prob: 0.1 },
        { id: 1, seek: 0, start: 3.2, end: 6, text: ' World.', tokens: [2], temperature: 0, avg_logprob: 0, compression_ratio: 1, no_speech_prob: 0.1 },
      ],
    });
    expect(result.variant).toBe('whisper');
    expect(lines(result)).toEqual([
      ['Unknown speaker', 'Hello.', 0],
      ['Unknown speaker', 'World.', 3.2],
    ]);
    expect(result.transcript.messages.map((m) => m.confidence)).toEqual([0.5, 1]);
    expect(result.transcript.duration).toBe(12.5);
  });

  it('reads WhisperX speakers and word scores, merging one speaker’s segments', () => {
    const result = parse({
      segments: [
        { start: 1, end: 2, text: ' Bonjour.', words: [{ word: 'Bonjour.', start: 1, end: 2, score: 0.5, speaker: 'SPEAKER_01' }], speaker: 'SPEAKER_01' },
        { start: 2.5, end: 3, text: 'Ça va?', words: [{ word: 'Ça', start: 2.5, end: 2.7, score: 0.9 }, { word: 'va?', start: 2.7, end: 3, score: 0.7 }], speaker: 'SPEAKER_01' },
        { start: 4, end: 5, text: 'Oui.', words: [{ word: 'Oui.', start: 4, end: 5 }], speaker: 'SPEAKER_00' },
      ],
      word_segments: [],
    });
    expect(result.variant).toBe('whisperx');
    expect(lines(result)).toEqual([
      ['SPEAKER_01', 'Bonjour. Ça va?', 1],
      ['SPEAKER_00', 'Oui.', 4],
    ]);
    // Segment confidences are the means of their word scores (0.5; 0.8), weighted by length when merged
    // ((0.5 * 8 + 0.8 * 6) / 14); the last word has no score, so that message carries no confidence.
    expect(result.transcript.messages.map((m) => m.confidence)).toEqual([0.6286, undefined]);
  });

  it('tells whisper-timestamped by its segment confidence and text words', () => {
    const result = parse({ text: ' Hi', segments: [{ start: 0.1, end: 1, text: ' Hi', confidence: 0.8, words: [{ text: 'Hi', start: 0.1, end: 1, confidence: 0.8 }] }], language: 'en' });
    expect(result.variant).toBe('whisper-timestamped');
    expect(result.transcript.messages).toEqual([{ id: 'm1', content: 'Hi', timestamp: 0.1, speaker: { id: 'p1' }, confidence: 0.8 }]);
  });

  it('reads WhisperX segments saved as a bare list', () => {
    const segments = [{ start: 0.5, end: 1, text: 'Salut.', words: [{ word: 'Salut.', start: 0.5, end: 1, score: 0.9, speaker: 'SPEAKER_00' }], speaker: 'SPEAKER_00' }];
    const result = parse(segments);
    expect(result.variant).toBe('whisperx');
    expect(lines(result)).toEqual([['SPEAKER_00', 'Salut.', 0.5]]);
  });

  it('sorts out-of-order segments by time', () => {
    const result = parse({ language: 'en', segments: [{ start: 5, end: 6, text: 'Later' }, { start: 1, end: 2, text: 'Earlier' }] });
    expect(lines(result)).toEqual([
      ['Unknown speaker', 'Earlier', 1],
      ['Unknown speaker', 'Later', 5],
    ]);
  });

  it('reads a text-only Whisper response as one message without a time', () => {
    expect(lines(parse({ text: 'Just the words.', language: 'en' }))).toEqual([['Unknown speaker', 'Just the words.', null]]);
  });
});

describe('Recall.ai', () => {
  // The transcript download schema documented at https://docs.recall.ai/docs/download-urls.
  const recall = [
    {
      // Speech before the first active-speaker event has no participant.
      participant: null,
      words: [{ text: 'already talking', start_timestamp: { relative: 0.5, absolute: '2025-07-17T00:00:00.500000Z' }, end_timestamp: { relative: 1, absolute: '2025-07-17T00:00:01Z' } }],
    },
    {
      participant: { id: 1, name: 'Ana Lima', is_host: true, platform: 'desktop', extra_data: {}, email: null },
      words: [
        { text: 'Good', start_timestamp: { relative: 9.73, absolute: '2025-07-17T00:00:09.730066Z' }, end_timestamp: { relative: 10, absolute: '2025-07-17T00:00:10Z' } },
        { text: 'morning.', start_timestamp: { relative: 10.1, absolute: '2025-07-17T00:00:10.100000Z' }, end_timestamp: null },
      ],
    },
    {
      participant: { id: 2, name: 'Bo Chen', is_host: false, platform: 'desktop', extra_data: {}, email: 'bo@example.com' },
      words: [{ text: 'Morning!', start_timestamp: { relative: 11, absolute: '2025-07-17T00:00:11Z' }, end_timestamp: { relative: 11.6, absolute: '2025-07-17T00:00:11.600000Z' } }],
    },
    { participant: { id: 1, name: 'Ana Lima' }, words: [] },
  ];

  it('reads participants and word timestamps; the date is the recording start', () => {
    const result = parse(recall);
    expect(result).toMatchObject({ format: 'json', variant: 'recall', confidence: 0.93 });
    expect(lines(result)).toEqual([
      ['Unknown speaker', 'already talking', 0.5],
      ['Ana Lima', 'Good morning.', 9.73],
      ['Bo Chen', 'Morning!', 11],
    ]);
    expect(result.transcript.date).toBe('2025-07-17T00:00:00Z');
    expect(result.transcript.duration).toBe(11.6);
  });

  it('names a participant without a display name by its id', () => {
    const nameless = [{ participant: { id: 7, name: null }, words: [{ text: 'Hello', start_timestamp: { relative: 2 }, end_timestamp: { relative: 2.4 } }] }];
    expect(lines(parse(nameless))).toEqual([['Participant 7', 'Hello', 2]]);
    expect(parse(nameless).transcript.date).toBeUndefined();
  });

  it('reads the older bot API shape and a real-time webhook event', () => {
    const older = [{ speaker: 'Ana', speaker_id: 1, is_final: true, words: [{ text: 'Hi', start_time: 1.5, end_time: 2 }] }];
    expect(lines(parse(older))).toEqual([['Ana', 'Hi', 1.5]]);
    const event = { event: 'transcript.data', data: { data: { words: recall[2]!.words, participant: recall[2]!.participant } } };
    expect(lines(parse(event))).toEqual([['Bo Chen', 'Morning!', 11]]);
  });

  it('refuses a transcript whose word lists are all empty', () => {
    expect(failure([{ participant: { id: 1, name: 'A' }, words: [] }]).code).toBe('no-messages');
  });
});

describe('Tickscribe transcripts', () => {
  const own = {
    title: 'Weekly sync',
    source: 'zoom',
    date: '2026-03-02T10:00:00Z',
    duration: 600,
    participants: [
      { id: 'p1', name: 'Ada', role: 'host' },
      { id: 'p2', name: 'Grace' },
    ],
    messages: [
      { id: 'm1', content: 'We ship Friday.', timestamp: 1, speaker: { id: 'p1' }, confidence: 0.9 },
      { id: 'm2', content: 'Agreed.', timestamp: 0.5, speaker: { id: 'p2' } },
      { id: 'm3', content: 'Noted.', timestamp: null, speaker: { id: 'p2' } },
    ],
  };

  it('reads its own shape back as it was, keeping order, roles and metadata', () => {
    const result = parse(own);
    expect(result.variant).toBe('tickscribe');
    expect(result.transcript).toEqual({
      title: 'Weekly sync',
      source: 'json',
      date: '2026-03-02T10:00:00Z',
      duration: 600,
      participants: [
        { id: 'p1', name: 'Ada', role: 'host' },
        { id: 'p2', name: 'Grace' },
      ],
      messages: [
        { id: 'm1', content: 'We ship Friday.', timestamp: 1, speaker: { id: 'p1' }, confidence: 0.9 },
        { id: 'm2', content: 'Agreed.', timestamp: 0.5, speaker: { id: 'p2' } },
        { id: 'm3', content: 'Noted.', timestamp: null, speaker: { id: 'p2' } },
      ],
    });
  });

  it('refuses one without any text', () => {
    expect(failure({ ...own, messages: [{ id: 'm1', content: ' ', timestamp: 0, speaker: { id: 'p1' } }] }).code).toBe('no-messages');
  });
});

describe('generic segments', () => {
  it('reads {speaker, start, end, text} arrays in seconds', () => {
    const result = parse([
      { speaker: 'Ana', start: 0.5, end: 2, text: 'Hello.' },
      { speaker: 'Bo', start: 2.5, end: 4, text: 'Hi: how are you?' },
    ]);
    expect(result).toMatchObject({ variant: 'segments', confidence: 0.7 });
    expect(lines(result)).toEqual([
      ['Ana', 'Hello.', 0.5],
      ['Bo', 'Hi: how are you?', 2.5],
    ]);
    expect(result.transcript.duration).toBe(4);
  });

  it('reads the synonyms (speaker_name, start_time, end_time, content) and tells milliseconds from whole seconds', () => {
    const ms = { sentences: [{ speaker_name: 'Ana', start_time: 1500, end_time: 4200, content: 'One.' }, { speaker_name: 'Bo', start_time: 5000, end_time: 6100, content: 'Two.' }] };
    expect(lines(parse(ms))).toEqual([
      ['Ana', 'One.', 1.5],
      ['Bo', 'Two.', 5],
    ]);
    const wholeSeconds = [{ name: 'Ana', startTime: 12, endTime: 15, utterance: 'One.' }, { name: 'Bo', startTime: 16, endTime: 20, utterance: 'Two.' }];
    expect(lines(parse(wholeSeconds))).toEqual([
      ['Ana', 'One.', 12],
      ['Bo', 'Two.', 16],
    ]);
    expect(lines(parse([{ speaker: 'Ana', start_ms: 30, text: 'Named in ms.' }]))).toEqual([['Ana', 'Named in ms.', 0.03]]);
  });

  it('reads clock strings, numeric speakers and confidences', () => {
    const result = parse({ segments: [{ speaker: 1, start: '00:01:02.500', end: '00:01:04', text: 'Clock time.', confidence: 0.75 }] });
    expect(lines(result)).toEqual([['Speaker 1', 'Clock time.', 62.5]]);
    expect(result.transcript.messages[0]!.confidence).toBe(0.75);
  });

  it('makes absolute ISO times relative to the first and takes the date from it (Google Meet API entries)', () => {
    const result = parse({
      transcriptEntries: [
        { name: 'conferenceRecords/c1/transcripts/t1/entries/e2', participant: 'conferenceRecords/c1/participants/p2', text: 'Second.', startTime: '2024-05-01T10:00:07.250Z', endTime: '2024-05-01T10:00:09Z' },
        { name: 'conferenceRecords/c1/transcripts/t1/entries/e1', participant: 'conferenceRecords/c1/participants/p1', text: 'First.', startTime: '2024-05-01T10:00:02Z', endTime: '2024-05-01T10:00:05Z' },
      ],
    });
    expect(lines(result)).toEqual([
      ['Participant p1', 'First.', 0],
      ['Participant p2', 'Second.', 5.25],
    ]);
    expect(result.transcript.date).toBe('2024-05-01T10:00:02Z');
    expect(result.transcript.duration).toBe(7);
  });

  it('unwraps envelopes and keeps their title and date (Fireflies GraphQL)', () => {
    const result = parse({
      data: { transcript: { title: 'Roadmap review', date: 1719212228000, sentences: [{ index: 0, speaker_name: 'Ana', text: 'Welcome.', start_time: 0.4, end_time: 1.2 }] } },
    });
    expect(result.transcript).toMatchObject({ title: 'Roadmap review', date: '2024-06-24T06:57:08Z' });
    expect(lines(result)).toEqual([['Ana', 'Welcome.', 0.4]]);
  });

  it('reads Hugging Face chunks with [start, end] timestamps and JSON Lines', () => {
    expect(lines(parse({ text: 'a b', chunks: [{ timestamp: [0, 1.5], text: ' a' }, { timestamp: [1.5, null], text: ' b' }] }))).toEqual([
      ['Unknown speaker', 'a', 0],
      ['Unknown speaker', 'b', 1.5],
    ]);
    const jsonl = '{"speaker":"Ana","start":0,"text":"One."}\n{"speaker":"Bo","start":1.5,"text":"Two."}\n';
    expect(lines(parse(jsonl, 'segments.json'))).toEqual([
      ['Ana', 'One.', 0],
      ['Bo', 'Two.', 1.5],
    ]);
  });

  it('keeps text with a BOM, CRLF and non-Latin names intact', () => {
    const text = '\uFEFF[\r\n {"speaker": "田中 司恩", "start": 0, "text": "こんにちは"}\r\n]\r\n';
    expect(lines(parse(text))).toEqual([['田中 司恩', 'こんにちは', 0]]);
  });
});

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
    const ranking = host.detect({ text: sample(file), fileName: file, extension: '.json' });
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
    expect(performance.now() - started).toBeLessThan(20);
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
    const started = performance.now();
    const result = parser.parse(input(text));
    expect(performance.now() - started).toBeLessThan(250);
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
