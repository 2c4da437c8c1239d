import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../migrations/index.ts';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';
import { useMigrationDatabase } from '../support/migration-database.ts';

const WORKSPACES = 'Migration20261206000000_workspaces';
const AUTHORS = 'Migration20261207000000_ticket_authors';
const SCOPE = 'Migration20261209000000_workspace_scope';
const PLANS = 'Migration20261210000000_workspace_plans';
/** The tables of a plan's bill, which the plans migration moves from their user to a workspace. */
const BILL = ['billing_accounts', 'payments', 'credit_resets', 'credit_reservations'] as const;
const BEFORE = MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === WORKSPACES) - 1]!.name;
/** The tables whose rows the migration puts in a workspace. */
const OWNED = ['transcripts', 'tickets', 'bots', 'connections', 'token_usage', 'push_records'] as const;

type Row = Record<string, unknown>;

async function counts(db: pg.Client): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of [...OWNED, 'users']) result[table] = (await db.query(`select count(*)::int as n from "${table}"`)).rows[0].n as number;
  return result;
}

/** Three users (one without a name) with a bit of everything, written as the code before workspaces wrote it. */
async function fill(db: pg.Client): Promise<void> {
  for (const [index, fullName] of ['Ada Lovelace', '', 'Grace Hopper'].entries()) {
    const user = randomUUID();
    await db.query(`insert into users (id, email, full_name, created_at, updated_at) values ($1, $2, $3, now(), now())`, [user, `user${index}-${user.slice(0, 8)}@example.com`, fullName]);
    const transcripts = [randomUUID(), randomUUID()];
    for (const id of transcripts) {
      await db.query(`insert into transcripts (id, user_id, title, created_at, updated_at) values ($1, $2, 'Planning', now(), now())`, [id, user]);
    }
    const connection = randomUUID();
    await db.query(
      `insert into connections (id, user_id, name, project_identifier, connection_type, credentials, settings, created_at, updated_at)
       values ($1, $2, 'Jira', 'PROJ', 'jira', 'sealed', $3, now(), now())`,
      [connection, user, JSON.stringify({ projectMappings: [], userMappings: { Ada: 'ada' } })],
    );
    for (let n = 0; n < 3 + index; n++) {
      const ticket = randomUUID();
      await db.query(
        `insert into tickets (id, user_id, transcript_id, title, description, project, created_at, updated_at) values ($1, $2, $3, 'Fix it', 'Now', 'Web', now(), now())`,
        [ticket, user, n === 0 ? null : transcripts[n % 2]],
      );
      if (n < 2) {
        await db.query(
          `insert into push_records (id, ticket_id, connection_id, batch_id, state, created_at, updated_at) values ($1, $2, $3, 'batch', 'created', now(), now())`,
          [randomUUID(), ticket, connection],
        );
      }
    }
    await db.query(
      `insert into bots (id, user_id, provider, provider_bot_id, meeting_url, transcript_id, created_at, updated_at) values ($1, $2, 'recall', $3, 'https://meet.example.com/x', $4, now(), now())`,
      [randomUUID(), user, randomUUID(), transcripts[0]],
    );
    for (let n = 0; n < 2; n++) {
      await db.query(
        `insert into token_usage (id, user_id, transcript_id, operation_type, ai_provider, input_tokens, output_tokens, created_at) values ($1, $2, $3, 'ticket_extraction', 'openai', 10, 5, now())`,
        [randomUUID(), user, transcripts[0]],
      );
    }
  }
}

/** The personal workspace of every user, with its owner memberships; checks each user has exactly one. */
async function personalWorkspaces(db: pg.Client): Promise<Map<string, Row>> {
  const { rows } = await db.query(
    `select u.id as user_id, u.email, u.full_name, w.id, w.name, w.owner_id,
            (select count(*)::int from workspaces p where p.owner_id = u.id and p.personal) as personal_count,
            (select array_agg(m.role) from workspace_members m where m.workspace_id = w.id and m.user_id = u.id) as roles,
            (select count(*)::int from workspace_members m where m.workspace_id = w.id) as members
     from users u left join workspaces w on w.owner_id = u.id and w.personal`,
  );
  for (const row of rows) {
    expect(row, String(row.email)).toMatchObject({ personal_count: 1, owner_id: row.user_id, roles: ['owner'], members: 1 });
    expect(row.name).toBe(`${String(row.full_name).trim() || String(row.email)}'s workspace`);
  }
  return new Map(rows.map((row) => [row.user_id as string, row]));
}

