// A worker killed in the middle of an ingest: a new worker finishes the transcript, with no ticket twice,
// none lost, and the usage recorded once.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signUpVerified } from '../support/accounts.ts';
import { completion, FakeOpenAI } from '../support/fake-openai.ts';
import { freePort } from '../support/free-port.ts';
import { startMainProcess, type StartedProcess } from '../support/process.ts';

describe('worker killed mid-ingest', () => {
  const started: StartedProcess[] = [];
  let llm: FakeOpenAI | undefined;
  afterAll(async () => {
    await Promise.all(started.filter((p) => p.child.exitCode === null && p.child.signalCode === null).map((p) => p.stop()));
    await llm?.close();
  });

  it('is finished by the next worker without duplicates', async () => {
    llm = await FakeOpenAI.start();
    const answer = {
      tickets: [{
        title: 'Fix the login redirect bug', description: 'Users land on the wrong page.', context: null, implementation: null,
        dependsOn: [], effort: null, priority: 'High', assignee: 'Grace Hopper', dueDate: null, tags: [], notes: null,
        project: null, quote: 'can you fix the login redirect bug',
      }],
    };
    llm.script({ ...completion(answer), delayMs: 60_000 }, completion(answer, { promptTokens: 200, completionTokens: 40 }));
    const port = await freePort();
    const env = {
      DATABASE_URL: inject('databaseUrl'), TEMPORAL_ADDRESS: inject('temporalAddress'), DATA_DIR: inject('dataDir'),
      TEMPORAL_TASK_QUEUE: `crash-${randomUUID()}`, PORT: String(port),
      EXTRACTOR: 'openai', OPENAI_BASE_URL: llm.baseURL, OPENAI_API_KEY: 'test-key',
    };
    const api = await startMainProcess(env, ['--role=api']);
    started.push(api);
    const firstWorker = await startMainProcess(env, ['--role=worker']);
    started.push(firstWorker);

    const base = `http://127.0.0.1:${port}`;
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    try {
      const { token } = await signUpVerified(base, db);
      const form = new FormData();
      form.append('transcript', new Blob(['Ada Lovelace: Grace, can you fix the login redirect bug?\nGrace Hopper: Sure, I will.\n']), 'standup.txt');
      const uploaded = (await (await fetch(`${base}/api/transcripts/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { transcript: { id: string } };
      const id = uploaded.transcript.id;

      await llm.waitForRequests(1, 30_000);
      firstWorker.child.kill('SIGKILL');
      const secondWorker = await startMainProcess(env, ['--role=worker']);
      started.push(secondWorker);

      let status = '';
      for (let i = 0; i < 240 && status !== 'completed' && status !== 'failed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await db.query('select processing_status from transcripts where id = $1', [id])).rows[0].processing_status;
      }
      expect(status).toBe('completed');
      expect(llm.requests).toHaveLength(2);
      expect((await db.query('select title from tickets where transcript_id = $1', [id])).rows).toEqual([{ title: 'Fix the login redirect bug' }]);
      expect((await db.query('select input_tokens, output_tokens from token_usage where transcript_id = $1', [id])).rows).toEqual([{ input_tokens: 200, output_tokens: 40 }]);
      expect((await db.query(`select count(*)::int as n from credit_reservations where id like $1`, [`${id}:%`])).rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  }, 120_000);
});
