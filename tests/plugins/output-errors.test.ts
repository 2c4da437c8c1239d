import { describe, expect, it } from 'vitest';
import { PluginHost } from '../../core/plugins/host.ts';
import type { ExtractorPlugin, ParserPlugin } from '../../plugins/sdk/index.ts';

/** A parser that recognises every file and answers with `output` as parse() returned it. */
function parserAnswering(output: unknown): ParserPlugin {
  return {
    manifest: { apiVersion: 1, id: 'answers', kind: 'parser', name: 'Answers', version: '1.0.0', extensions: ['.txt'], mediaTypes: ['text/plain'] },
    detect: () => 0.9,
    parse: () => output as ReturnType<ParserPlugin['parse']>,
  };
}

const parseWith = async (output: unknown) => {
  const host = await PluginHost.load({ builtins: [parserAnswering(output)] });
  return () => host.parse({ bytes: new TextEncoder().encode('Ada: hello'), fileName: 'a.txt' });
};

const message = { id: 'm1', content: 'Hello', timestamp: 0, speaker: { id: 'a' } };
const participants = [{ id: 'a', name: 'Ada' }];

describe("a plugin's answer is checked in the contract's words", () => {
  it('says the { transcript } wrapper is missing instead of listing every field as missing', async () => {
    expect(await parseWith({ participants, messages: [message] })).toThrow(
      "The Answers parser's parse() returned the transcript itself: wrap it as { transcript: { participants, messages } }.",
    );
    expect(await parseWith(undefined)).toThrow(
      "The Answers parser's parse() returned nothing (undefined): it must return { transcript: { participants, messages } } (a ParserOutput of the plugin SDK).",
    );
    expect(await parseWith({ result: {} })).toThrow("The Answers parser's parse() returned an object with result: it must return { transcript: { participants, messages } }");
  });

  it('lists every problem with its path and what the contract expects there', async () => {
    const transcript = {
      participants: [{ id: 'a' }],
      messages: [{ ...message, timestamp: '00:01' }, { id: 'm2', content: '', timestamp: -1, speaker: { id: 'a' }, mood: 'happy' }],
      date: 'March 2nd',
    };
    expect(await parseWith({ transcript })).toThrow(
      'The Answers parser returned an invalid transcript: '
        + 'transcript.date "March 2nd" is not in the expected form (ISO 8601 date or date-time of the meeting, only when the source gives one; never invented); '
        + 'transcript.participants[0].name is missing (a string); '
        + 'transcript.messages[0].timestamp must be a number or null, not a string (Seconds from the start of the meeting, or null where the source has no times); '
        + "transcript.messages[1] has a property 'mood' the contract does not define (it allows id, content, timestamp, speaker, confidence); "
        + 'transcript.messages[1].content must not be empty; '
        + 'transcript.messages[1].timestamp must be >= 0, not -1.',
    );
  });

  it("names an extractor's missing wrapper and each broken ticket field", async () => {
    const extractor = (answer: unknown): ExtractorPlugin => ({
      manifest: { apiVersion: 1, id: 'careless', kind: 'extractor', name: 'Careless', version: '1.0.0' },
      estimate: () => ({ inputTokens: 0, outputTokens: 0 }),
      extract: async () => answer as Awaited<ReturnType<ExtractorPlugin['extract']>>,
    });
    const request = { transcript: { title: 'T', source: 'x', participants, messages: [message] }, chunk: { index: 0, count: 1 } } as never;
    const run = async (answer: unknown) => (await PluginHost.load({ builtins: [extractor(answer)] })).extractor('careless')!.extract(request);
    await expect(run([{ title: 'x' }])).rejects.toThrow(
      "The careless plugin's extract() returned an array: it must return an object { tickets, usage } (an ExtractionResult of the plugin SDK).",
    );
    await expect(run({ tickets: [{ title: 'Ship it', priority: 'Urgent' }], usage: {} })).rejects.toThrow(
      "The careless plugin's extract() returned an invalid extraction: tickets[0] is missing description, context, implementation, dependsOn, "
        + 'effort, assignee, dueDate, tags, notes, project, quote (the contract requires each); tickets[0].priority must be one of "Low", "Medium", "High", not "Urgent".',
    );
  });
});
