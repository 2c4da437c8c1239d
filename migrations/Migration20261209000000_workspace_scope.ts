import { Migration } from '@mikro-orm/migrations';

/** The ticket list's indexes, each once by user (as they were) and once by workspace (as the lists now read them). */
const LIST_INDEXES = [
  { suffix: 'status_created_idx', columns: '"status", "created_at" desc' },
  { suffix: 'priority_created_idx', columns: '"priority", "created_at" desc' },
  { suffix: 'project_created_idx', columns: '"project", "created_at" desc' },
  { suffix: 'status_priority_project_created_idx', columns: '"status", "priority", "project", "created_at" desc' },
  { suffix: 'pushed_created_idx', columns: `(coalesce(external_url, '') <> ''), "created_at" desc` },
] as const;

/**
 * A ticket count per owner (`user` or `workspace`) in `<owner>_ticket_counts`, made from the tickets there are and
 * then kept by PostgreSQL per statement as tickets are made and deleted.
 */
function ticketCounts(owner: 'user' | 'workspace'): string[] {
  const [table, key, parent] = [`${owner}_ticket_counts`, `${owner}_id`, `${owner}s`];
  return [
    `create table "${table}" ("${key}" uuid not null, "ticket_count" int not null default 0, primary key ("${key}"));`,
    `alter table "${table}" add constraint "${table}_${key}_foreign" foreign key ("${key}") references "${parent}" ("id") on update cascade on delete cascade;`,
    `insert into "${table}" ("${key}", "ticket_count") select "${key}", count(*) from "tickets" group by "${key}";`,
    `create function "tickets_${owner}_count_added"() returns trigger language plpgsql as $$
      begin
        insert into "${table}" as c ("${key}", "ticket_count")
          select "${key}", count(*) from added_rows group by "${key}"
          on conflict ("${key}") do update set "ticket_count" = c."ticket_count" + excluded."ticket_count";
        return null;
      end $$;`,
    `create function "tickets_${owner}_count_removed"() returns trigger language plpgsql as $$
      begin
        update "${table}" c set "ticket_count" = greatest(c."ticket_count" - removed.n, 0)
          from (select "${key}", count(*) as n from removed_rows group by "${key}") removed
          where c."${key}" = removed."${key}";
        return null;
      end $$;`,
    `create trigger "tickets_${owner}_count_added" after insert on "tickets" referencing new table as added_rows
      for each statement execute function "tickets_${owner}_count_added"();`,
    `create trigger "tickets_${owner}_count_removed" after delete on "tickets" referencing old table as removed_rows
      for each statement execute function "tickets_${owner}_count_removed"();`,
  ];
}

/** Drops what ticketCounts(owner) made. */
function dropTicketCounts(owner: 'user' | 'workspace'): string[] {
  return [
    `drop trigger if exists "tickets_${owner}_count_added" on "tickets";`,
    `drop trigger if exists "tickets_${owner}_count_removed" on "tickets";`,
    `drop function if exists "tickets_${owner}_count_added"();`,
    `drop function if exists "tickets_${owner}_count_removed"();`,
    `drop table if exists "${owner}_ticket_counts";`,
  ];
}

/**
 * The routes now find a workspace's rows by their workspace, so members share them. The ticket list's filter and
 * search indexes lead with the workspace instead of the user, and the unfiltered list's total comes from each
 * workspace's ticket count (workspace_ticket_counts, kept by PostgreSQL per statement as user_ticket_counts was,
 * which it replaces). The user-first list index stays: it serves the user's foreign key.
 */
export class Migration20261209000000_workspace_scope extends Migration {
  override name = 'Migration20261209000000_workspace_scope';

  override up(): void {
    for (const { suffix, columns } of LIST_INDEXES) {
      this.addSql(`drop index if exists "tickets_user_${suffix}";`);
      this.addSql(`create index "tickets_workspace_${suffix}" on "tickets" ("workspace_id", ${columns});`);
    }
    this.addSql(`drop index if exists "tickets_search_trgm_idx";`);
    this.addSql(`create index "tickets_search_trgm_idx" on "tickets" using gin ("workspace_id", "search_text" gin_trgm_ops);`);
    for (const statement of [...ticketCounts('workspace'), ...dropTicketCounts('user')]) this.addSql(statement);
  }

  override down(): void {
    for (const statement of [...ticketCounts('user'), ...dropTicketCounts('workspace')]) this.addSql(statement);
    this.addSql(`drop index if exists "tickets_search_trgm_idx";`);
    this.addSql(`create index "tickets_search_trgm_idx" on "tickets" using gin ("user_id", "search_text" gin_trgm_ops);`);
    for (const { suffix, columns } of LIST_INDEXES) {
      this.addSql(`drop index if exists "tickets_workspace_${suffix}";`);
      this.addSql(`create index "tickets_user_${suffix}" on "tickets" ("user_id", ${columns});`);
    }
  }
}
