// The kits of `@tickscribe/plugin-sdk/testing` alone, as a plugin's own tests run them: nothing of the app loads the
// plugin, and answers are checked by the SDK's own schema checker. Built-in plugins of every kind pass; a careless
// one of every kind is named for each rule it breaks; the SDK's checker and the host's Ajv refuse the same answers.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PluginHost } from '../../core/plugins/host.ts';
import { heuristicExtractor } from '../../plugins/extractors/heuristic/index.ts';
import { webvttParser } from '../../plugins/parsers/webvtt/index.ts';
import { recallBot } from '../../plugins/bots/recall/index.ts';
import type { BotPlugin, ExtractedTicket, ExtractorPlugin, ParserPlugin } from '../../plugins/sdk/index.ts';
import {
  assertBotContract, assertExtractorContract, assertParserContract, checkBotContract, checkExtractorContract, checkParserContract, fetchHttp,
} from '../../plugins/sdk/testing/index.ts';
import { SCHEMAS, schemaProblems } from '../../plugins/sdk/testing/schema-check.ts';
import { botEvent, RECALL_KEY, RECALL_SECRET, SEGMENTS, signedDelivery, startRecallFake, type RecallFake } from '../bots/recall-fake.ts';
import { ROOT } from '../support/process.ts';

const VTT = 'WEBVTT\n\n00:11.000 --> 00:13.000\n<v Roger Bingham>We are in New York City\n';

const oneMessage = {
  participants: [{ id: 'a', name: 'Ada' }],
  messages: [{ id: 'm1', content: 'Hello', timestamp: 0, speaker: { id: 'a' } }],
};

/** A parser answering `transcript` for any text that starts with "Ada", refusing the rest. */
function lineParser(transcript: unknown, overrides: Partial<ParserPlugin> = {}): ParserPlugin {
  return {
    manifest: { apiVersion: 1, id: 'lines', kind: 'parser', name: 'Lines', version: '1.0.0', extensions: ['.txt'], mediaTypes: ['text/plain'] },
    detect: ({ text }) => (text.startsWith('Ada') ? 0.8 : 0),
    parse: ({ text }) => {
      if (!text.startsWith('Ada')) throw new Error('This is not a lines file: each line starts with a speaker.');
      return { transcript } as ReturnType<ParserPlugin['parse']>;
    },
    ...overrides,
  };
}

describe('the SDK parser kit, alone', () => {
  it('passes a built-in parser and a small third-party one', async () => {
    await assertParserContract(webvttParser, [
      { fileName: 'spec.vtt', content: VTT },
      { fileName: 'prose.txt', content: 'Just some prose, no cues at all.', readable: false },
    ]);
    const minutes = (await import(`${ROOT}/tests/fixtures/plugins/minutes-parser/index.js`)).default as ParserPlugin;
    expect(await checkParserContract(minutes, [{ fileName: 'sync.txt', content: readFileSync(`${ROOT}/tests/fixtures/plugins/weekly-sync.txt`) }])).toEqual([]);
  });

  it('names a bad manifest, a score out of range, an invalid transcript, a bug and a refusal without words', async () => {
    const unnamed = lineParser(oneMessage, { manifest: { ...lineParser(oneMessage).manifest, id: 'Lines', extensions: ['md'] } });
    expect(await checkParserContract(unnamed, [])).toEqual([
      'manifest.id must be lower-case letters, digits and dashes, starting with a letter',
      'manifest.extensions has "md"; each is lower-case with its dot, as \'.md\'',
    ]);
    const strays = { participants: [{ id: 'a', name: 'Ada' }], messages: [{ id: 'm1', content: 'Hi', timestamp: -1, speaker: { id: 'b' } }] };
    expect(await checkParserContract(lineParser(strays, { detect: () => 2 }), [{ fileName: 'a.txt', content: 'Ada: hi' }])).toEqual([
      'a.txt: detect() returned 2; it must be a number from 0 to 1',
      'a.txt: failed with an unexpected Error: The lines plugin\'s parse() returned an invalid transcript: transcript.messages[0].timestamp must be 0 or more, not -1; transcript.messages[0].speaker.id "b" names no participant',
    ]);
    const buggy = lineParser(oneMessage, { parse: ({ text }) => ({ transcript: { ...oneMessage, title: (undefined as unknown as string[]).join(text) } }) });
    expect(await checkParserContract(buggy, [{ fileName: 'a.txt', content: 'Ada: hi' }])).toEqual([
      expect.stringMatching(/^a\.txt: failed with an unexpected TypeError: Cannot read properties of undefined/),
    ]);
    const mute = lineParser(oneMessage, { parse: () => { throw new Error(' '); } });
    expect(await checkParserContract(mute, [{ fileName: 'b.txt', content: 'Bob: hi', readable: false }])).toEqual(['b.txt: refused without a message']);
  });
});

