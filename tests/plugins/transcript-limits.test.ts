// The transcript limits of the plugin contract (plugins/sdk/limits.ts) as the host applies them to any parser, and
// the pieces of the ingest that keep a long meeting in bounded memory: long messages split, long turns chunked,
// tickets merged as they come.
import { describe, expect, it } from 'vitest';
import { ParseFailure, parseFailureText } from '../../core/plugins/errors.ts';
import { PluginHost } from '../../core/plugins/host.ts';
import { mergeExtractedTickets, TicketMerger } from '../../core/tickets/merge.ts';
import { chunkMessages } from '../../core/transcripts/chunks.ts';
import { MAX_TICKETS_PER_TRANSCRIPT, TOO_MANY_TICKETS, ticketRecords } from '../../core/transcripts/ingest.ts';
import { TranscriptBuilder } from '../../plugins/parsers/shared/builder.ts';
import type { ExtractedTicket, Message, ParserPlugin } from '../../plugins/sdk/index.ts';
import { splitLongText, TRANSCRIPT_LIMITS, tooManyMessages, tooManyParticipants, TranscriptLimitError } from '../../plugins/sdk/index.ts';

function testParser(id: string, parse: ParserPlugin['parse'], score = 0.9): ParserPlugin {
  return {
    manifest: { apiVersion: 1, id, kind: 'parser', name: id, version: '1.0.0', extensions: ['.txt'], mediaTypes: ['text/plain'] },
    detect: () => score,
    parse,
  };
}

const message = (i: number, speaker: string, content = 'x'): Message => ({ id: `m${i + 1}`, content, timestamp: i, speaker: { id: speaker } });

function parseWith(...parsers: ParserPlugin[]) {
  return PluginHost.load({ builtins: parsers }).then((host) => host.parse({ bytes: new TextEncoder().encode('anything'), fileName: 'meeting.txt' }));
}

function refusal(promise: Promise<unknown>): Promise<ParseFailure> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ParseFailure);
      return error as ParseFailure;
    },
  );
}

describe('transcript limits in the host', () => {
  it('refuses more messages or speakers than the limits, in their words, from any parser', async () => {
    const many = Array.from({ length: TRANSCRIPT_LIMITS.messages + 1 }, (_, i) => message(i, 'a'));
    const tooLong = await refusal(parseWith(testParser('long', () => ({ transcript: { participants: [{ id: 'a', name: 'Ada' }], messages: many } }))));
    expect(tooLong).toMatchObject({ code: 'too-many', message: tooManyMessages().message });
    expect(parseFailureText(tooLong)).toBe(
      'This transcript has more than 25,000 messages; Tickscribe reads at most 25,000 per meeting. Split it and upload the parts.',
    );

    const people = Array.from({ length: TRANSCRIPT_LIMITS.participants + 1 }, (_, i) => ({ id: `p${i}`, name: `Person ${i}` }));
    const crowd = await refusal(parseWith(testParser('crowd', () => ({ transcript: { participants: people, messages: [message(0, 'p0')] } }))));
    expect(crowd).toMatchObject({ code: 'too-many', message: tooManyParticipants().message });
    expect(parseFailureText(crowd)).toMatch(/^This transcript names more than 1,000 speakers; Tickscribe reads at most 1,000 per meeting\./);
  });

  it('passes on a TranscriptLimitError from a parser as it is, and tries no other parser', async () => {
    let fallbackCalled = false;
    const failure = await refusal(
      parseWith(
        testParser('first', () => {
          throw tooManyMessages();
        }),
        testParser('fallback', () => {
          fallbackCalled = true;
          return { transcript: { participants: [{ id: 'a', name: 'Ada' }], messages: [message(0, 'a')] } };
        }, 0.5),
      ),
    );
    expect(failure).toMatchObject({ code: 'too-many', message: tooManyMessages().message });
    expect(fallbackCalled).toBe(false);
    expect(new TranscriptLimitError('x').name).toBe('TranscriptLimitError');
  });

  it('splits a message past the character limit into messages of the same speaker, keeping every word', async () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(' ');
    const transcript = { participants: [{ id: 'a', name: 'Ada' }], messages: [message(0, 'a', words), { ...message(1, 'a', 'after'), id: 'm1-2' }] };
    const result = await parseWith(testParser('monologue', () => ({ transcript })));
    const { messages } = result.transcript;
    expect(messages.map((m) => m.id)).toEqual(['m1', 'm1-3', 'm1-4', 'm1-2']);
    expect(messages.every((m) => m.content.length <= TRANSCRIPT_LIMITS.messageCharacters && m.speaker.id === 'a' && m.timestamp !== undefined)).toBe(true);
    expect(messages.slice(0, 3).map((m) => m.content).join(' ')).toBe(words);
  });
});

