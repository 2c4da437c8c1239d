// The `openai` extractor against a local OpenAI-compatible server: its manifest and estimate, the prompt, and the
// request it sends (path, auth, model, strict json_schema response format) with the usage it reports. Unusable
// answers, service errors and cancellation are tested in openai-*.test.ts.
import { describe, expect, it } from 'vitest';
import { SYSTEM_PROMPT, buildUserMessage } from '../../plugins/extractors/openai/prompt.ts';
import type { ExtractionRequest } from '../../plugins/sdk/index.ts';
import { completion } from '../support/fake-openai.ts';
import { EXPECTED_SCHEMA, expectValid, extractor, fake, FIX, NOTES, REQUEST, SCHEMA_FILE, sent, USER_MESSAGE, useFakeOpenAI } from './openai-support.ts';

useFakeOpenAI();

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
