// The `openai` extractor against a local OpenAI-compatible server: the request it sends (path, auth, model, strict
// json_schema response format, prompt), usage, one corrective retry for answers that are not JSON or break the
// schema, retryable and non-retryable failures, timeouts, cancellation, and the defence against invented assignees.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { createAjv, getValidator } from '../../core/schema/registry.ts';
import { PluginHost } from '../../core/plugins/host.ts';
import { openaiExtractor } from '../../plugins/extractors/openai/index.ts';
import { SYSTEM_PROMPT, buildUserMessage } from '../../plugins/extractors/openai/prompt.ts';
import type { ExtractedTicket, Extraction, ExtractionRequest, ExtractionResult } from '../../plugins/sdk/index.ts';
import { FakeOpenAI, apiError, completion } from '../support/fake-openai.ts';
import { freePort } from '../support/free-port.ts';

const SCHEMA_FILE = JSON.parse(readFileSync(new URL('../../plugins/sdk/schemas/extraction.schema.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;
/** What strict mode is sent: the file without its root `$schema`, `$id`, `title` and `description`. */
const { $schema: _s, $id: _i, title: _t, description: _d, ...EXPECTED_SCHEMA } = SCHEMA_FILE;

let fake: FakeOpenAI;
let validate: ValidateFunction<Extraction>;
let host: PluginHost;

beforeAll(async () => {
  fake = await FakeOpenAI.start();
  host = await PluginHost.load({ builtins: [openaiExtractor] });
  validate = getValidator<Extraction>(createAjv(), 'extraction.schema.json');
});
afterEach(() => fake.reset());
afterAll(async () => {
  await fake.close();
});

const REQUEST: ExtractionRequest = {
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

const USER_MESSAGE = [
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

const FIX: ExtractedTicket = {
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

const NOTES: ExtractedTicket = {
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
function extractor(overrides: Overrides = {}) {
  const { apiKey, ...config } = { apiKey: 'sk-test-123', baseURL: fake.baseURL, model: 'gpt-test', ...overrides };
  return host.extractor('openai', { config, credentials: apiKey ? { apiKey } : {} })!;
}

/** Every result must be a valid extraction. */
function expectValid(result: ExtractionResult): void {
  const valid = validate({ tickets: result.tickets });
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

async function failure(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

type SentBody = { model: string; messages: { role: string; content: string }[]; [key: string]: unknown };
const sent = (index: number): SentBody => fake.requests[index]!.body as SentBody;

describe('openai extractor: manifest and estimate', () => {
  it('declares itself as an extractor', () => {
    expect(extractor().manifest).toMatchObject({
      apiVersion: 1,
      id: 'openai',
      kind: 'extractor',
      name: 'OpenAI-compatible LLM',
      version: '1.0.0',
      description:
        'Finds tickets with a large language model behind any OpenAI-compatible Chat Completions API (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio), using structured outputs.',
    });
  });

  it('estimates input as characters / 4 of prompt, messages and schema, and output as the token cap', () => {
    const chars = SYSTEM_PROMPT.length + USER_MESSAGE.length + JSON.stringify(EXPECTED_SCHEMA).length;
    expect(extractor().estimate(REQUEST)).toEqual({ inputTokens: Math.ceil(chars / 4), outputTokens: 4000 });
    expect(extractor({ maxOutputTokens: 1234 }).estimate(REQUEST)).toEqual({ inputTokens: Math.ceil(chars / 4), outputTokens: 1234 });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('openai extractor: the prompt', () => {
  it('writes the meeting date, the participants and `[mm:ss] Name: text` lines', () => {
    expect(buildUserMessage(REQUEST)).toBe(USER_MESSAGE);
  });

  it('names the chunk when there are several, and says when the date is unknown', () => {
    const request: ExtractionRequest = {
      transcript: {
        ...REQUEST.transcript,
        participants: [{ id: 'p1', name: 'Alice Chen' }],
        messages: [
          { id: 'm1', content: 'Let us ship it.', timestamp: null, speaker: { id: 'p1' } },
          { id: 'm2', content: 'Who said that?', timestamp: 0, speaker: { id: 'ghost' } },
        ],
      },
      chunk: { index: 1, count: 3 },
    };
    expect(buildUserMessage(request)).toBe(
      [
        'Meeting: Sprint planning',
        'Meeting date: unknown (leave dueDate null unless a full calendar date with the year was said)',
        'This is part 2 of 3 of the transcript; the other parts are handled separately, so extract only the work items discussed in this part.',
        '',
        'Participants (the only valid assignees):',
        '- Alice Chen',
        '',
        'Transcript:',
        'Alice Chen: Let us ship it.',
        '[00:00] ghost: Who said that?',
      ].join('\n'),
    );
  });

  it('adds the weekday to a date-time meeting date', () => {
    expect(buildUserMessage({ ...REQUEST, meetingDate: '2024-02-29T14:30:00Z' }).split('\n')[1]).toBe('Meeting date: 2024-02-29 (Thursday)');
  });
});

describe('openai extractor: a valid answer', () => {
  it('sends one strict json_schema Chat Completions request and returns the tickets and usage', async () => {
    fake.script(completion({ tickets: [FIX, NOTES] }, { model: 'gpt-test-2025-01-01', promptTokens: 1200, completionTokens: 300 }));
    const result = await extractor().extract(REQUEST, {});

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers['authorization']).toBe('Bearer sk-test-123');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-stainless-retry-count']).toBe('0');
    expect(request.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: USER_MESSAGE },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'extraction', strict: true, schema: EXPECTED_SCHEMA } },
      max_completion_tokens: 4000,
    });
    // The schema sent is the file's, only without its root metadata.
    expect(Object.keys(EXPECTED_SCHEMA).sort()).toEqual(['additionalProperties', 'properties', 'required', 'type']);
    expect((sent(0)['response_format'] as { json_schema: { schema: unknown } }).json_schema.schema).toEqual({
      type: 'object',
      additionalProperties: false,
      required: ['tickets'],
      properties: SCHEMA_FILE['properties'],
    });
    const user = sent(0).messages[1]!.content;
    expect(user).toContain('- Bob Ferreira (Engineer)');
    expect(user).toContain('[01:05] Alice Chen: Bob, can you fix the login timeout on mobile by Friday?');

    expect(result).toEqual({
      tickets: [FIX, NOTES],
      usage: { provider: 'openai', model: 'gpt-test-2025-01-01', inputTokens: 1200, outputTokens: 300, calls: 1 },
    });
    expectValid(result);
    expect(await request.outcome).toBe('answered');
  });

  it('sends no Authorization header without an API key, caps output as configured, and falls back to the configured model', async () => {
    fake.script(completion({ tickets: [] }, { model: null, noUsage: true }));
    const result = await extractor({ apiKey: undefined, model: 'llama3.1:8b', maxOutputTokens: 1500 }).extract(REQUEST, {});
    expect(fake.requests[0]!.headers['authorization']).toBeUndefined();
    expect(sent(0).model).toBe('llama3.1:8b');
    expect(sent(0)['max_completion_tokens']).toBe(1500);
    expect(result).toEqual({ tickets: [], usage: { provider: 'openai', model: 'llama3.1:8b', inputTokens: 0, outputTokens: 0, calls: 1 } });
    expectValid(result);
  });
});

describe('openai extractor: answers that are not usable', () => {
  it('retries once with the JSON error appended, then returns the valid answer with summed usage', async () => {
    fake.script(
      completion('{"tickets": [ oops', { promptTokens: 1000, completionTokens: 10 }),
      completion({ tickets: [FIX] }, { model: 'gpt-test-b', promptTokens: 1100, completionTokens: 200 }),
    );
    const result = await extractor().extract(REQUEST, {});
    expect(fake.requests).toHaveLength(2);
    expect(result).toEqual({
      tickets: [FIX],
      usage: { provider: 'openai', model: 'gpt-test-b', inputTokens: 2100, outputTokens: 210, calls: 2 },
    });
    expectValid(result);

    const retry = sent(1);
    expect(retry.messages).toHaveLength(4);
    expect(retry.messages.slice(0, 2)).toEqual(sent(0).messages);
    expect(retry.messages[2]).toEqual({ role: 'assistant', content: '{"tickets": [ oops' });
    expect(retry.messages[3]!.role).toBe('user');
    expect(retry.messages[3]!.content).toMatch(/^Your answer cannot be used: the answer is not valid JSON: .+\.\nAnswer again with only a JSON object/);
    expect(retry.response_format).toEqual(sent(0).response_format);
  });

  it('fails with a clear error after two answers that break the schema, and says what was wrong', async () => {
    const { quote: _quote, ...withoutQuote } = FIX;
    fake.script(
      completion({ tickets: [withoutQuote] }, { promptTokens: 900, completionTokens: 100 }),
      completion({ tickets: [{ ...FIX, priority: 'Urgent' }] }, { promptTokens: 1000, completionTokens: 110 }),
      completion({ tickets: [FIX] }),
    );
    const error = await failure(extractor().extract(REQUEST, {}));
    expect(error.message).toBe(
      'The model returned tickets that do not match the expected format: the answer does not match the schema: /tickets/0/priority: must be one of ["Low","Medium","High"]',
    );
    expect(error.retryable).toBe(false);
    expect(error.usage).toEqual({ provider: 'openai', model: 'fake-model-2025', inputTokens: 1900, outputTokens: 210, calls: 2 });
    expect(fake.requests).toHaveLength(2);
    expect(fake.pending).toBe(1);
    expect(sent(1).messages[3]!.content).toContain("the answer does not match the schema: /tickets/0: missing property 'quote'");
  });

  it('fails after two answers that are not JSON, explaining a cut-off answer', async () => {
    fake.script(completion('{"tickets": [{"title": "Fix', { finishReason: 'length' }), completion('not json at all'));
    const error = await failure(extractor().extract(REQUEST, {}));
    expect(error.message).toMatch(/^The model returned tickets that do not match the expected format: the answer is not valid JSON: /);
    expect(error.retryable).toBe(false);
    expect(sent(1).messages[3]!.content).toContain('(the answer was cut off at the output token limit: keep it shorter)');
  });

  it('treats a refusal as an unusable answer', async () => {
    fake.script(completion('', { refusal: 'I cannot help with that.' }), completion('', { refusal: 'Still no.' }));
    const error = await failure(extractor().extract(REQUEST, {}));
    expect(error.message).toBe('The model returned tickets that do not match the expected format: the model refused: Still no.');
    expect(sent(1).messages[2]).toEqual({ role: 'assistant', content: '' });
    expect(sent(1).messages[3]!.content).toContain('Your answer cannot be used: the model refused: I cannot help with that.');
  });
});

describe('openai extractor: service errors', () => {
  it('marks a 429 retryable (no retry of its own), and a later call succeeds', async () => {
    fake.script(apiError(429, 'Rate limit reached for gpt-test.', { 'retry-after': '7' }), completion({ tickets: [FIX] }));
    const plugin = extractor();
    const error = await failure(plugin.extract(REQUEST, {}));
    expect(error.message).toBe('The AI service is rate limiting requests (HTTP 429): Rate limit reached for gpt-test.');
    expect(error.retryable).toBe(true);
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(7000);
    expect(fake.requests).toHaveLength(1);

    const result = await plugin.extract(REQUEST, {});
    expect(result.tickets).toEqual([FIX]);
    expect(result.usage.calls).toBe(1);
    expectValid(result);
    expect(fake.requests).toHaveLength(2);
  });

  it('marks a 500 retryable', async () => {
    fake.script(apiError(500, 'The server had an error while processing your request.'));
    const error = await failure(extractor().extract(REQUEST, {}));
    expect(error.message).toBe('The AI service had an error (HTTP 500): The server had an error while processing your request.');
    expect(error.retryable).toBe(true);
    expect(error.status).toBe(500);
    expect(fake.requests).toHaveLength(1);
  });

  it('marks a 503 with a non-JSON body retryable', async () => {
    fake.script({ status: 503, body: 'upstream unavailable', headers: { 'content-type': 'text/plain' } });
    const error = await failure(extractor().extract(REQUEST, {}));
    expect(error.message).toBe('The AI service had an error (HTTP 503): upstream unavailable');
    expect(error.retryable).toBe(true);
  });

  it('refuses a 401 without retrying, in words a user understands', async () => {
    fake.script(apiError(401, 'Incorrect API key provided: sk-test-123.'));
    const error = await failure(extractor().extract(REQUEST, {}));
    expect(error.message).toBe(
      'The AI service refused the request: Incorrect API key provided: sk-test-123 (HTTP 401). Check the API key (OPENAI_API_KEY).',
    );
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(401);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    [400, "Invalid schema for response_format 'extraction'", 'The model or the server may not support structured outputs (json_schema response format).'],
    [403, 'You do not have access to this model', 'Check that the API key has access to this model.'],
    [404, 'The model `gpt-test` does not exist', 'Check the base URL (OPENAI_BASE_URL) and the model name (OPENAI_MODEL).'],
  ])('refuses a %i without retrying', async (status, detail, hint) => {
    fake.script(apiError(status, detail));
    const error = await failure(extractor().extract(REQUEST, {}));
    expect(error.message).toBe(`The AI service refused the request: ${detail} (HTTP ${status}). ${hint}`);
    expect(error.retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it('times out: a retryable error, and the request is aborted', async () => {
    fake.script({ ...completion({ tickets: [FIX] }), delayMs: 5000 });
    const started = Date.now();
    const error = await failure(extractor({ timeoutMs: 300 }).extract(REQUEST, {}));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.message).toBe('The AI service did not answer within 0.3 seconds.');
    expect(error.retryable).toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(await fake.requests[0]!.outcome).toBe('aborted');
  });

  it('marks a connection failure retryable', async () => {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}/v1`;
    const error = await failure(extractor({ baseURL }).extract(REQUEST, {}));
    expect(error.message).toBe(`Could not reach the AI service at ${baseURL}: Connection error. (connect ECONNREFUSED 127.0.0.1:${port})`);
    expect(error.retryable).toBe(true);
  });
});

describe('openai extractor: cancellation', () => {
  it('aborts the request when the signal fires', async () => {
    fake.script({ ...completion({ tickets: [FIX] }), delayMs: 5000 });
    const controller = new AbortController();
    const pending = failure(extractor().extract(REQUEST, { signal: controller.signal }));
    await fake.waitForRequests(1);
    controller.abort();
    const error = await pending;
    expect(error.name).toBe('AbortError');
    expect(error.retryable).toBeUndefined();
    expect(await fake.requests[0]!.outcome).toBe('aborted');
  });

  it("surfaces the caller's abort reason, and sends nothing when the signal has already fired", async () => {
    const reason = new Error('activity cancelled');
    const error = await failure(extractor().extract(REQUEST, { signal: AbortSignal.abort(reason) }));
    expect(error).toBe(reason);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('openai extractor: defences against invention', () => {
  it('sets an assignee who is not a participant to null, and keeps participants as written in the list', async () => {
    fake.script(
      completion({
        tickets: [
          { ...FIX, assignee: 'Dave Invented' },
          { ...NOTES, assignee: '  carol ' },
          { ...FIX, title: 'Review the fix', assignee: 'Bob Ferreira and Alice Chen', dependsOn: [] },
        ],
      }),
    );
    const result = await extractor().extract(REQUEST, {});
    expect(result.tickets.map((t) => t.assignee)).toEqual([null, 'Carol', null]);
    expect(result.tickets[0]).toEqual({ ...FIX, assignee: null });
    expectValid(result);
  });

  it('keeps only dependencies on other tickets of the answer, and drops malformed due dates', async () => {
    fake.script(
      completion({
        tickets: [
          { ...FIX, dependsOn: ['Fix the login timeout on mobile'], dueDate: 'Friday' },
          { ...NOTES, dependsOn: ['fix the login timeout on mobile', 'Deploy to production'], dueDate: '2025-02-30' },
          { ...NOTES, title: 'Announce the fix', dependsOn: ['Write the release notes', 'Write the release notes'], dueDate: ' 2025-03-17 ' },
        ],
      }),
    );
    const result = await extractor().extract(REQUEST, {});
    expect(result.tickets.map((t) => [t.dependsOn, t.dueDate])).toEqual([
      [[], null],
      [['Fix the login timeout on mobile'], null],
      [['Write the release notes'], '2025-03-17'],
    ]);
    expectValid(result);
  });
});
