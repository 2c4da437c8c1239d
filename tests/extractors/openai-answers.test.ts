// What the `openai` extractor does with answers: one corrective retry for answers that are not JSON or break the
// schema, refusals, and the defences against invented assignees, dependencies and dates.
import { describe, expect, it } from 'vitest';
import { completion } from '../support/fake-openai.ts';
import { expectValid, extractor, failure, fake, FIX, NOTES, REQUEST, sent, useFakeOpenAI } from './openai-support.ts';

useFakeOpenAI();

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
