// A meeting bot's life with an Attendee server (its stand-in) sending signed bot.state_change webhooks to the
// app: through post-processing to the tickets, the ways a bot fails, and cancel.
import { describe, expect, it } from 'vitest';
import { signedAttendeeDelivery, stateChange } from '../bots/attendee-fake.ts';
import { UTTERANCES, useAttendeeApp } from './bots-support.ts';

const t = useAttendeeApp();

describe('an Attendee bot', () => {
  it('waits for post-processing, then turns the meeting into tickets', async () => {
    const { token } = await t.user();
    const sent = await t.send(token);
    expect(sent.status).toBeNull();
    const id = sent.recallBotId;
    await t.state(id, 'joined_meeting', 'joined_not_recording');
    await t.until(token, id, (bot) => bot.status === 'pending');
    await t.state(id, 'recording_permission_granted', 'joined_recording');
    await t.until(token, id, (bot) => bot.status === 'recording');

    await t.state(id, 'meeting_ended', 'post_processing');
    await t.until(token, id, (bot) => bot.status === 'done');
    // Still post-processing: the transcript is not fetched until Attendee says it is ready.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await t.bot(token, id)).transcriptId).toBeNull();
    t.fake.say(id, UTTERANCES);
    await t.state(id, 'post_processing_completed', 'ended');
    const done = await t.until(token, id, (bot) => bot.transcriptId !== null);

    const { transcript, tickets } = await t.processed(done.transcriptId!);
    expect(transcript).toMatchObject({ processing_status: 'completed', title: expect.stringMatching(/^Google Meet meeting, \d{4}-\d{2}-\d{2}$/) });
    expect(tickets).toEqual([{ title: expect.stringMatching(/^Fix the login redirect bug/), assignee: 'Grace Hopper' }]);
    expect((transcript['participants'] as { name: string }[]).map((p) => p.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    await expect.poll(async () => (await t.db.query('select source from transcripts where id = $1', [done.transcriptId])).rows[0].source).toBe('attendee');
  });

  it('refuses a forged delivery and acts on a replayed one once', async () => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    t.fake.happen(id, 'joined_meeting', 'joined_recording');
    const event = stateChange(id, { new_state: 'joined_recording', old_state: 'joining', event_type: 'joined_meeting' });
    const forged = signedAttendeeDelivery(event, Buffer.from('somebody else entirely, not us!!').toString('base64'));
    expect((await t.deliver(forged)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await t.bot(token, id)).status).toBeNull();
    expect((await t.deliver(signedAttendeeDelivery(event))).body.outcome).toBe('applied');
    expect((await t.deliver(signedAttendeeDelivery(event))).body.outcome).toBe('duplicate');
    await t.until(token, id, (bot) => bot.status === 'recording');
  });

  it.each([
    ['a waiting-room timeout', [['put_in_waiting_room', 'waiting_room'], ['could_not_join_meeting', 'fatal_error', 'waiting_room_timeout_exceeded']], 'waiting_room_timeout'],
    ['a fatal error', [['joined_meeting', 'joined_recording'], ['fatal_error', 'fatal_error', 'heartbeat_timeout']], 'fatal'],
  ] as const)('ends failed on %s', async (_what, steps, reason) => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    for (const [type, state, subType] of steps) await t.state(id, type, state, subType ?? null);
    const failed = await t.until(token, id, (bot) => bot.status === 'failed');
    expect(failed.reason).toBe(reason);
    expect(failed.error).toMatch(/\w+ \w+/);
  });

  it('ends failed with the reason in words when recording was denied and nothing was recorded', async () => {
    const { token } = await t.user();
    const { recallBotId: id } = await t.send(token);
    await t.state(id, 'joined_meeting', 'joined_not_recording');
    await t.state(id, 'recording_permission_denied', 'joined_recording_permission_denied', 'host_denied_permission');
    await t.until(token, id, (bot) => bot.status === 'pending' && bot.reason === 'recording_denied');
    await t.state(id, 'meeting_ended', 'post_processing');
    await t.state(id, 'post_processing_completed', 'ended');
    const failed = await t.until(token, id, (bot) => bot.status === 'failed');
    expect(failed).toMatchObject({ reason: 'no_recording', transcriptId: null });
    expect(failed.error).toMatch(/recording/i);
  });

  it('is made to leave when cancelled, before and during the call', async () => {
    const { token } = await t.user();
    for (const during of [false, true]) {
      const { recallBotId: id } = await t.send(token);
      if (during) {
        await t.state(id, 'joined_meeting', 'joined_recording');
        await t.until(token, id, (bot) => bot.status === 'recording');
      }
      const cancelled = await t.call<{ bot: { status: string } }>(token, 'DELETE', `/api/recall/bots/${id}`);
      expect(cancelled.body.bot.status).toBe('cancelled');
      expect(t.fake.bots.get(id)!.events.at(-1)).toMatchObject({ type: 'leave_requested', sub_type: 'user_requested' });
    }
    expect((await t.call<{ bots: unknown[] }>(token, 'GET', '/api/recall/bots')).body.bots).toEqual([]);
  });
});