/** Every owned row's workspace is its user's personal workspace (a push record's user is its ticket's). */
async function expectRowsInTheirUsersWorkspace(db: pg.Client): Promise<void> {
  const personal = await personalWorkspaces(db);
  for (const table of OWNED) {
    const owner = table === 'push_records' ? '(select t.user_id from tickets t where t.id = r.ticket_id)' : 'r.user_id';
    const { rows } = await db.query(`select r.id, r.workspace_id, ${owner} as user_id from "${table}" r`);
    expect(rows.length, table).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.workspace_id, `${table} ${String(row.id)}`).toBe(personal.get(row.user_id as string)?.['id']);
    }
  }
}

describe('the workspaces migration, on a database with data', () => {
  const database = useMigrationDatabase('workspaces', BEFORE);
  let db: pg.Client;
  let orm: MikroORM;
  beforeAll(() => void ({ db, orm } = database));

  it('puts every user\'s rows in their own personal workspace, losing none and sharing none', async () => {
    await fill(db);
    const before = await counts(db);
    expect((await orm.migrator.up({ to: WORKSPACES })).map((m) => m.name)).toEqual([WORKSPACES]);

    expect(await counts(db)).toEqual(before);
    await expectRowsInTheirUsersWorkspace(db);
    // One workspace_id column per row: no row can be in two workspaces, and none is in another user's.
    for (const table of OWNED) {
      const { rows } = await db.query(`select column_name, is_nullable from information_schema.columns where table_name = $1 and column_name = 'workspace_id'`, [table]);
      expect(rows, table).toEqual([{ column_name: 'workspace_id', is_nullable: 'NO' }]);
    }
    const { rows: foreign } = await db.query(
      `select count(*)::int as n from tickets t join workspaces w on w.id = t.workspace_id where w.owner_id <> t.user_id`,
    );
    expect(foreign).toEqual([{ n: 0 }]);
  });

  it('puts rows written afterwards with only their user in that user\'s personal workspace, made for a user who has none', async () => {
    await fill(db);
    await expectRowsInTheirUsersWorkspace(db);
    expect((await db.query(`select count(*)::int as n from workspaces`)).rows[0].n).toBe((await counts(db))['users']);
  });

  it('makes one personal workspace when two first rows of a new user are written at once', async () => {
    const user = randomUUID();
    await db.query(`insert into users (id, email, created_at, updated_at) values ($1, $2, now(), now())`, [user, `${user}@example.com`]);
    const clients = [new pg.Client({ connectionString: database.url }), new pg.Client({ connectionString: database.url })];
    await Promise.all(clients.map((client) => client.connect()));
    try {
      await Promise.all(clients.map((client) => client.query('begin')));
      // The first insert holds its new workspace uncommitted; the second waits for it at the unique index.
      await clients[0]!.query(`insert into transcripts (id, user_id, title, created_at, updated_at) values (gen_random_uuid(), $1, 'A', now(), now())`, [user]);
      const second = clients[1]!.query(`insert into transcripts (id, user_id, title, created_at, updated_at) values (gen_random_uuid(), $1, 'B', now(), now())`, [user]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await clients[0]!.query('commit');
      await second;
      await clients[1]!.query('commit');
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    const { rows } = await db.query(`select distinct workspace_id from transcripts where user_id = $1`, [user]);
    expect(rows).toHaveLength(1);
    await expectRowsInTheirUsersWorkspace(db);
  });

  it('then names each ticket\'s user as the one who made it, and nobody as its editor', async () => {
    await fill(db);
    const before = await counts(db);
    expect((await orm.migrator.up({ to: AUTHORS })).map((m) => m.name)).toEqual([AUTHORS]);
    expect(await counts(db)).toEqual(before);
    const { rows } = await db.query(
      `select count(*)::int as tickets, count(*) filter (where created_by_id = user_id and edited_by_id is null)::int as by_their_user from tickets`,
    );
    expect(rows[0].by_their_user).toBe(rows[0].tickets);
    // A user who goes leaves the tickets they made in another's workspace: only the name goes.
    const { rows: [ticket] } = await db.query(`select id, user_id from tickets limit 1`);
    const other = randomUUID();
    await db.query(`insert into users (id, email, created_at, updated_at) values ($1, $2, now(), now())`, [other, `${other}@example.com`]);
    await db.query(`update tickets set created_by_id = $2, edited_by_id = $2 where id = $1`, [ticket.id, other]);
    await db.query(`delete from users where id = $1`, [other]);
    expect((await db.query(`select created_by_id, edited_by_id from tickets where id = $1`, [ticket.id])).rows).toEqual([{ created_by_id: null, edited_by_id: null }]);
  });

  it('then counts each workspace\'s tickets as they are made and deleted, and lists them by workspace', async () => {
    await orm.migrator.up({ to: MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === SCOPE) - 1]!.name });
    await fill(db);
    const before = await counts(db);
    expect((await orm.migrator.up({ to: SCOPE })).map((m) => m.name)).toEqual([SCOPE]);
    expect(await counts(db)).toEqual(before);
    const kept = `select w.id, coalesce(c.ticket_count, 0) as kept, (select count(*)::int from tickets t where t.workspace_id = w.id) as counted
                    from workspaces w left join workspace_ticket_counts c on c.workspace_id = w.id order by w.id`;
    const expectCounted = async () => {
      const { rows } = await db.query<{ kept: number; counted: number }>(kept);
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) expect(row.kept).toBe(row.counted);
    };
    await expectCounted();
    // Written afterwards, in one statement and one by one, and deleted: the counts follow.
    await fill(db);
    await db.query(`delete from tickets where id in (select id from tickets order by id limit 5)`);
    await expectCounted();
    expect((await db.query(`select to_regclass('user_ticket_counts') as gone`)).rows).toEqual([{ gone: null }]);
    const { rows: indexes } = await db.query<{ indexdef: string }>(`select indexdef from pg_indexes where tablename = 'tickets' and indexname like 'tickets_%' order by indexname`);
    // Every list index leads with the workspace, but the one a user's deletion finds their tickets by.
    const leading = indexes.map((row) => /\((?:"?)(\w+)/.exec(row.indexdef.replace(/USING \w+ /, ''))?.[1]);
    expect(leading.filter((column) => column === 'user_id')).toHaveLength(1);
    expect(leading.filter((column) => column === 'workspace_id').length).toBeGreaterThanOrEqual(7);
    // And back: the migration's down restores the per-user counts.
    await orm.migrator.down({ to: MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === SCOPE) - 1]!.name });
    const { rows: users } = await db.query<{ kept: number; counted: number }>(
      `select coalesce(c.ticket_count, 0) as kept, (select count(*)::int from tickets t where t.user_id = u.id) as counted from users u left join user_ticket_counts c on c.user_id = u.id`,
    );
    for (const row of users) expect(row.kept).toBe(row.counted);
    await orm.migrator.up({ to: SCOPE });
    await expectCounted();
  });

  it('then moves each user\'s plan and its bill to their personal workspace, and starts a team workspace on Free', async () => {
    await orm.migrator.up({ to: MIGRATIONS[MIGRATIONS.findIndex((m) => m.name === PLANS) - 1]!.name });
    await fill(db);
    // A bill for each user (the first one on Pro since mid-January), and a team workspace of the first one.
    const { rows: users } = await db.query<{ id: string }>(`select id from users order by created_at, id`);
    for (const [index, { id: user }] of users.entries()) {
      await db.query(`update users set subscription_tier = $2, is_subscribed = $3, credit_cycle_anchor = $4 where id = $1`,
        [user, index === 0 ? 'pro' : null, index === 0, index === 0 ? '2026-01-15T10:00:00Z' : '2026-02-01T00:00:00Z']);
      await db.query(`insert into billing_accounts (id, user_id, stripe_customer_id, status, tier_id, created_at, updated_at) values ($1, $2, $3, 'active', 'pro', now(), now())`,
        [randomUUID(), user, `cus_${user.slice(0, 8)}`]);
      await db.query(`insert into payments (id, user_id, stripe_invoice_id, amount_cents, currency, description, status, date, created_at, updated_at)
                      values ($1, $2, $3, 2900, 'usd', 'Tickscribe Pro', 'successful', now(), now(), now())`, [randomUUID(), user, `in_${user}`]);
      await db.query(`insert into credit_resets (id, user_id, key, reason, at, created_at) values ($1, $2, $3, 'manual', now(), now())`, [randomUUID(), user, `manual:${user}`]);
      await db.query(`insert into credit_reservations (id, user_id, input_tokens, output_tokens, created_at) values ($1, $2, 100, 10, now())`, [`r:${user}`, user]);
    }
    const team = randomUUID();
    await db.query(`insert into workspaces (id, name, personal, owner_id, created_at, updated_at) values ($1, 'Team', false, $2, '2026-03-03T03:03:03Z', now())`, [team, users[0]!.id]);
    const billOf = async () => {
      const result: Record<string, number> = {};
      for (const table of BILL) result[table] = (await db.query(`select count(*)::int as n from "${table}"`)).rows[0].n as number;
      return result;
    };
    const [before, bills] = [await counts(db), await billOf()];
    const plans = (await db.query(`select id, subscription_tier, is_subscribed, credit_cycle_anchor from users`)).rows;

    expect((await orm.migrator.up({ to: PLANS })).map((m) => m.name)).toEqual([PLANS]);
    expect(await counts(db)).toEqual(before);
    expect(await billOf()).toEqual(bills);
    const personal = await personalWorkspaces(db);
    for (const user of plans) {
      const { rows } = await db.query(`select subscription_tier, is_subscribed, credit_cycle_anchor from workspaces where id = $1`, [personal.get(user.id)!['id']]);
      expect(rows).toEqual([{ subscription_tier: user.subscription_tier, is_subscribed: user.is_subscribed, credit_cycle_anchor: user.credit_cycle_anchor }]);
    }
    // Every row of a bill is in exactly one workspace: its user's personal one, one row per user as before.
    for (const table of BILL) {
      const { rows } = await db.query(`select w.owner_id, w.personal from "${table}" b join workspaces w on w.id = b.workspace_id`);
      expect(rows.every((row) => row.personal), table).toBe(true);
      expect(new Set(rows.map((row) => row.owner_id)).size, table).toBe(users.length);
    }
    expect((await db.query(`select subscription_tier, is_subscribed, credit_cycle_anchor = created_at as anchored from workspaces where id = $1`, [team])).rows)
      .toEqual([{ subscription_tier: null, is_subscribed: false, anchored: true }]);
    const { rows: left } = await db.query(`select column_name from information_schema.columns where table_name = 'users' and column_name in ('subscription_tier', 'is_subscribed', 'credit_cycle_anchor')`);
    expect(left).toEqual([]);

    // And back: the plans return to their users, the bills too; then up again.
    await orm.migrator.down({ to: SCOPE });
    expect((await db.query(`select id, subscription_tier, is_subscribed, credit_cycle_anchor from users`)).rows).toEqual(expect.arrayContaining(plans));
    expect(await billOf()).toEqual(bills);
    await orm.migrator.up({ to: PLANS });
    expect(await billOf()).toEqual(bills);
  });
});

