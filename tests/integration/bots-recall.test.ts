// A meeting bot's life with Recall.ai (its stand-in) sending signed webhooks to the app: through the meeting to
// the tickets, the ways a bot fails, and cancel before and during the call.
import { Client } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_ATTRIBUTE, USER_ATTRIBUTE } from '../../workflows/shared/labels.ts';
import { botEvent, signedDelivery } from '../bots/recall-fake.ts';
import { MEETING_URL, SEGMENTS, useRecallApp } from './bots-support.ts';

const t = useRecallApp();

describe('a Recall.ai bot', () => {
  it('goes from Bot Initializing to the meeting’s tickets', async () => {
    const { token, userId } = await t.user();
    const sent = await t.send(token, '  Weekly sync  ');
    expect(sent).toMatchObject({ status: null, meetingTitle: 'Weekly sync', transcriptId: null });
    expect(t.fake.bots.get(sent.recallBotId)).toMatchObject({ meeting_url: MEETING_URL, bot_name: 'Tickscribe Notetaker' });
    const listed = await t.call<{ bots: { recallBotId: string }[] }>(token, 'GET', '/api/recall/bots');
    expect(listed.body.bots.map((bot) => bot.recallBotId)).toEqual([sent.recallBotId]);

    const id = sent.recallBotId;
    expect((await t.status(id, 'joining_call')).body).toEqual({ received: true, outcome: 'applied' });
    await t.until(token, id, (bot) => bot.status === 'pending');
    await t.status(id, 'in_call_recording');
    await t.until(token, id, (bot) => bot.status === 'recording');

    t.fake.record(id, { segments: SEGMENTS });
    await t.status(id, 'call_ended', 'call_ended_by_host');
    await t.status(id, 'done');
    await t.transcriptDone(id);
    const done = await t.until(token, id, (bot) => bot.status === 'done' && bot.transcriptId !== null);
    expect((await t.call<{ bots: unknown[] }>(token, 'GET', '/api/recall/bots')).body.bots).toEqual([]);

    const { transcript, tickets } = await t.processed(done.transcriptId!);
    expect(transcript).toMatchObject({ processing_status: 'completed', title: 'Weekly sync' });
    expect(tickets).toEqual([{ title: expect.stringMatching(/^Fix the login redirect bug/), assignee: 'Grace Hopper' }]);
    expect((transcript['participants'] as { name: string }[]).map((p) => p.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    // The source is the bot service once the ingest is over.
    await expect.poll(async () => (await t.db.query('select source from transcripts where id = $1', [done.transcriptId])).rows[0].source).toBe('recall');
    expect((await t.bot(token, id)).status).toBe('done');

    // In the Temporal UI: the bot's summary, its user and its transcript to find it by, its meeting in the details.
    const lifecycle = new Client({ connection: t.app.temporal }).workflow.getHandle(`bot-${id}`);
    expect(await (await lifecycle.describe()).staticSummary()).toBe(`Meeting bot ${id} (recall)`);
    await expect.poll(async () => (await lifecycle.describe()).typedSearchAttributes.get(TRANSCRIPT_ATTRIBUTE)).toBe(done.transcriptId);
    expect((await lifecycle.describe()).typedSearchAttributes.get(USER_ATTRIBUTE)).toBe(userId);
    expect((await lifecycle.query<{ currentDetails?: string }>('__temporal_workflow_metadata')).currentDetails).toBe('Meeting bot (recall) for Weekly sync');
  });

  it('ignores a replayed, a reordered and a forged or stale webhook', async () => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    const first = await t.status(id, 'in_call_recording', null, { id: 'msg_replayed' });
    expect(first.body.outcome).toBe('applied');
    await t.until(token, id, (bot) => bot.status === 'recording');
    // The same delivery again changes nothing.
    expect((await t.status(id, 'in_call_recording', null, { id: 'msg_replayed' })).body).toEqual({ received: true, outcome: 'duplicate' });
    // An older state that arrives late does not move the bot back.
    expect((await t.status(id, 'joining_call', null, { at: new Date(Date.now() - 60_000) })).body.outcome).toBe('applied');
    // Signed over its UTF-8 bytes, a body with any text verifies.
    const unicode = await t.deliver(signedDelivery({ ...botEvent(id, 'in_call_recording'), note: 'Zoë · 会議 ✓' }));
    expect(unicode.body.outcome).toBe('applied');
    // Forged (another secret) and stale (signed an hour ago) deliveries are refused before anything changes.
    const forged = await t.deliver(signedDelivery(botEvent(id, 'fatal'), { secret: `whsec_${Buffer.from('not the secret at all!!').toString('base64')}` }));
    expect(forged.status).toBe(401);
    const stale = await t.deliver(signedDelivery(botEvent(id, 'fatal'), { at: new Date(Date.now() - 3_600_000) }));
    expect(stale.status).toBe(401);
    const unsigned = await t.deliver({ rawBody: JSON.stringify(botEvent(id, 'fatal')), headers: {} });
    expect(unsigned.status).toBe(401);
    // Bytes changed after signing: the signature covers the raw body, not its meaning.
    const genuine = signedDelivery(botEvent(id, 'fatal'));
    expect((await t.deliver({ ...genuine, rawBody: `${genuine.rawBody} ` })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await t.bot(token, id)).toMatchObject({ status: 'recording', error: null });
    expect((await t.db.query('select count(*)::int as n from bot_webhook_events where provider_bot_id = $1', [id])).rows[0].n).toBe(3);

    // Once final, a later state is passed over: the first final state stays.
    await t.status(id, 'call_ended', 'timeout_exceeded_waiting_room');
    await t.until(token, id, (bot) => bot.status === 'failed');
    await t.status(id, 'done');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await t.bot(token, id)).toMatchObject({ status: 'failed', reason: 'waiting_room_timeout' });
  });

  it.each([
    ['waiting-room timeout', [['call_ended', 'timeout_exceeded_waiting_room']], 'waiting_room_timeout'],
    ['recording denied', [['recording_permission_denied', null], ['call_ended', 'timeout_exceeded_recording_permission_denied']], 'recording_denied'],
    ['the meeting not found', [['fatal', 'meeting_not_found']], 'meeting_not_found'],
    ['a fatal error', [['fatal', 'bot_errored']], 'fatal'],
  ] as const)('ends failed, with the reason in words, on %s', async (_what, changes, reason) => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    await t.status(id, 'joining_call');
    for (const [code, subCode] of changes.slice(0, -1)) {
      await t.status(id, code, subCode);
      await t.until(token, id, (bot) => bot.status === 'pending' && bot.reason === 'recording_denied');
    }
    const [code, subCode] = changes.at(-1)!;
    await t.status(id, code, subCode);
    const failed = await t.until(token, id, (bot) => bot.status === 'failed');
    expect(failed).toMatchObject({ reason, transcriptId: null });
    expect(failed.error).toMatch(/\w+ \w+/);
    expect((await t.call<{ bots: unknown[] }>(token, 'GET', '/api/recall/bots')).body.bots).toEqual([]);
  });

  it('is cancelled before it joins (deleted at Recall.ai) and during the call (made to leave)', async () => {
    const { token } = await t.user();
    const before = await t.send(token);
    const cancelled = await t.call<{ bot: { status: string } }>(token, 'DELETE', `/api/recall/bots/${before.recallBotId}`);
    expect(cancelled).toMatchObject({ status: 200, body: { bot: { status: 'cancelled' } } });
    expect(t.fake.bots.has(before.recallBotId)).toBe(false);

    const during = await t.send(token);
    await t.status(during.recallBotId, 'in_call_recording');
    await t.until(token, during.recallBotId, (bot) => bot.status === 'recording');
    const left = await t.call<{ bot: { status: string } }>(token, 'DELETE', `/api/recall/bots/${during.recallBotId}`);
    expect(left.body.bot.status).toBe('cancelled');
    expect(t.fake.bots.get(during.recallBotId)!.status_changes.at(-1)).toMatchObject({ code: 'call_ended', sub_code: 'bot_received_leave_call' });
    expect((await t.call(token, 'DELETE', `/api/recall/bots/${during.recallBotId}`)).status).toBe(409);
    expect((await t.call<{ bots: unknown[] }>(token, 'GET', '/api/recall/bots')).body.bots).toEqual([]);
  });
});
