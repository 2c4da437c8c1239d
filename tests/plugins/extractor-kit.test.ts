// The extractor contract kit: both built-in extractors pass it, and it names what a careless extractor breaks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertExtractorContract, checkExtractorContract, SAMPLE_REQUEST } from '../../core/plugins/testkit.ts';
import { heuristicExtractor } from '../../plugins/extractors/heuristic/index.ts';
import { openaiExtractor } from '../../plugins/extractors/openai/index.ts';
import type { ExtractedTicket, ExtractorPlugin } from '../../plugins/sdk/index.ts';
import { FakeOpenAI, completion } from '../support/fake-openai.ts';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await FakeOpenAI.start();
});
afterAll(async () => {
  await fake.close();
});

const TICKET: ExtractedTicket = {
  title: 'Fix the login timeout on mobile',
  description: 'Mobile users are logged out too early.',
  context: null,
  implementation: null,
  dependsOn: [],
  effort: 'Small',
  priority: 'High',
  assignee: 'Grace Hopper',
  dueDate: '2026-03-06',
  tags: [],
  notes: null,
  project: null,
  quote: 'Grace, can you fix the login timeout on mobile by Friday?',
};

/** An extractor that answers `tickets` whatever it is asked, and never looks at its signal. */
function careless(tickets: unknown[]): ExtractorPlugin {
  return {
    ...heuristicExtractor,
    manifest: { ...heuristicExtractor.manifest, id: 'careless' },
    extract: async () => ({ tickets, usage: { provider: 'careless', model: 'none', inputTokens: 0, outputTokens: 0, calls: 0 } }),
  } as ExtractorPlugin;
}

describe('extractor contract kit', () => {
  it('passes the offline heuristic extractor', async () => {
    await assertExtractorContract(heuristicExtractor);
  });

  it('passes the openai extractor against an OpenAI-compatible server', async () => {
    fake.script(completion({ tickets: [TICKET] }));
    await assertExtractorContract(openaiExtractor, { settings: { config: { baseURL: fake.baseURL, model: 'gpt-test' }, credentials: { apiKey: 'sk-test' } } });
    expect(fake.requests).toHaveLength(1);
  });

  it('names invented assignees, dangling dependencies and an ignored abort', async () => {
    const problems = await checkExtractorContract(careless([
      { ...TICKET, assignee: 'Dave Invented' },
      { ...TICKET, title: 'Write the notes', dependsOn: ['Deploy to production'] },
      { ...TICKET, title: 'Send the date', assignee: 'Unknown speaker' },
    ]));
    expect(problems).toEqual([
      "request 1: ticket 'Fix the login timeout on mobile' is assigned to 'Dave Invented', who is neither a participant nor named in the meeting",
      "request 1: ticket 'Write the notes' depends on 'Deploy to production', which is not another ticket of the answer",
      "request 1: ticket 'Send the date' is assigned to 'Unknown speaker', who is neither a participant nor named in the meeting",
      "request 1: ticket 'Send the date' is assigned to the placeholder 'Unknown speaker'",
      'extract() ignored an aborted signal; it must reject',
    ]);
  });

  it('reports the host’s boundary checks: an answer outside the schema, and settings the manifest refuses', async () => {
    const [invalid] = await checkExtractorContract(careless([{ title: '' }]));
    expect(invalid).toMatch(/^request 1: extract\(\) failed: The careless plugin's extract\(\) returned an invalid extraction: tickets\[0\] is missing description, context, /);
    expect(await checkExtractorContract(openaiExtractor, { settings: { config: { timeoutMs: -1 } } })).toEqual([
      "the settings given to the kit were refused: The openai plugin's settings are invalid: config.timeoutMs must be >= 1.",
    ]);
    expect(await checkExtractorContract(careless([]), { requests: [SAMPLE_REQUEST] })).toContain('request 1: extract() found no tickets');
  });
});
