// Helpers shared by the `openai` extractor tests: a local OpenAI-compatible server (tests/support/fake-openai.ts)
// and a host with the extractor, a meeting and the tickets a model may answer with, and views of what was sent.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { createAjv, getValidator } from '../../core/schema/registry.ts';
import { PluginHost } from '../../core/plugins/host.ts';
import { openaiExtractor } from '../../plugins/extractors/openai/index.ts';
import type { ExtractedTicket, Extraction, ExtractionRequest, ExtractionResult } from '../../plugins/sdk/index.ts';
import { FakeOpenAI } from '../support/fake-openai.ts';

/** The extraction schema as the file holds it. */
export const SCHEMA_FILE = JSON.parse(readFileSync(new URL('../../plugins/sdk/schemas/extraction.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;
const { $schema: _s, $id: _i, title: _t, description: _d, ...strictSchema } = SCHEMA_FILE;
/** What strict mode is sent: the file without its root `$schema`, `$id`, `title` and `description`. */
export const EXPECTED_SCHEMA = strictSchema;

/** The fake server of the running test file, started by `useFakeOpenAI`. */
export let fake: FakeOpenAI;
let validate: ValidateFunction<Extraction>;
let host: PluginHost;

/** Starts the fake server and a host with the extractor before the file's tests; clears the script after each. */
export function useFakeOpenAI(): void {
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    host = await PluginHost.load({ builtins: [openaiExtractor] });
    validate = getValidator<Extraction>(createAjv(), 'extraction.schema.json');
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await fake.close();
  });
}

/** A four-message meeting with a date, as one chunk. */
export const REQUEST: ExtractionRequest = {
  transcript: {
    title: 'Sprint planning',
    source: 'text',
    date: '2025-03-10',
    participants: [
      { id: 'p1', name: 'Alice Chen', role: 'Product Manager' },
      { id: 'p2', name: 'Bob Ferreira', role: 'Engineer' },
      { id: 'p3', name: 'Carol' },
    ],
    messages: [
      { id: 'm1', content: 'Morning everyone, how was the weekend?', timestamp: 5, speaker: { id: 'p1' } },
      { id: 'm2', content: 'Bob, can you fix the login timeout on mobile by Friday?', timestamp: 65, speaker: { id: 'p1' } },
      { id: 'm3', content: "Sure, I'll take it.\nShould be a small change.", timestamp: 72.6, speaker: { id: 'p2' } },
      { id: 'm4', content: "I'll write the release notes once the fix is in.", timestamp: 3725, speaker: { id: 'p3' } },
    ],
  },
  meetingDate: '2025-03-10',
  chunk: { index: 0, count: 1 },
};

/** The user message the extractor writes for REQUEST. */
export const USER_MESSAGE = [
  'Meeting: Sprint planning',
  'Meeting date: 2025-03-10 (Monday)',
  '',
  'Participants (the only valid assignees):',
  '- Alice Chen (Product Manager)',
  '- Bob Ferreira (Engineer)',
  '- Carol',
  '',
  'Transcript:',
  '[00:05] Alice Chen: Morning everyone, how was the weekend?',
  '[01:05] Alice Chen: Bob, can you fix the login timeout on mobile by Friday?',
  "[01:12] Bob Ferreira: Sure, I'll take it. Should be a small change.",
  "[62:05] Carol: I'll write the release notes once the fix is in.",
].join('\n');

/** A ticket the model may answer with. */
export const FIX: ExtractedTicket = {
  title: 'Fix the login timeout on mobile',
  description: 'Mobile users are logged out too early; fix the login timeout.',
  context: 'Raised during sprint planning.',
  implementation: null,
  dependsOn: [],
  effort: 'Small',
  priority: 'High',
  assignee: 'Bob Ferreira',
  dueDate: '2025-03-14',
  tags: ['mobile', 'bug'],
  notes: null,
  project: null,
  quote: 'Bob, can you fix the login timeout on mobile by Friday?',
};

/** A second ticket, which depends on FIX. */
export const NOTES: ExtractedTicket = {
  title: 'Write the release notes',
  description: 'Write the release notes for the login fix.',
  context: null,
  implementation: null,
  dependsOn: ['Fix the login timeout on mobile'],
  effort: null,
  priority: 'Medium',
  assignee: 'Carol',
  dueDate: null,
  tags: [],
  notes: null,
  project: null,
  quote: "I'll write the release notes once the fix is in.",
};

interface Overrides {
  apiKey?: string | undefined;
  baseURL?: string;
  model?: string;
  timeoutMs?: number;
  maxOutputTokens?: number;
}

/** The extractor as the host hands it out: settings validated (defaults filled in), answers checked. */
export function extractor(overrides: Overrides = {}) {
  const { apiKey, ...config } = { apiKey: 'sk-test-123', baseURL: fake.baseURL, model: 'gpt-test', ...overrides };
  return host.extractor('openai', { config, credentials: apiKey ? { apiKey } : {} })!;
}

/** Every result must be a valid extraction. */
export function expectValid(result: ExtractionResult): void {
  const valid = validate({ tickets: result.tickets });
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

/** The error the promise rejects with; a promise that resolves fails the test. */
export async function failure(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

type SentBody = { model: string; messages: { role: string; content: string }[]; [key: string]: unknown };
/** The body of the `index`th request the fake server received. */
export const sent = (index: number): SentBody => fake.requests[index]!.body as SentBody;