const TICKET: ExtractedTicket = {
  title: 'Fix the login timeout on mobile', description: 'Mobile users are logged out too early.', context: null, implementation: null,
  dependsOn: [], effort: 'Small', priority: 'High', assignee: 'Grace Hopper', dueDate: '2026-03-06', tags: [], notes: null, project: null,
  quote: 'Grace, can you fix the login timeout on mobile by Friday?',
};

function careless(tickets: unknown[], usage: unknown = { provider: 'careless', model: 'none', inputTokens: 0, outputTokens: 0, calls: 0 }): ExtractorPlugin {
  return { ...heuristicExtractor, manifest: { ...heuristicExtractor.manifest, id: 'careless' }, extract: async () => ({ tickets, usage }) } as ExtractorPlugin;
}

describe('the SDK extractor kit, alone', () => {
  it('passes the offline heuristic extractor with its defaults', async () => {
    await assertExtractorContract(heuristicExtractor);
  });

  it('names an answer outside the schema, usage left out, an invented assignee and an ignored abort', async () => {
    expect(await checkExtractorContract(careless([{ ...TICKET, priority: 'Urgent', tags: 'ui' }]))).toEqual([
      'request 1: extract() failed: The careless plugin\'s extract() returned an invalid extraction: tickets[0].priority must be one of "Low", "Medium", "High", not "Urgent"; tickets[0].tags must be an array, not a string',
    ]);
    expect(await checkExtractorContract(careless([TICKET], { provider: 'careless', model: 'none', inputTokens: 1.5 }))).toContain(
      'request 1: extract() failed: The careless plugin\'s extract() must report its usage: provider, model, and whole, non-negative inputTokens, outputTokens and calls',
    );
    expect(await checkExtractorContract(careless([{ ...TICKET, assignee: 'Dave Invented' }]))).toContain(
      "request 1: ticket 'Fix the login timeout on mobile' is assigned to 'Dave Invented', who is neither a participant nor named in the meeting",
    );
  });
});

describe('the SDK bot kit, alone', () => {
  let recall: RecallFake;
  beforeAll(async () => {
    recall = await startRecallFake();
  });
  afterAll(async () => {
    await recall.close();
  });

  const kit = () => ({
    settings: { config: { baseUrl: recall.api.url }, credentials: { apiKey: RECALL_KEY, webhookSecret: RECALL_SECRET } },
    http: fetchHttp,
    endMeeting(botId: string) {
      recall.advance(botId, 'joining_call', 'in_call_recording', 'call_ended', 'done');
      recall.record(botId, { segments: SEGMENTS });
    },
    signedWebhook: (botId: string) => signedDelivery(botEvent(botId, 'in_call_recording')),
    staleWebhook: (botId: string) => signedDelivery(botEvent(botId, 'in_call_recording'), { at: new Date(Date.now() - 2 * 3_600_000) }),
  });

  it('passes the recall bot against its stand-in', async () => {
    await assertBotContract(recallBot, kit());
  });

  it('names a bot that trusts every webhook and answers states outside the contract', async () => {
    const trusting: BotPlugin = { ...recallBot, manifest: { ...recallBot.manifest, id: 'trusting' }, verifyWebhook: () => true };
    expect(await checkBotContract(trusting, kit())).toEqual([
      'verifyWebhook() accepted a delivery whose body was changed after signing',
      'verifyWebhook() accepted a delivery without its signature headers',
      'verifyWebhook() accepted a stale delivery (a replay)',
      'verifyWebhook() accepted a delivery with no webhook secret configured',
    ]);
    const vague: BotPlugin = { ...recallBot, create: async () => ({ botId: 'b1', status: 'failed' }) };
    expect(await checkBotContract(vague, kit())).toContain(
      'against the stand-in: The recall plugin\'s create() returned an invalid state: the answer is missing error, reason',
    );
  });
});

describe("the SDK's schema checker", () => {
  it('refuses the answers the host refuses', async () => {
    const broken: unknown[] = [
      { ...oneMessage, messages: [] },
      { ...oneMessage, participants: [{ id: 'a' }] },
      { ...oneMessage, messages: [{ ...oneMessage.messages[0], timestamp: '0' }] },
      { ...oneMessage, date: 'yesterday' },
      { ...oneMessage, extra: true },
      { ...oneMessage, messages: [{ ...oneMessage.messages[0], confidence: 2 }] },
    ];
    for (const transcript of broken) {
      const parser = lineParser(transcript);
      const host = await PluginHost.load({ builtins: [parser] });
      expect(() => host.parse({ bytes: new TextEncoder().encode('Ada: hi'), fileName: 'a.txt' }, { format: 'lines' }), JSON.stringify(transcript)).toThrow();
      expect(await checkParserContract(parser, [{ fileName: 'a.txt', content: 'Ada: hi' }]), JSON.stringify(transcript)).not.toEqual([]);
    }
    expect(schemaProblems(SCHEMAS.transcript, { title: 'T', source: 'lines', ...oneMessage })).toEqual([]);
  });
});
