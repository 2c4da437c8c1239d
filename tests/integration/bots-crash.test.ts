// A worker killed in the middle of a bot's life (separate api and worker processes): the webhooks that arrive
// while no worker runs are kept by Temporal, and the next worker takes the bot to its tickets, once.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { botEvent, RECALL_KEY, RECALL_SECRET, signedDelivery, startRecallFake, type RecallFake } from '../bots/recall-fake.ts';
import { signUpVerified } from '../support/accounts.ts';
import { freePort } from '../support/free-port.ts';
import { startMainProcess, type StartedProcess } from '../support/process.ts';
import { MEETING_URL, SEGMENTS } from './bots-support.ts';

describe('worker killed mid-lifecycle', () => {
  const started: StartedProcess[] = [];
  let recall: RecallFake | undefined;
  afterAll(async () => {
    await Promise.all(started.filter((p) => p.child.exitCode === null && p.child.signalCode === null).map((p) => p.stop()));
    await recall?.close();
  });

  it('is taken to the tickets by the next worker, with every webhook kept', async () => {
    recall = await startRecallFake();
    const port = await freePort();
    const env = {
      DATABASE_URL: inject('databaseUrl'), TEMPORAL_ADDRESS: inject('temporalAddress'), DATA_DIR: inject('dataDir'),
      TEMPORAL_TASK_QUEUE: `bot-crash-${randomUUID()}`, PORT: String(port),
      MEETING_BOT_PROVIDER: 'recall', MEETING_BOT_API_KEY: RECALL_KEY, MEETING_BOT_BASE_URL: recall.api.url, MEETING_BOT_WEBHOOK_SECRET: RECALL_SECRET,
      OUTBOUND_ALLOWLIST: '127.0.0.1/32',
    };
    const api = await startMainProcess(env, ['--role=api']);
    started.push(api);
    const firstWorker = await startMainProcess(env, ['--role=worker']);
    started.push(firstWorker);

    const base = `http://127.0.0.1:${port}`;
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    const statusOf = async (id: string) => (await db.query('select status, transcript_id from bots where provider_bot_id = $1', [id])).rows[0];
    const waitFor = async (id: string, done: (row: { status: string | null; transcript_id: string | null }) => boolean) => {
      for (let i = 0; i < 240 && !done(await statusOf(id)); i++) await new Promise((resolve) => setTimeout(resolve, 250));
      return statusOf(id);
    };
    const deliver = async (body: unknown) => {
      const { rawBody, headers } = signedDelivery(body);
      const response = await fetch(`${base}/api/bots/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: rawBody });
      return ((await response.json()) as { outcome: string }).outcome;
    };
    try {
      const { token, userId } = await signUpVerified(base, db);
      const sent = await fetch(`${base}/api/recall/bots`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ meetingUrl: MEETING_URL, meetingTitle: 'Standup' }),
      });
      const id = ((await sent.json()) as { bot: { recallBotId: string } }).bot.recallBotId;
      recall.advance(id, 'in_call_recording');
      expect(await deliver(botEvent(id, 'in_call_recording'))).toBe('applied');
      expect((await waitFor(id, (row) => row.status === 'recording')).status).toBe('recording');

      firstWorker.child.kill('SIGKILL');
      recall.record(id, { segments: SEGMENTS });
      recall.advance(id, ['call_ended', 'call_ended_by_host'], 'done');
      expect(await deliver(botEvent(id, 'call_ended', 'call_ended_by_host'))).toBe('applied');
      expect(await deliver(botEvent(id, 'done'))).toBe('applied');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await statusOf(id)).status).toBe('recording');

      const secondWorker = await startMainProcess(env, ['--role=worker']);
      started.push(secondWorker);
      const done = await waitFor(id, (row) => row.status === 'done' && row.transcript_id !== null);
      expect(done.status).toBe('done');
      let transcript: { processing_status: string } | undefined;
      for (let i = 0; i < 240 && transcript?.processing_status !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        transcript = (await db.query('select processing_status from transcripts where id = $1', [done.transcript_id])).rows[0];
      }
      expect(transcript?.processing_status).toBe('completed');
      expect((await db.query('select count(*)::int as n from transcripts where user_id = $1', [userId])).rows[0].n).toBe(1);
      const tickets = (await db.query('select title from tickets where transcript_id = $1', [done.transcript_id])).rows;
      expect(tickets).toEqual([{ title: expect.stringMatching(/^Fix the login redirect bug/) }]);
    } finally {
      await db.end();
    }
  }, 150_000);
});
