// The JSON parser on the speech-to-text vendors' transcripts: AssemblyAI, Deepgram, Rev.ai and Recall.ai.
import { describe, expect, it } from 'vitest';
import { jsonHelpers } from './json-support.ts';

const { parse, readAs, failure, lines } = jsonHelpers();

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
    const result = readAs({ metadata, results: { channels: [{ alternatives: [{ transcript: 'x', words: [] }] }], utterances } }, 'deepgram');
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
