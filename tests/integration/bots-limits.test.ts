// Sending a bot: the request's rules, the plan's monthly limits before a bot is sent and again when its transcript
// arrives, the bot service refusing, every route seeing only the user's own bots, and hostile webhook deliveries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { botEvent, signedDelivery } from '../bots/recall-fake.ts';
import { MEETING_URL, SEGMENTS, useRecallApp } from './bots-support.ts';

const t = useRecallApp();
// The test app sells no paid plans (no Stripe): a full month says when the count starts again, not to upgrade.
const FULL_NO_PAID_PLANS = /^You have reached the Free plan's limit of 5 transcripts this month\. You can add transcripts again from [A-Z][a-z]+ \d{1,2}, \d{4}\. Paid plans are not available on this installation: ask its administrator if you need more\.$/;

const useUpAllCredits = (userId: string) => t.db.query(
  `insert into token_usage (id, user_id, operation_type, ai_provider, input_tokens, output_tokens, created_at)
   values (gen_random_uuid(), $1, 'ticket_extraction', 'openai', 1000000000, 1000000000, now())`,
  [userId],
);

/** `count` meetings the user processed earlier this month. */
const earlierMeetings = (userId: string, count: number) => t.db.query(
  `insert into transcripts (id, user_id, title, processing_status, created_at, updated_at)
   select gen_random_uuid(), $1, 'Earlier meeting', 'completed', now(), now() from generate_series(1, $2::int)`,
  [userId, count],
);

describe('sending a bot', () => {
  it('checks the meeting URL in the spec’s words, before anything is sent', async () => {
    const { token } = await t.user();
    const bots = t.fake.bots.size;
    for (const [meetingUrl, error] of [['  ', 'Please enter a meeting URL.'], ['meet.google.com/abc', 'Please enter a valid URL.'], ['ftp://meet.example/x', 'Please enter a valid URL.']]) {
      expect(await t.call(token, 'POST', '/api/recall/bots', { meetingUrl })).toEqual({ status: 400, body: { error } });
    }
    expect((await t.call(null, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL })).status).toBe(401);
    expect(t.fake.bots.size).toBe(bots);
  });

  it('is refused with the upgrade message when the credits or the month’s transcripts are used up', async () => {
    const broke = await t.user();
    await useUpAllCredits(broke.userId);
    const bots = t.fake.bots.size;
    const refused = await t.call<{ error: string }>(broke.token, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatch(/token credit/);

    const busy = await t.user();
    await earlierMeetings(busy.userId, 5);
    const full = await t.call<{ error: string }>(busy.token, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL });
    // The test app sells no paid plans: the message says when the count starts again, not to upgrade.
    expect(full.status).toBe(402);
    expect(full.body.error).toMatch(FULL_NO_PAID_PLANS);
    expect(t.fake.bots.size).toBe(bots);
  });

  it('answers in words when the bot service refuses, limits or fails', async () => {
    const { token } = await t.user();
    t.fake.api.script('POST /api/v1/bot/', { status: 400, body: { meeting_url: ['Unsupported meeting platform.'] } });
    t.fake.api.script('POST /api/v1/bot/', { status: 507, headers: { 'retry-after': '30' }, body: { detail: 'No bots available.' } });
    t.fake.api.script('POST /api/v1/bot/', { status: 401, body: { detail: 'Invalid token.' } });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await t.call<{ error: string }>(token, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL }));
    expect(answers.map((a) => a.status)).toEqual([400, 429, 502]);
    expect(answers[0]!.body.error).toMatch(/^The meeting bot service refused this meeting: .*Unsupported meeting platform/);
    expect(answers[2]!.body.error).toMatch(/^The meeting bot service could not send a bot: Recall.ai refused the API key/);
    expect((await t.call<{ bots: unknown[] }>(token, 'GET', '/api/recall/bots')).body.bots).toEqual([]);
  });
});

