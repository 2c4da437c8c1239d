// When the bot service's webhooks are lost, or its transcript is late, throttled or failing: the status poll (fast
// here) follows the bot, and the transcript is fetched once it can be, or the bot fails with the reason in words.
// Two API processes serve the requests, so the bots sent through the second one must poll as configured too.
import { describe, expect, it } from 'vitest';
import { SEGMENTS, useRecallApp } from './bots-support.ts';

const t = useRecallApp({ pollMs: 400, apiProcesses: 2 });

/** Moves a bot through the meeting at Recall.ai without any webhook reaching the app. */
function meetingWithoutWebhooks(id: string, recorded = true) {
  t.fake.advance(id, 'joining_call', 'in_call_recording');
  if (recorded) t.fake.record(id, { segments: SEGMENTS });
  t.fake.advance(id, ['call_ended', 'call_ended_by_host'], 'done');
}

describe('a bot whose webhooks are lost', () => {
  it('is followed by the status poll, through the meeting to the tickets', async () => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    t.fake.advance(id, 'joining_call');
    await t.until(token, id, (bot) => bot.status === 'pending');
    t.fake.advance(id, 'in_call_recording');
    await t.until(token, id, (bot) => bot.status === 'recording');
    t.fake.record(id, { segments: SEGMENTS });
    t.fake.advance(id, ['call_ended', 'call_ended_by_host'], 'done');
    const done = await t.until(token, id, (bot) => bot.status === 'done' && bot.transcriptId !== null);
    const { transcript, tickets } = await t.processed(done.transcriptId!);
    expect(transcript['processing_status']).toBe('completed');
    expect(tickets).toHaveLength(1);
  });
});

describe("a bot's transcript", () => {
  it('is fetched again after failed downloads', async () => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    const before = t.fake.media.requests.length;
    t.fake.media.script('GET /transcripts/', { status: 500, body: { message: 'InternalError' } }, 2);
    meetingWithoutWebhooks(id);
    const done = await t.until(token, id, (bot) => bot.transcriptId !== null, 20_000);
    expect(t.fake.media.requests.length - before).toBe(3);
    expect((await t.processed(done.transcriptId!)).tickets).toHaveLength(1);
    expect((await t.bot(token, id)).status).toBe('done');
  });

  it('waits for the time a throttled download names, on a durable timer', async () => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    t.fake.media.script('GET /transcripts/', { status: 429, headers: { 'retry-after': '2' }, body: { message: 'SlowDown' } });
    const started = Date.now();
    meetingWithoutWebhooks(id);
    await t.until(token, id, (bot) => bot.transcriptId !== null, 20_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('is fetched when Recall.ai says it is ready, well before the retry time it first gave', async () => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    t.fake.advance(id, 'joining_call', 'in_call_recording');
    t.fake.record(id, { status: 'processing', segments: SEGMENTS });
    t.fake.advance(id, ['call_ended', 'call_ended_by_host'], 'done');
    await t.until(token, id, (bot) => bot.status === 'done');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await t.bot(token, id)).transcriptId).toBeNull();
    t.fake.record(id, { segments: SEGMENTS });
    const ready = Date.now();
    expect((await t.transcriptDone(id)).body.outcome).toBe('applied');
    await t.until(token, id, (bot) => bot.transcriptId !== null);
    // Recall.ai's 'still transcribing' asks for 30 s; the webhook cut the wait short.
    expect(Date.now() - ready).toBeLessThan(10_000);
  });

  it('ends the bot failed, with the reason in words, when the meeting was not recorded', async () => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    meetingWithoutWebhooks(id, false);
    const failed = await t.until(token, id, (bot) => bot.status === 'failed');
    expect(failed).toMatchObject({ reason: 'no_recording', error: 'The bot made no recording.', transcriptId: null });
    const stored = await t.db.query('select count(*)::int as n from transcripts where user_id = (select user_id from bots where provider_bot_id = $1)', [id]);
    expect(stored.rows[0].n).toBe(0);
  });
});
