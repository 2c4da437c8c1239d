// How the `recall` bot reports each failure Recall.ai answers with, through the guarded outbound client: the
// kind the lifecycle acts on, when to try again (429 and 507 honour Retry-After), Recall's own words, and a
// service that does not answer in time.
import { describe, expect, it } from 'vitest';
import { RECALL_KEY, startRecallFake } from './recall-fake.ts';
import { boundBot, failureOf, MEETING, secondsUntil, standIn, TIMEOUT_MS } from './support.ts';

const recall = standIn(startRecallFake, (fake) => boundBot('recall', fake.api.url, { apiKey: RECALL_KEY }));

const creating = () => recall.bot.create({ meetingUrl: MEETING, botName: 'Notes' });

describe('recall bot: failures', () => {
  it('is rate limited until Retry-After on 429', async () => {
    recall.fake.api.script('POST /api/v1/bot/', { status: 429, headers: { 'retry-after': '17' }, body: { detail: 'Request was throttled.' } });
    const error = await failureOf(creating());
    expect(error).toMatchObject({ name: 'BotError', kind: 'rate_limited', status: 429, message: 'Recall.ai is limiting requests; trying again later. Recall.ai said: Request was throttled.' });
    expect(secondsUntil(error!.retryAt)).toBeGreaterThan(15);
    expect(secondsUntil(error!.retryAt)).toBeLessThanOrEqual(17);
  });

  it('waits for a free bot on 507 as Retry-After says, else 30 seconds', async () => {
    recall.fake.api.script('POST /api/v1/bot/', { status: 507, headers: { 'retry-after': '45' }, body: { detail: 'Out of adhoc bots.' } });
    const error = await failureOf(creating());
    expect(error).toMatchObject({ kind: 'rate_limited', status: 507, message: expect.stringMatching(/^Recall\.ai has no bot free just now/) });
    expect(secondsUntil(error!.retryAt)).toBeGreaterThan(43);
    recall.fake.api.script('POST /api/v1/bot/', { status: 507, body: { detail: 'Out of adhoc bots.' } });
    expect(secondsUntil((await failureOf(creating()))!.retryAt)).toBeCloseTo(30, -1);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.now() + 90_000);
    recall.fake.api.script('GET /api/v1/bot/', { status: 429, headers: { 'retry-after': at.toUTCString() } });
    const { botId } = await creating();
    const error = await failureOf(recall.bot.status(botId));
    expect(error).toMatchObject({ kind: 'rate_limited' });
    expect(Math.abs(Date.parse(error!.retryAt!) - Math.floor(at.getTime() / 1000) * 1000)).toBeLessThan(1000);
  });

  it('reports a refused API key as auth', async () => {
    const refused = boundBot('recall', recall.fake.api.url, { apiKey: 'wrong' });
    expect(await failureOf(refused.create({ meetingUrl: MEETING, botName: 'Notes' }))).toMatchObject({
      kind: 'auth', status: 401, message: 'Recall.ai refused the API key. Recall.ai said: Invalid token.',
    });
  });

  it.each([
    [400, { meeting_url: ['Enter a valid URL.'] }, 'validation', 'Recall.ai refused the request. Recall.ai said: meeting_url: Enter a valid URL.'],
    [402, { detail: 'Insufficient credit balance.' }, 'forbidden', 'Recall.ai has no credit left for another bot. Recall.ai said: Insufficient credit balance.'],
    [403, { detail: 'Request blocked.' }, 'forbidden', 'Recall.ai refused the request. Recall.ai said: Request blocked.'],
    [409, { detail: 'Conflict.' }, 'transient', 'Recall.ai is busy with this bot; trying again. Recall.ai said: Conflict.'],
    [500, undefined, 'transient', 'Recall.ai answered 500; trying again later.'],
    [502, { detail: 'Dropped due to high load.' }, 'transient', 'Recall.ai answered 502; trying again later. Recall.ai said: Dropped due to high load.'],
    [503, undefined, 'transient', 'Recall.ai answered 503; trying again later.'],
  ])('reports a %i as %s', async (status, body, kind, message) => {
    recall.fake.api.script('POST /api/v1/bot/', { status, ...(body ? { body } : {}) });
    expect(await failureOf(creating())).toMatchObject({ name: 'BotError', kind, status, message });
  });

  it('refuses a meeting link Recall.ai refuses, in its words', async () => {
    expect(await failureOf(recall.bot.create({ meetingUrl: 'http://not-a-meeting', botName: 'Notes' }))).toMatchObject({
      kind: 'validation', message: expect.stringContaining('meeting_url: Enter a valid URL.'),
    });
  });

  it('gives up on a service that does not answer within the timeout, as transient', async () => {
    recall.fake.api.script('POST /api/v1/bot/', { status: 201, body: {}, delayMs: TIMEOUT_MS + 500 });
    const started = Date.now();
    expect(await failureOf(creating())).toMatchObject({ name: 'BotError', kind: 'transient', message: expect.stringMatching(/did not answer within 1 second/) });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 400);
  });

  it('reports a service that cannot be reached as transient', async () => {
    const closed = boundBot('recall', 'http://127.0.0.1:9', { apiKey: RECALL_KEY });
    expect(await failureOf(closed.status('any'))).toMatchObject({ kind: 'transient', message: expect.stringMatching(/^Could not reach 127\.0\.0\.1:9/) });
  });

  it('stops at once when its signal aborts, with the signal\'s reason', async () => {
    recall.fake.api.script('GET /api/v1/bot/', { status: 200, body: {}, delayMs: 600 });
    const { botId } = await creating();
    const started = Date.now();
    expect(await failureOf(recall.bot.status(botId, { signal: AbortSignal.timeout(100) }))).toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('cancels through Retry-After too: a throttled leave is rate limited, not lost', async () => {
    const { botId } = await creating();
    recall.fake.advance(botId, 'joining_call');
    recall.fake.api.script('POST /api/v1/bot/', { status: 429, headers: { 'retry-after': '5' } });
    expect(await failureOf(recall.bot.cancel(botId))).toMatchObject({ kind: 'rate_limited', status: 429 });
  });
});