describe('bots in flight', () => {
  const uploadFrom = (token: string) => {
    const form = new FormData();
    form.append('transcript', new Blob(['Ada: I will send the notes.\n']), 'notes.txt');
    return fetch(`${t.base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };

  it('count against the month when sent: thirty sent at once from a Free account, five go out', async () => {
    const { token } = await t.user();
    const before = t.fake.bots.size;
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.call<{ error?: string }>(token, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 402).map((answer) => answer.body.error);
    expect(refused).toHaveLength(25);
    for (const error of refused) expect(error).toMatch(FULL_NO_PAID_PLANS);
    expect(t.fake.bots.size - before).toBe(5);
    expect((await t.call<{ bots: unknown[] }>(token, 'GET', '/api/recall/bots')).body.bots).toHaveLength(5);
    // Uploads and bots share the month's places.
    expect(await uploadFrom(token).then((response) => response.status)).toBe(402);
  });

  it('and uploads share the places, under parallel requests of both kinds', async () => {
    const { token } = await t.user();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => t.call(token, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL }).then((answer) => answer.status)),
      ...Array.from({ length: 6 }, () => uploadFrom(token).then((response) => response.status)),
    ]);
    expect(answers.filter((status) => status === 201)).toHaveLength(5);
    expect(answers.filter((status) => status === 402)).toHaveLength(7);
  });

  it('give their place back when the bot service refuses them, and a cancelled bot frees its place', async () => {
    const { token, userId } = await t.user();
    await earlierMeetings(userId, 4);
    t.fake.api.script('POST /api/v1/bot/', { status: 400, body: { meeting_url: ['Unsupported meeting platform.'] } });
    expect((await t.call(token, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL })).status).toBe(400);
    const bot = await t.send(token);
    expect((await t.call(token, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL })).status).toBe(402);
    expect((await t.call(token, 'DELETE', `/api/recall/bots/${bot.recallBotId}`)).status).toBe(200);
    await t.until(token, bot.recallBotId, (state) => state.status === 'cancelled');
    expect((await t.call(token, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL })).status).toBe(201);
  });

  it("do not hold their own place against their transcript: the month's last place is the bot's", async () => {
    const { token, userId } = await t.user();
    await earlierMeetings(userId, 4);
    const { recallBotId: id } = await t.send(token, 'The last meeting this month');
    await t.status(id, 'in_call_recording');
    t.fake.record(id, { segments: SEGMENTS });
    await t.status(id, 'done');
    const done = await t.until(token, id, (bot) => bot.status === 'done' && bot.transcriptId !== null);
    const { transcript } = await t.processed(done.transcriptId!);
    expect(transcript['processing_status']).toBe('completed');
  });
});

describe("a bot's transcript over the limit", () => {
  it('is kept as failed with tokenLimitExceeded, and the bot fails with the limit’s message', async () => {
    const { token, userId } = await t.user();
    const { recallBotId: id } = await t.send(token, 'Budget review');
    await t.status(id, 'in_call_recording');
    await t.until(token, id, (bot) => bot.status === 'recording');
    await useUpAllCredits(userId);
    t.fake.record(id, { segments: SEGMENTS });
    await t.status(id, 'done');
    const failed = await t.until(token, id, (bot) => bot.status === 'failed');
    expect(failed.reason).toBe('limit_reached');
    expect(failed.error).toMatch(/^Insufficient token credits/);
    const { rows } = await t.db.query('select title, processing_status, metadata from transcripts where id = $1', [failed.transcriptId]);
    expect(rows[0]).toMatchObject({ title: 'Budget review', processing_status: 'failed', metadata: { tokenLimitExceeded: true, error: failed.error } });
    expect((await t.db.query('select count(*)::int as n from tickets where transcript_id = $1', [failed.transcriptId])).rows[0].n).toBe(0);
  });
});

describe("another user's bot", () => {
  it('is not found by any route', async () => {
    const owner = await t.user();
    const other = await t.user();
    const { recallBotId: id } = await t.send(owner.token);
    expect((await t.call(other.token, 'GET', `/api/recall/bots/${id}`)).status).toBe(404);
    expect((await t.call(other.token, 'DELETE', `/api/recall/bots/${id}`)).status).toBe(404);
    expect((await t.call<{ bots: unknown[] }>(other.token, 'GET', '/api/recall/bots')).body.bots).toEqual([]);
    expect((await t.call(other.token, 'GET', '/api/recall/bots/no-such-bot')).status).toBe(404);
    expect((await t.bot(owner.token, id)).status).toBeNull();
    expect(t.fake.api.requests.some((r) => r.method === 'DELETE' && r.path.includes(id))).toBe(false);
  });
});

describe('the webhook endpoint', () => {
  it('answers hostile deliveries with a 4xx, and signed events it need not act on with 200', async () => {
    const hostile = fc.oneof(fc.json(), fc.string(), fc.constantFrom('', '{', '[]', 'null', '{"event":5}', '\u0000', '{"a":"\\u0000"}'));
    const headers = fc.oneof(fc.constant({}), fc.record({ 'webhook-id': fc.string(), 'webhook-timestamp': fc.string(), 'webhook-signature': fc.string() }));
    await fc.assert(fc.asyncProperty(hostile, headers, async (rawBody, given) => {
      const answer = await t.deliver({ rawBody, headers: given });
      expect(answer.status, `${rawBody} -> ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }), { numRuns: 60 });
    // Signed, but not a body Recall.ai sends: refused as unreadable. Signed, for no bot of this installation: ignored.
    expect((await t.deliver(signedDelivery({ event: 'bot.done', data: {} }))).status).toBe(400);
    expect((await t.deliver(signedDelivery(botEvent('bot-of-someone-else', 'done')))).body).toEqual({ received: true, outcome: 'ignored' });
    expect((await t.deliver(signedDelivery({ event: 'recording.done', data: { recording: { id: 'r1' } } }))).body.outcome).toBe('ignored');
  });
});