describe('the built-in parsers stop at the limits', () => {
  it('stops building past the messages and speakers limits', () => {
    const turns = new TranscriptBuilder();
    expect(() => {
      for (let i = 0; i <= TRANSCRIPT_LIMITS.messages; i++) turns.add({ speaker: i % 2 ? 'B1' : 'A1', content: 'x', timestamp: null });
    }).toThrow(tooManyMessages().message);
    const speakers = new TranscriptBuilder();
    expect(() => {
      for (let i = 0; i <= TRANSCRIPT_LIMITS.participants; i++) speakers.add({ speaker: `S${i}`, content: 'x', timestamp: null });
    }).toThrow(tooManyParticipants().message);
  });

  it('averages the confidences of merged fragments by their length', () => {
    const builder = new TranscriptBuilder();
    builder.add({ speaker: 'Ada', content: 'one', timestamp: 0, confidence: 0.5 });
    builder.add({ speaker: 'Ada', content: 'three', timestamp: 1, confidence: 1 });
    builder.add({ speaker: 'Grace', content: 'two', timestamp: 2, confidence: 0.9 });
    builder.add({ speaker: 'Grace', content: 'none', timestamp: 3 });
    const { messages } = builder.build();
    expect(messages.map((m) => m.confidence)).toEqual([Math.round(((0.5 * 3 + 5) / 8) * 10000) / 10000, undefined]);
  });
});

describe('splitLongText', () => {
  it('cuts at white space or CJK punctuation, never inside a surrogate pair', () => {
    expect(splitLongText('aaa bbb ccc ddd', 8)).toEqual(['aaa bbb', 'ccc ddd']);
    expect(splitLongText('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
    expect(splitLongText('我们。你们好吗，是的', 4)).toEqual(['我们。', '你们好吗', '，是的']);
    expect(splitLongText('x😀😀😀😀', 4)).toEqual(['x😀', '😀😀', '😀']);
    expect(splitLongText('short', 10)).toEqual(['short']);
  });
});

describe('chunks', () => {
  it('cuts only at a change of speaker while every turn fits in a chunk', () => {
    const messages = Array.from({ length: 12 }, (_, i) => message(i, i % 3 === 2 ? 'b' : 'a', 'y'.repeat(2000)));
    const chunks = chunkMessages(messages);
    for (const chunk of chunks.slice(1)) expect(chunk[0]!.speaker.id).not.toBe(messages[messages.indexOf(chunk[0]!) - 1]!.speaker.id);
    expect(chunks.flat()).toEqual(messages);
  });

  it('cuts a turn longer than a chunk between its messages', () => {
    const messages = [message(0, 'b', 'short'), ...Array.from({ length: 10 }, (_, i) => message(i + 1, 'a', 'z'.repeat(9000)))];
    const chunks = chunkMessages(messages);
    expect(chunks.length).toBeGreaterThan(5);
    expect(Math.max(...chunks.map((c) => c.reduce((n, m) => n + m.content.length, 0)))).toBeLessThanOrEqual(24_000);
    expect(chunks.flat()).toEqual(messages);
  });
});

describe('tickets of a meeting', () => {
  const ticket = (title: string, assignee: string | null = null): ExtractedTicket => ({
    title, description: title, context: null, implementation: null, dependsOn: [], effort: null, priority: 'Medium', assignee,
    dueDate: null, tags: ['a', 'a'], notes: null, project: null, quote: title,
  });

  it('merges as they come exactly as all at once, and merging again changes nothing', () => {
    const tickets = [ticket('Send the deck'), ticket('Send the deck', 'Ada'), ticket('Fix the login bug', 'Ada'), ticket('Fix the login bug', 'Grace'), ticket('Send the deck', 'Grace')];
    const merger = new TicketMerger();
    for (const t of tickets) merger.add(t);
    expect(merger.tickets).toEqual(mergeExtractedTickets(tickets));
    expect(merger.size).toBe(4);
    expect(mergeExtractedTickets(merger.tickets)).toEqual(merger.tickets);
  });

  it(`keeps the first ${MAX_TICKETS_PER_TRANSCRIPT} of a meeting, and says so`, () => {
    const tickets = Array.from({ length: MAX_TICKETS_PER_TRANSCRIPT + 20 }, (_, i) => ticket(`Fix p${i} q${i}`));
    const { records, warnings } = ticketRecords(tickets, { userId: crypto.randomUUID(), transcriptId: crypto.randomUUID() });
    expect(records).toHaveLength(MAX_TICKETS_PER_TRANSCRIPT);
    expect(records.at(-1)!.title).toBe(`Fix p${MAX_TICKETS_PER_TRANSCRIPT - 1} q${MAX_TICKETS_PER_TRANSCRIPT - 1}`);
    expect(warnings).toEqual([TOO_MANY_TICKETS]);
    expect(ticketRecords(tickets.slice(0, 3), { userId: 'u', transcriptId: 't' }).warnings).toEqual([]);
  });
});
