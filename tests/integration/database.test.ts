import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postgresBinaries, startEmbeddedPostgres } from '../../core/db/embedded-postgres.ts';
import { makeTemplate } from '../../core/db/make-postgres-template.ts';
import { INFO_FILE, usableTemplate } from '../../core/db/postgres-template.ts';
import { connectAndMigrate } from '../../core/db/migrate.ts';
import type { Orm } from '../../core/db/orm.ts';
import { createLogger } from '../../core/logger.ts';
import { Ticket } from '../../core/tickets/ticket.entity.ts';
import { ticketListRead } from '../../core/tickets/tickets.ts';
import { db, StatementShapes } from '../../core/db/sql.ts';
import { transcriptStatusRead } from '../../core/transcripts/transcripts.ts';
import { sessionLookup, type SessionRead } from '../../core/users/session-lookup.ts';
import { Transcript } from '../../core/transcripts/transcript.entity.ts';
import { User } from '../../core/users/user.entity.ts';
import { Workspace } from '../../core/workspaces/workspace.entity.ts';
import { MIGRATIONS } from '../../migrations/index.ts';
import { freePort } from '../support/free-port.ts';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
let orm: Orm;

beforeAll(async () => {
  orm = await connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger });
});
afterAll(() => orm?.close());

describe('connections', () => {
  it('plan the prepared reads once: every connection of the pool, the ORM\'s and the prepared statements\' alike', async () => {
    const pool = await orm.em.getConnection().getNativeClient();
    const held = await Promise.all([1, 2, 3].map(() => pool.connect()));
    try {
      for (const client of held) expect((await client.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    } finally {
      for (const client of held) client.release();
    }
    expect(await orm.em.getConnection().execute('show plan_cache_mode')).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
  });

  it('lower a searched text once per statement in the plan made for any text, never again for each row tested', async () => {
    const shapes = new StatementShapes();
    for (const query of [{ page: 1, limit: 10, search: 'Checkout' }, { page: 1, limit: 10, search: 'Checkout', status: 'ToDo' as const }]) {
      const read = ticketListRead(query);
      const { text } = shapes.statement(read.shape, read.values, (values) => read.query(db(orm.em), sql<string>`${randomUUID()}::uuid`, values));
      const plan = (await orm.em.getConnection().execute<{ 'QUERY PLAN': string }[]>(`explain (generic_plan, costs off) ${text}`))
        .map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/search_text ~~ \(InitPlan \d+\)/);
      expect(plan).toMatch(/strpos\(search_text, \(InitPlan \d+\)/);
      expect(plan).not.toMatch(/lower\(\(\$\d+\)::text\)/);
    }
  });

  it('make each per-request read once per shape, and give every request the statement its own values would have made', () => {
    const shapes = new StatementShapes();
    const lookup = sessionLookup(orm.em);
    const reads: SessionRead[] = [
      ...[1, 3].flatMap((page) => [5, 50].flatMap((limit) => [
        {}, { status: 'Done' as const }, { priority: 'High' as const, project: 'web' }, { pushed: 'true' as const }, { pushed: 'false' as const }, { pushed: 'NotPushed' as const, status: 'ToDo' as const },
        { search: 'checkout' }, { search: 'Login  ' }, { search: '50%_\\' }, { search: 'ab' }, { search: 'Ünïcode', project: 'Mobile app', priority: 'Low' as const },
      ].map((filters) => ticketListRead({ page, limit, ...filters })))),
      ...[randomUUID(), randomUUID()].map((id) => transcriptStatusRead(id)!),
    ];
    const names = new Set<string>();
    for (const read of [undefined, ...reads, ...reads.toReversed()]) {
      const token = randomUUID();
      const shaped = shapes.statement(`session:${read?.shape ?? ''}`, { ...read?.values, tokenHash: token }, ({ tokenHash, ...values }) =>
        lookup.query(db(orm.em), tokenHash, read && { read, values }));
      const direct = lookup.query(db(orm.em), sql.val(token), read && {
        read, values: Object.fromEntries(Object.entries(read.values).map(([name, value]) => [name, sql.val(value)])),
      }).compile();
      expect({ text: shaped.text, values: shaped.values }).toEqual({ text: direct.sql, values: direct.parameters });
      names.add(shaped.name!);
    }
    // The session alone; the list unfiltered and with five sets of filters (pushed and not pushed differ only in their
    // text); a search with a trigram, one without, and one with filters; the status poll.
    expect(names.size).toBe(1 + 6 + 3 + 1);
  });

  it('read a workspace\'s lists and status poll off indexes that lead with the workspace, never scanning the table', async () => {
    // 40 workspaces of 150 tickets and 25 transcripts each, as a team deployment has them.
    const d = orm.em.getConnection();
    const owner = randomUUID();
    await d.execute(`insert into users (id, email, created_at, updated_at) values ('${owner}', '${owner}@example.com', now(), now())`);
    await d.execute(`insert into workspaces (id, name, personal, owner_id, created_at, updated_at)
                       select gen_random_uuid(), 'Team ' || n, false, '${owner}', now(), now() from generate_series(1, 40) n`);
    await d.execute(`insert into tickets (id, user_id, workspace_id, title, description, project, status, priority, created_at, updated_at)
                       select gen_random_uuid(), '${owner}', w.id, 'Fix checkout ' || n, 'Payment fails', 'Web ' || (n % 5), (array['ToDo','InProgress','Done'])[1 + n % 3]::text,
                              (array['Low','Medium','High'])[1 + n % 3]::text, now() - make_interval(secs => n), now()
                       from workspaces w, generate_series(1, 150) n where w.owner_id = '${owner}'`);
    await d.execute(`insert into transcripts (id, user_id, workspace_id, title, created_at, updated_at)
                       select gen_random_uuid(), '${owner}', w.id, 'Planning ' || n, now(), now() from workspaces w, generate_series(1, 25) n where w.owner_id = '${owner}'`);
    await d.execute('analyze tickets');
    await d.execute('analyze transcripts');
    const shapes = new StatementShapes();
    const planOf = async (read: SessionRead) => {
      const { text } = shapes.statement(read.shape, read.values, (values) => read.query(db(orm.em), sql<string>`${randomUUID()}::uuid`, values));
      return (await d.execute<{ 'QUERY PLAN': string }[]>(`explain (generic_plan, costs off) ${text}`)).map((row) => row['QUERY PLAN']).join('\n');
    };
    const lists = [{}, { status: 'Done' as const }, { priority: 'High' as const }, { project: 'Web 1' }, { status: 'ToDo' as const, priority: 'Low' as const, project: 'Web 2' },
      { pushed: 'true' as const }, { pushed: 'false' as const }, { search: 'checkout' }, { search: 'ab' }];
    for (const filters of lists) {
      const plan = await planOf(ticketListRead({ page: 2, limit: 20, ...filters }));
      expect(plan, JSON.stringify(filters)).not.toMatch(/Seq Scan on tickets/);
      expect(plan, JSON.stringify(filters)).toMatch(/Index (Only )?Scan (Backward )?using tickets_workspace_\w+ on tickets|Bitmap Index Scan on tickets_(workspace_\w+|search_trgm_idx)/);
      expect(plan, JSON.stringify(filters)).not.toMatch(/tickets_user_/);
    }
    const status = await planOf(transcriptStatusRead(randomUUID())!);
    expect(status).toMatch(/Index Scan using transcripts_pkey on transcripts/);
    expect(status).not.toMatch(/Seq Scan/);
    await d.execute(`delete from users where id = '${owner}'`);
  });
});

describe('migrations', () => {
  it('are all applied, and the entities match the migrated schema exactly', async () => {
    const executed = await orm.migrator.getExecuted();
    expect(executed.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
  });

  it('run concurrently from several processes without conflict', async () => {
    const others = await Promise.all([1, 2, 3].map(() => connectAndMigrate({ databaseUrl: inject('databaseUrl'), logger })));
    for (const other of others) await other.close();
  });
});

describe('entities', () => {
  it('store a user, a transcript with its raw file, and tickets, with the spec defaults', async () => {
    const em = orm.em.fork();
    const user = em.create(User, { email: `${randomUUID()}@example.com`, fullName: 'Ada' });
    const transcript = em.create(Transcript, {
      user,
      title: 'Sprint planning',
      participants: [{ id: 'p1', name: 'Ada' }],
      messages: [{ id: 'm1', content: "I'll fix the login bug.", timestamp: 3.5, speaker: { id: 'p1' } }],
      rawFile: Buffer.from('Ada: I will fix the login bug.'),
      rawFileName: 'planning.txt',
    });
    const ticket = em.create(Ticket, {
      user, transcript, title: 'Fix the login bug', description: 'Users cannot log in.', project: 'web',
      tags: ['auth'], dueDate: '2026-12-01',
    });
    await em.flush();

    const read = orm.em.fork();
    const loaded = await read.findOneOrFail(Ticket, ticket.id, { populate: ['transcript'] });
    expect(loaded).toMatchObject({ status: 'ToDo', priority: 'Medium', tags: ['auth'], dependencies: [], dueDate: '2026-12-01' });
    const loadedTranscript = await read.findOneOrFail(Transcript, transcript.id, { populate: ['rawFile'] });
    expect(loadedTranscript.processingStatus).toBe('pending');
    expect(loadedTranscript.metadata).toEqual({});
    expect(loadedTranscript.messages[0]?.timestamp).toBe(3.5);
    expect(loadedTranscript.rawFile?.toString()).toBe('Ada: I will fix the login bug.');
    const loadedUser = await read.findOneOrFail(User, user.id);
    expect(loadedUser).toMatchObject({ transcriptsProcessed: 0 });
    // The rows went to the user's personal workspace, made for them, on the Free plan.
    expect(await read.findOneOrFail(Workspace, { owner: user.id, personal: true })).toMatchObject({ subscriptionTier: null, isSubscribed: false });
    expect(JSON.stringify(loadedUser)).not.toContain('passwordHash');
  });

  it('start every timestamp of a new row at one instant: created, updated and the credit cycle alike', async () => {
    // Made in one flush, the rows' hooks run across several milliseconds; each row's own times must still agree.
    const em = orm.em.fork();
    const users = Array.from({ length: 300 }, (_, index) => em.create(User, { email: `${randomUUID()}@example.com`, fullName: `User ${index}` }));
    const tickets = users.map((user) => em.create(Ticket, {
      user, workspace: em.create(Workspace, { name: 'Team', owner: user }), title: 'Fix the login bug', description: 'Users cannot log in.', project: 'web',
    }));
    await em.flush();
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    const { rows } = await client.query<{ id: string; same: boolean }>(
      `select u.id, u.created_at = u.updated_at and w.created_at = w.updated_at and w.created_at = w.credit_cycle_anchor
              and t.created_at = t.updated_at as same
         from users u join tickets t on t.user_id = u.id join workspaces w on w.id = t.workspace_id where u.id = any($1)`,
      [users.map((user) => user.id)],
    ).finally(() => client.end());
    expect(rows).toHaveLength(tickets.length);
    expect(rows.filter((row) => !row.same)).toEqual([]);
  });

  it('refuses values outside the allowed sets and duplicate e-mails', async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      const email = `${randomUUID()}@example.com`;
      await client.query(`insert into users (id, email, created_at, updated_at) values (gen_random_uuid(), $1, now(), now())`, [email]);
      await expect(
        client.query(`insert into users (id, email, created_at, updated_at) values (gen_random_uuid(), $1, now(), now())`, [email]),
      ).rejects.toThrow(/users_email_unique/);
      const { rows } = await client.query(`select id from users where email = $1`, [email]);
      await expect(
        client.query(
          `insert into tickets (id, user_id, title, description, project, status, created_at, updated_at)
           values (gen_random_uuid(), $1, 't', 'd', 'p', 'Blocked', now(), now())`,
          [rows[0].id],
        ),
      ).rejects.toThrow(/tickets_status_check/);
    } finally {
      await client.end();
    }
  });
});

describe('embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickscribe-pg-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its data across a restart, and takes over from a start that was killed', async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, logger });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('create table notes (body text)');
    await client.query(`insert into notes values ('survives')`);
    await client.end();
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, port, logger });
    const again = new pg.Client({ connectionString: second.url });
    await again.connect();
    expect((await again.query('select body from notes')).rows).toEqual([{ body: 'survives' }]);
    await again.end();
    // A second start on the same folder stops a server left behind (as after `kill -9` of Tickscribe).
    const third = await startEmbeddedPostgres({ dataDir, port, logger, maxConnections: 250 });
    const last = new pg.Client({ connectionString: third.url });
    await last.connect();
    expect((await last.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
    expect((await last.query('show max_connections')).rows).toEqual([{ max_connections: '250' }]);
    await last.end();
    await third.stop();
    await second.stop();
  });
});

