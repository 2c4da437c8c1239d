/** What the benchmarks share: a real Tickscribe process on embedded services, a signed-in user, meeting lines. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../tests/support/free-port.ts';
import { startMainProcess } from '../tests/support/process.ts';
import { embeddedDatabaseUrl } from '../core/db/embedded-postgres.ts';

export const SPEAKERS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson'];
export const SENTENCES = [
  "I'll take the login bug: users on Safari get logged out after the redirect.",
  'Can you review the pricing page copy before Friday? Marketing wants it live next week.',
  'We need to decide on the database migration window; Sunday night looks quietest.',
  'The checkout timeout comes from recalculating the cart for every discount code.',
];

export interface BenchApp {
  base: string;
  db: pg.Client;
  /** Bearer token of bench@example.com, verified, on `tier`. */
  token: string;
  /** The Tickscribe process. */
  main: { pid: number };
  stop(): Promise<void>;
}

/** `npm start` in a child process on a fresh data folder, with one signed-in user on `tier`. */
export async function startBenchApp(name: string, env: Record<string, string> = {}, tier = 'Free'): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `tickscribe-${name}-bench-`));
  const ports = { web: await freePort(), pg: await freePort() };
  const main = await startMainProcess({
    DATA_DIR: dataDir, PORT: String(ports.web), EMBEDDED_POSTGRES_PORT: String(ports.pg),
    TEMPORAL_PORT: String(await freePort()), TEMPORAL_UI_PORT: String(await freePort()), ...env,
    ...(process.env['TEMPORAL_CLI_PATH'] ? { TEMPORAL_CLI_PATH: process.env['TEMPORAL_CLI_PATH'] } : {}),
  });
  const base = `http://127.0.0.1:${ports.web}`;
  const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, ports.pg) });
  await db.connect();
  const stop = async () => {
    await db.end();
    await main.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const json = { 'content-type': 'application/json' };
    const credentials = { email: 'bench@example.com', password: 'bench-pass' };
    await fetch(`${base}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ ...credentials, fullName: 'Bench' }) });
    await db.query(`update users set email_verified_at = now() where email = $1`, [credentials.email]);
    await db.query(`update workspaces w set subscription_tier = $1 from users u where u.email = $2 and w.owner_id = u.id and w.personal`, [tier, credentials.email]);
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(credentials) });
    const { token } = (await login.json()) as { token: string };
    return { base, db, token, main: { pid: main.child.pid! }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A one-hour meeting (`meetingMessages` messages, the first `meetingTickets` tickets made from it) and a backlog of
 * `tickets` tickets of bench@example.com, written straight into PostgreSQL; the meeting's id.
 */
export async function seedBacklog(db: pg.Client, size: { tickets: number; meetingMessages: number; meetingTickets: number }): Promise<string> {
  const { rows: [user] } = await db.query<{ id: string }>(`select id from users where email = 'bench@example.com'`);
  const messages = Array.from({ length: size.meetingMessages }, (_, i) => ({
    id: `m${i}`, content: SENTENCES[i % SENTENCES.length], timestamp: i * 4, speaker: { id: `s${i % SPEAKERS.length}` },
  }));
  const participants = SPEAKERS.map((name, i) => ({ id: `s${i}`, name }));
  const { rows: [meeting] } = await db.query<{ id: string }>(
    `insert into transcripts (id, user_id, title, source, duration, participants, messages, processing_status, metadata, created_at, updated_at)
     values (gen_random_uuid(), $1, 'One-hour planning', 'zoom', 3600, $2, $3, 'completed', '{"format":"zoom"}', now(), now()) returning id`,
    [user!.id, JSON.stringify(participants), JSON.stringify(messages)],
  );
  await db.query(
    `insert into tickets (id, user_id, created_by_id, edited_by_id, transcript_id, title, description, project, status, priority, assignee, tags, dependencies, created_at, updated_at)
     select gen_random_uuid(), $1, $1, case when i % 2 = 0 then $1::uuid end, case when i <= $3 then $2::uuid end,
       (array['Fix','Write','Review','Migrate'])[1 + i % 4] || ' ' || (array['login redirect','checkout flow','pricing page','audit log'])[1 + (i / 4) % 4] || ' #' || i,
       'Ticket ' || i || ', with enough words to look like a real description of the work to be done.',
       (array['Web','Mobile','Docs','Billing'])[1 + i % 4], (array['ToDo','InProgress','Done'])[1 + i % 3], (array['Low','Medium','High'])[1 + i % 3],
       (array['Ada Lovelace','Grace Hopper',null])[1 + i % 3], '["backend"]', '[]', now() - make_interval(secs => i), now()
     from generate_series(1, $4) as i`,
    [user!.id, meeting!.id, size.meetingTickets, size.tickets],
  );
  await db.query('vacuum (analyze) tickets, transcripts');
  return meeting!.id;
}

/**
 * Other teams on the same installation: `workspaces` users, each with their personal workspace holding `ticketsEach`
 * tickets, made in PostgreSQL in batches, so the bench's own lists are measured among a million others' rows.
 */
export async function seedOtherWorkspaces(db: pg.Client, workspaces: number, ticketsEach: number): Promise<void> {
  const batch = 1_000;
  for (let from = 1; from <= workspaces; from += batch) {
    const to = Math.min(workspaces, from + batch - 1);
    await db.query(
      `with made as (
         insert into users (id, email, full_name, email_verified_at, created_at, updated_at)
         select gen_random_uuid(), 'team' || n || '-' || gen_random_uuid() || '@example.com', 'Team ' || n, now(), now(), now() from generate_series($1::int, $2::int) n
         returning id, full_name)
       insert into workspaces (id, name, personal, owner_id, created_at, updated_at)
       select gen_random_uuid(), full_name || '''s workspace', true, id, now(), now() from made`,
      [from, to],
    );
    await db.query(
      `insert into workspace_members (id, workspace_id, user_id, role, created_at)
       select gen_random_uuid(), w.id, w.owner_id, 'owner', now() from workspaces w
       where w.personal and not exists (select 1 from workspace_members m where m.workspace_id = w.id)`,
    );
    await db.query(
      `insert into tickets (id, user_id, workspace_id, created_by_id, title, description, project, status, priority, assignee, tags, dependencies, created_at, updated_at)
       select gen_random_uuid(), w.owner_id, w.id, w.owner_id,
         (array['Fix','Write','Review','Migrate'])[1 + i % 4] || ' ' || (array['login redirect','checkout flow','pricing page','audit log'])[1 + (i / 4) % 4] || ' #' || i,
         'Ticket ' || i || ', with enough words to look like a real description of the work to be done.',
         (array['Web','Mobile','Docs','Billing'])[1 + i % 4], (array['ToDo','InProgress','Done'])[1 + i % 3], (array['Low','Medium','High'])[1 + i % 3],
         (array['Ada Lovelace','Grace Hopper',null])[1 + i % 3], '["backend"]', '[]', now() - make_interval(secs => i), now()
       from workspaces w join users u on u.id = w.owner_id, generate_series(1, $3::int) as i
       where w.personal and u.full_name ~ '^Team [0-9]+$' and substring(u.full_name from 6)::int between $1 and $2`,
      [from, to, ticketsEach],
    );
  }
  await db.query('vacuum (analyze) tickets, workspaces, workspace_members, users');
}

/** A multipart body carrying a short meeting, as the upload form sends it. */
export function uploadBody(): { body: Buffer; type: string } {
  const boundary = '----tickscribe-bench';
  const text = SENTENCES.map((line, i) => `${SPEAKERS[i % SPEAKERS.length]}: ${line}`).join('\n');
  const body = Buffer.from([
    `--${boundary}`, 'Content-Disposition: form-data; name="transcript"; filename="standup.txt"', 'Content-Type: text/plain', '', text, `--${boundary}--`, '',
  ].join('\r\n'));
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** PROFILE_DIR=<dir>: the Tickscribe processes write CPU profiles there (for Chrome's DevTools). */
export const PROFILE_ENV: Record<string, string> = process.env['PROFILE_DIR'] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env['PROFILE_DIR']}` } : {};

/** Raises the plans' monthly transcript and token limits, as an operator would for a load test. */
export async function raisePlanLimits(db: pg.Client): Promise<void> {
  await db.query(`update plans set transcript_limit = 1000000, input_token_limit = 2000000000, output_token_limit = 2000000000`);
}