describe('workspaces after the migration', () => {
  const t = useTestApp();
  const json = { 'content-type': 'application/json' };

  it('sign-up makes the user\'s personal workspace, with them as its owner', async () => {
    const user = await signUpVerified(t.base, t.db, { fullName: '  Katherine Johnson ' });
    const { rows } = await t.db.query(
      `select w.name, w.personal, w.owner_id, m.user_id, m.role from workspaces w join workspace_members m on m.workspace_id = w.id where w.owner_id = $1`,
      [user.userId],
    );
    expect(rows).toEqual([{ name: "Katherine Johnson's workspace", personal: true, owner_id: user.userId, user_id: user.userId, role: 'owner' }]);
  });

  it('a ticket made through the API and a row written with only its user both land in the user\'s personal workspace', async () => {
    const user = await signUpVerified(t.base, t.db);
    const made = await fetch(`${t.base}/api/tickets`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ title: 'T', description: 'D', project: 'Web' }),
    });
    expect(made.status).toBe(201);
    const { ticket: { id } } = (await made.json()) as { ticket: { id: string } };
    await t.db.query(`insert into transcripts (id, user_id, title, created_at, updated_at) values (gen_random_uuid(), $1, 'By hand', now(), now())`, [user.userId]);
    const { rows: [personal] } = await t.db.query(`select id from workspaces where owner_id = $1 and personal`, [user.userId]);
    const { rows } = await t.db.query(
      `select workspace_id from tickets where id = $1 union all select workspace_id from transcripts where user_id = $2`,
      [id, user.userId],
    );
    expect(rows).toEqual([{ workspace_id: personal.id }, { workspace_id: personal.id }]);
  });

  it('lists the workspaces a user belongs to with their role in each, their personal one first, and no one else\'s', async () => {
    const user = await signUpVerified(t.base, t.db, { fullName: 'Mary Jackson' });
    const stranger = await signUpVerified(t.base, t.db, { fullName: 'Dorothy Vaughan' });
    const list = async () => {
      const response = await fetch(`${t.base}/api/workspaces`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { workspaces: Record<string, unknown>[] }).workspaces;
    };
    const [personal] = await list();
    expect(await list()).toEqual([{ id: expect.any(String), name: "Mary Jackson's workspace", personal: true, role: 'owner' }]);
    // A member of two teams (one of them, Zeta, the stranger's, the other Apollo); the stranger's personal workspace is not hers.
    const team = async (name: string, role: string) => {
      const { rows: [made] } = await t.db.query<{ id: string }>(
        `insert into workspaces (id, name, personal, owner_id, created_at, updated_at) values (gen_random_uuid(), $1, false, $2, now(), now()) returning id`,
        [name, stranger.userId],
      );
      await t.db.query(`insert into workspace_members (id, workspace_id, user_id, role, created_at) values (gen_random_uuid(), $1, $2, $3, now())`, [made!.id, user.userId, role]);
      return made!.id;
    };
    const zeta = await team('Zeta', 'member');
    const apollo = await team('apollo', 'admin');
    expect(await list()).toEqual([
      personal,
      { id: apollo, name: 'apollo', personal: false, role: 'admin' },
      { id: zeta, name: 'Zeta', personal: false, role: 'member' },
    ]);
  });
});
