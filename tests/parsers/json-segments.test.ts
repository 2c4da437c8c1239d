// The JSON parser on segment lists: the Whisper family, Tickscribe's own transcripts and generic
// {speaker, start, end, text} segments under their many names and time forms.
import { describe, expect, it } from 'vitest';
import { jsonHelpers } from './json-support.ts';

const { parse, readAs, failure, lines } = jsonHelpers();

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
    const result = readAs({ text: ' Hi', segments: [{ start: 0.1, end: 1, text: ' Hi', confidence: 0.8, words: [{ text: 'Hi', start: 0.1, end: 1, confidence: 0.8 }] }], language: 'en' }, 'whisper-timestamped');
    expect(result.transcript.messages).toEqual([{ id: 'm1', content: 'Hi', timestamp: 0.1, speaker: { id: 'p1' }, confidence: 0.8 }]);
  });

  it('reads WhisperX segments saved as a bare list', () => {
    const segments = [{ start: 0.5, end: 1, text: 'Salut.', words: [{ word: 'Salut.', start: 0.5, end: 1, score: 0.9, speaker: 'SPEAKER_00' }], speaker: 'SPEAKER_00' }];
    const result = readAs(segments, 'whisperx');
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
    const result = readAs(own, 'tickscribe');
    // Everything as it was but the source, which names the parser that read it.
    expect(result.transcript).toEqual({ ...own, source: 'json' });
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
