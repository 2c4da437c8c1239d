import { Migration } from '@mikro-orm/migrations';

/** Indexes for the ticket list: one per filter in newest-first order, and trigrams for the text search. */
export class Migration20261121030000_ticket_search extends Migration {
  override name = 'Migration20261121030000_ticket_search';

  override up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "tickets_user_status_created_idx" on "tickets" ("user_id", "status", "created_at" desc);`);
    this.addSql(`create index "tickets_user_priority_created_idx" on "tickets" ("user_id", "priority", "created_at" desc);`);
    this.addSql(`create index "tickets_user_project_created_idx" on "tickets" ("user_id", "project", "created_at" desc);`);
    this.addSql(`create index "tickets_user_pushed_created_idx" on "tickets" ("user_id", (coalesce(external_url, '') <> ''), "created_at" desc);`);
    this.addSql(
      `create index "tickets_search_trgm_idx" on "tickets" using gin ((title || ' ' || description || ' ' || coalesce(assignee, '') || ' ' || project) gin_trgm_ops);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "tickets_search_trgm_idx";`);
    this.addSql(`drop index if exists "tickets_user_pushed_created_idx";`);
    this.addSql(`drop index if exists "tickets_user_project_created_idx";`);
    this.addSql(`drop index if exists "tickets_user_priority_created_idx";`);
    this.addSql(`drop index if exists "tickets_user_status_created_idx";`);
  }
}
