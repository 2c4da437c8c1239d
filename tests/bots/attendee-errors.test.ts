// How the `attendee` bot reports each failure an Attendee server answers with, through the guarded outbound
// client: the kind the lifecycle acts on, when to try again, Attendee's own words, and a server that is silent.
import { describe, expect, it } from 'vitest';
import { ATTENDEE_KEY, startAttendeeFake } from './attendee-fake.ts';
import { boundBot, failureOf, MEETING, secondsUntil, standIn, TIMEOUT_MS } from './support.ts';

const attendee = standIn(startAttendeeFake, (fake) => boundBot('attendee', fake.api.url, { apiKey: ATTENDEE_KEY }));

const creating = () => attendee.bot.create({ meetingUrl: MEETING, botName: 'Notes' });

describe('attendee bot: failures', () => {
  it('is rate limited until Retry-After when Attendee throttles (429)', async () => {
    attendee.fake.api.script('POST /api/v1/bots', { status: 429, headers: { 'retry-after': '12' }, body: { detail: 'Request was throttled. Expected available in 12 seconds.' } });
    const error = await failureOf(creating());
    expect(error).toMatchObject({ name: 'BotError', kind: 'rate_limited', status: 429 });
    expect(secondsUntil(error!.retryAt)).toBeGreaterThan(10);
    expect(secondsUntil(error!.retryAt)).toBeLessThanOrEqual(12);
  });

  it('waits a minute on a 429 that does not say how long, and 30 seconds on a 507', async () => {
    attendee.fake.api.script('POST /api/v1/bots', { status: 429 });
    expect(secondsUntil((await failureOf(creating()))!.retryAt)).toBeCloseTo(60, -1);
    attendee.fake.api.script('POST /api/v1/bots', { status: 507 });
    expect(secondsUntil((await failureOf(creating()))!.retryAt)).toBeCloseTo(30, -1);
  });

  it('reports a refused API key as auth', async () => {
    const refused = boundBot('attendee', attendee.fake.api.url, { apiKey: 'wrong' });
    expect(await failureOf(refused.create({ meetingUrl: MEETING, botName: 'Notes' }))).toMatchObject({
      kind: 'auth', status: 401, message: 'Attendee refused the API key. Attendee said: Invalid token.',
    });
  });

  it('refuses a meeting link Attendee refuses, in its words', async () => {
    expect(await failureOf(attendee.bot.create({ meetingUrl: 'ftp://meeting', botName: 'Notes' }))).toMatchObject({
      kind: 'validation', status: 400, message: 'Attendee refused the request. Attendee said: meeting_url: Enter a valid URL.',
    });
  });

  it.each([500, 502, 503, 504])('reports a %i as transient', async (status) => {
    attendee.fake.api.script('POST /api/v1/bots', { status, body: { error: 'Server Error' } });
    expect(await failureOf(creating())).toMatchObject({ kind: 'transient', status, message: `Attendee answered ${status}; trying again later. Attendee said: Server Error` });
  });

  it('reports a failing transcript request by its kind', async () => {
    const { botId } = await creating();
    for (const [type, state] of [['joined_meeting', 'joined_recording'], ['meeting_ended', 'post_processing'], ['post_processing_completed', 'ended']]) attendee.fake.happen(botId, type!, state!);
    attendee.fake.api.script(`GET /api/v1/bots/${botId}/transcript`, { status: 503 });
    expect(await failureOf(attendee.bot.transcript(botId))).toMatchObject({ kind: 'transient', status: 503 });
    attendee.fake.api.script(`GET /api/v1/bots/${botId}/transcript`, { status: 200, body: { unexpected: true } });
    expect(await failureOf(attendee.bot.transcript(botId))).toMatchObject({ kind: 'transient', message: expect.stringMatching(/not the list/) });
  });

  it('gives up on a server that does not answer within the timeout, as transient', async () => {
    attendee.fake.api.script('GET /api/v1/bots/', { status: 200, body: {}, delayMs: TIMEOUT_MS + 500 });
    const started = Date.now();
    expect(await failureOf(attendee.bot.status('bot_slow'))).toMatchObject({ kind: 'transient', message: expect.stringMatching(/did not answer within 1 second/) });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 400);
  });

  it('stops at once when its signal aborts', async () => {
    attendee.fake.api.script('POST /api/v1/bots', { status: 201, body: {}, delayMs: 600 });
    await expect(attendee.bot.create({ meetingUrl: MEETING, botName: 'Notes' }, { signal: AbortSignal.abort(new Error('the user went away')) })).rejects.toThrow('the user went away');
  });
});