describe('the ready-made cluster npm install makes', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tickscribe-template-'));
  const template = join(folder, 'template');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is made once, migrated; a fresh folder starts as a copy of it with a password of its own', async () => {
    expect(await makeTemplate(logger, template)).toBe('made');
    expect(await makeTemplate(logger, template)).toBe('current');
    const templatePassword = readFileSync(join(template, 'postgres-password'), 'utf8').trim();

    const dataDir = join(folder, 'data');
    const port = await freePort();
    const started = await startEmbeddedPostgres({ dataDir, port, logger, template });
    try {
      const password = decodeURIComponent(new URL(started.url).password);
      expect(password).not.toBe(templatePassword);
      expect(readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim()).toBe(password);
      const client = new pg.Client({ connectionString: started.url });
      await client.connect();
      // Every migration is there already: the first start applies none.
      expect((await client.query('select count(*)::int as n from mikro_orm_migrations')).rows).toEqual([{ n: MIGRATIONS.length }]);
      await client.end();
      const withTemplatePassword = new URL(started.url);
      withTemplatePassword.password = encodeURIComponent(templatePassword);
      const stale = new pg.Client({ connectionString: withTemplatePassword.href });
      await expect(stale.connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      await started.stop();
    }
    // The template itself is untouched: no server ran in it, and it is still usable.
    expect(existsSync(join(template, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(usableTemplate(template, (await postgresBinaries()).postgres)).toBeDefined();
  });

  it('is not used when other binaries made it, or it holds a migration this checkout lacks', async () => {
    const binary = (await postgresBinaries()).postgres;
    const info = JSON.parse(readFileSync(join(template, INFO_FILE), 'utf8')) as { binaries: string; migrations: string[] };
    writeFileSync(join(template, INFO_FILE), JSON.stringify({ ...info, binaries: `${info.binaries}-other` }));
    expect(usableTemplate(template, binary)).toBeUndefined();
    writeFileSync(join(template, INFO_FILE), JSON.stringify({ ...info, migrations: [...info.migrations, 'Migration29990101000000_future'] }));
    expect(usableTemplate(template, binary)).toBeUndefined();
    writeFileSync(join(template, INFO_FILE), JSON.stringify(info));
    expect(usableTemplate(template, binary)).toBeDefined();
    // Without a template (or with none usable) a fresh folder is made by initdb, as before.
    const dataDir = join(folder, 'plain');
    const started = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger, template: null });
    try {
      const client = new pg.Client({ connectionString: started.url });
      await client.connect();
      expect((await client.query(`select to_regclass('mikro_orm_migrations') as t`)).rows).toEqual([{ t: null }]);
      await client.end();
    } finally {
      await started.stop();
    }
  });
});
