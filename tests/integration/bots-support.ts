// What the meeting-bot tests share: the whole app with a bot service's stand-in configured (Recall.ai's or
// Attendee's, from tests/bots), signed webhooks sent to the app as the service sends them, and the API calls.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { start, type RunningTickscribe } from '../../server/main.ts';
import { ATTENDEE_KEY, ATTENDEE_SECRET, signedAttendeeDelivery, startAttendeeFake, stateChange, utterance, type AttendeeFake } from '../bots/attendee-fake.ts';
import { botEvent, RECALL_KEY, RECALL_SECRET, signedDelivery, startRecallFake, type RecallFake, type Segment } from '../bots/recall-fake.ts';
import { signUpVerified, type SignedInUser } from '../support/accounts.ts';
import { freePort } from '../support/free-port.ts';

export const MEETING_URL = 'https://meet.google.com/abc-defg-hij';
export const ACTION = 'Grace, can you fix the login redirect bug by Friday?';
export const REPLY = "Sure, I'll fix the login redirect bug.";

/** The meeting as Recall.ai's transcript download gives it. */
export const SEGMENTS: Segment[] = [
  { participant: { id: 100, name: 'Ada Lovelace' }, words: [{ text: ACTION, start_timestamp: { relative: 3.2 } }] },
  { participant: { id: 200, name: 'Grace Hopper' }, words: [{ text: REPLY, start_timestamp: { relative: 7 } }] },
];

/** The same meeting as Attendee's transcript endpoint gives it. */
export const UTTERANCES = [utterance('Ada Lovelace', 'u-ada', 3200, ACTION), utterance('Grace Hopper', 'u-grace', 7000, REPLY)];

