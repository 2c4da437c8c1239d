// p95 latency of GET /api/tickets/filtered, page 1, for each filter and a text search, with 100,000 tickets for
// one user and 1,000,000 across ten users, over HTTP against a real Tickscribe process. Prints the numbers and
// the query plans; asserts nothing. Run: node bench/tickets.ts   (generating the data takes a minute or two)
import { startBenchApp } from './support.ts';

const PER_USER = 100_000;
const USERS = 10;
const { base, db, token, stop } = await startBenchApp('tickets');

try {
  const started = performance.now();
  await db.query(`insert into users (id, email, full_name, created_at, updated_at)
    select gen_random_uuid(), 'other-' || i || '@example.com', 'Other ' || i, now(), now() from generate_series(1, ${USERS - 1}) as i`);
  await db.query(`insert into tickets (id, user_id, created_by_id, edited_by_id, title, description, project, status, priority, assignee, tags, dependencies, external_url, created_at, updated_at)
    select gen_random_uuid(), u.id, u.id, case when i % 2 = 0 then u.id end,
      (array['Fix','Write','Review','Migrate','Design','Test','Deploy','Document'])[1 + i % 8] || ' ' ||
        (array['login redirect','release notes','billing tables','pricing page','search index','checkout flow','onboarding e-mail','audit log'])[1 + (i / 8) % 8] || ' #' || i,
      'Ticket number ' || i || ' from the generated backlog, with enough words to look like a real description of the work.',
      (array['Web','Mobile','Docs','Billing','Platform'])[1 + i % 5],
      (array['ToDo','InProgress','Done'])[1 + i % 3],
      (array['Low','Medium','High'])[1 + (i / 3) % 3],
      (array['Ada Lovelace','Grace Hopper','Alan Turing',null])[1 + i % 4],
      '[]', '[]',
      case when i % 10 = 0 then 'https://github.com/o/r/issues/' || i else null end,
      now() - make_interval(secs => i), now()
    from users u, generate_series(1, ${PER_USER}) as i`);
  // Steady state: autovacuum keeps the visibility map current, which lets counts use index-only scans.
  await db.query('vacuum (analyze) tickets');
  const { rows } = await db.query('select count(*)::int as n from tickets');
  console.log(`${rows[0].n} tickets (${PER_USER} per user, ${USERS} users) generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const cases: [string, string][] = [
    ['no filter', ''],
    ['status=InProgress', 'status=InProgress'],
    ['priority=High', 'priority=High'],
    ['project=Billing', 'project=Billing'],
    ['pushed=true', 'pushed=true'],
    ['pushed=false', 'pushed=false'],
    ['status + priority + project', 'status=Done&priority=Low&project=Docs'],
    ['search "checkout"', 'search=checkout'],
    ['search "#4242"', 'search=%234242'],
    ['search "grace" + status', 'search=grace&status=ToDo'],
  ];
  console.log('filter                          p50       p95      total matches');
  for (const [label, query] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/tickets/filtered?page=1&limit=10${query ? `&${query}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { pagination: { total: number } };
      if (i >= 10) times.push(performance.now() - t0);
      total = body.pagination.total;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    console.log(`${label.padEnd(30)}  ${at(0.5).toFixed(1).padStart(6)} ms  ${at(0.95).toFixed(1).padStart(6)} ms  ${String(total).padStart(8)}`);
  }

  const userId = (await db.query(`select id from users where email = 'bench@example.com'`)).rows[0].id as string;
  for (const [label, where] of [
    ['status filter, page 1', `user_id = $1 and status = 'InProgress'`],
    ['text search, page 1', `user_id = $1 and search_text like (lower('%checkout%' collate "pg_c_utf8") collate "default")`],
  ] as const) {
    const plan = await db.query(`explain (analyze, costs off, timing off, summary on) select * from tickets where ${where} order by created_at desc, id desc limit 10`, [userId]);
    console.log(`\nplan: ${label}\n${plan.rows.map((r: Record<string, string>) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  }
} finally {
  await stop();
}
