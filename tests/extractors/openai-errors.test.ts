// The `openai` extractor's failures: retryable and non-retryable service errors in words a user understands,
// timeouts, connection failures and cancellation.
import { describe, expect, it } from 'vitest';
import { apiError, completion } from '../support/fake-openai.ts';
import { freePort } from '../support/free-port.ts';
import { expectValid, extractor, failure, fake, FIX, REQUEST, useFakeOpenAI } from './openai-support.ts';

useFakeOpenAI();

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