export interface BotView {
  id: string;
  recallBotId: string;
  status: string | null;
  reason: string | null;
  error: string | null;
  meetingTitle: string | null;
  transcriptId: string | null;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface BotApp {
  app: RunningTickscribe;
  base: string;
  db: pg.Client;
  user(): Promise<SignedInUser>;
  call<T = Record<string, unknown>>(token: string | null, method: string, path: string, body?: unknown): Promise<Answer<T>>;
  send(token: string, meetingTitle?: string): Promise<BotView>;
  bot(token: string, id: string): Promise<BotView>;
  /** Posts a delivery to the webhook endpoint as the service does: the exact bytes and headers. */
  deliver(delivery: { rawBody: string; headers: Record<string, string> }): Promise<Answer>;
  /** Polls the bot until `done` holds of it (10 s at most by default). */
  until(token: string, id: string, done: (bot: BotView) => boolean, timeoutMs?: number): Promise<BotView>;
  /** A processed transcript: its row and tickets once processing ended. */
  processed(transcriptId: string): Promise<{ transcript: Record<string, unknown>; tickets: { title: string; assignee: string | null }[] }>;
}

export interface StartOptions {
  /** The backup status poll of each bot (ms); long by default so that only webhooks move bots. */
  pollMs?: number;
  secret?: string;
  /** WEB_CONCURRENCY: with more than one, requests reach API processes that got only the settings. */
  apiProcesses?: number;
}

/** Starts the app against `fake` (by its URL) before the file's tests, and stops both after them. */
function useBotApp<Fake extends { close(): Promise<void> }>(
  provider: 'recall' | 'attendee', startFake: () => Promise<Fake>, urlOf: (fake: Fake) => string, key: string, options: StartOptions,
): BotApp & { fake: Fake } {
  const t = {} as BotApp & { fake: Fake };
  beforeAll(async () => {
    t.fake = await startFake();
    const port = await freePort();
    t.app = await start({
      role: 'all',
      env: {
        NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: String(port), DATA_DIR: inject('dataDir'), DATABASE_URL: inject('databaseUrl'),
        TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `bots-${randomUUID()}`,
        MEETING_BOT_PROVIDER: provider, MEETING_BOT_API_KEY: key, MEETING_BOT_BASE_URL: urlOf(t.fake),
        MEETING_BOT_WEBHOOK_SECRET: options.secret ?? (provider === 'recall' ? RECALL_SECRET : ATTENDEE_SECRET),
        OUTBOUND_ALLOWLIST: '127.0.0.1/32', OUTBOUND_TIMEOUT_MS: '2000', MEETING_BOT_POLL_INTERVAL_MS: String(options.pollMs ?? 60_000),
        WEB_CONCURRENCY: String(options.apiProcesses ?? 1),
      },
    });
    t.base = `http://127.0.0.1:${port}`;
    t.db = new pg.Client({ connectionString: inject('databaseUrl') });
    await t.db.connect();
  });
  afterAll(async () => {
    await t.app?.stop();
    await t.db?.end();
    await t.fake?.close();
  });
  t.user = () => signUpVerified(t.base, t.db);
  t.call = async (token, method, path, body) => {
    const response = await fetch(`${t.base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };
  t.send = async (token, meetingTitle) => {
    const sent = await t.call<{ bot: BotView }>(token, 'POST', '/api/recall/bots', { meetingUrl: MEETING_URL, ...(meetingTitle ? { meetingTitle } : {}) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    return sent.body.bot;
  };
  t.bot = async (token, id) => (await t.call<{ bot: BotView }>(token, 'GET', `/api/recall/bots/${id}`)).body.bot;
  t.deliver = async ({ rawBody, headers }) => {
    const response = await fetch(`${t.base}/api/bots/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: rawBody });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  t.until = async (token, id, done, timeoutMs = 10_000) => {
    let bot = await t.bot(token, id);
    for (const until = Date.now() + timeoutMs; !done(bot) && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      bot = await t.bot(token, id);
    }
    expect(done(bot), JSON.stringify(bot)).toBe(true);
    return bot;
  };
  t.processed = async (transcriptId) => {
    let row: Record<string, unknown> | undefined;
    for (let i = 0; i < 200; i++) {
      row = (await t.db.query('select * from transcripts where id = $1', [transcriptId])).rows[0];
      if (row && ['completed', 'failed'].includes(String(row['processing_status']))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const tickets = (await t.db.query('select title, assignee from tickets where transcript_id = $1 order by created_at', [transcriptId])).rows;
    return { transcript: row ?? {}, tickets };
  };
  return t;
}

/** The app with Recall.ai's stand-in, and the webhooks Recall.ai sends about a bot's status changes. */
export function useRecallApp(options: StartOptions = {}) {
  const t = useBotApp<RecallFake>('recall', startRecallFake, (fake) => fake.api.url, RECALL_KEY, options);
  return Object.assign(t, {
    /** The bot moves on at Recall.ai (`bot.<code>` with its sub-code), and Recall.ai says so in a signed webhook. */
    async status(botId: string, code: string, subCode: string | null = null, options: { id?: string; at?: Date } = {}) {
      t.fake.advance(botId, subCode ? [code, subCode] : code);
      return t.deliver(signedDelivery(botEvent(botId, code, subCode, (options.at ?? new Date()).toISOString()), options));
    },
    /** Recall.ai says the transcript of the bot's recording is done. */
    transcriptDone(botId: string) {
      return t.deliver(signedDelivery({ event: 'transcript.done', data: { data: { code: 'done', updated_at: new Date().toISOString() }, bot: { id: botId, metadata: {} } } }));
    },
  });
}

/** The app with Attendee's stand-in, and the bot.state_change webhooks Attendee sends. */
export function useAttendeeApp(options: StartOptions = {}) {
  const t = useBotApp<AttendeeFake>('attendee', startAttendeeFake, (fake) => fake.api.url, ATTENDEE_KEY, options);
  return Object.assign(t, {
    /** The bot moves from its state to `state` at Attendee (an event and sub-type), and Attendee says so. */
    async state(botId: string, eventType: string, state: string, subType: string | null = null) {
      const old = t.fake.bots.get(botId)!.state;
      t.fake.happen(botId, eventType, state, subType);
      return t.deliver(signedAttendeeDelivery(stateChange(botId, { new_state: state, old_state: old, event_type: eventType, event_sub_type: subType })));
    },
  });
}
