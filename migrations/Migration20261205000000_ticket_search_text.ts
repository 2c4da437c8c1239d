import { Migration } from '@mikro-orm/migrations';

/**
 * The text a search looks in, kept lowered by Unicode's case mapping (core/db/like.ts) in a column of its own (PostgreSQL writes it on every insert and update),
 * with the per-user trigram index on it. A search then compares with LIKE against text already joined and lowered,
 * instead of joining and case-folding four columns of every row it reads with ILIKE, and its reads are planned once
 * per connection like the other lists (core/tickets/tickets.ts searchRead).
 */
export class Migration20261205000000_ticket_search_text extends Migration {
  override name = 'Migration20261205000000_ticket_search_text';

  override up(): void {
    this.addSql(
      `alter table "tickets" add column "search_text" text generated always as (lower((title || ' ' || description || ' ' || coalesce(assignee, '') || ' ' || project) collate "pg_c_utf8")) stored;`,
    );
    this.addSql(`drop index if exists "tickets_search_trgm_idx";`);
    this.addSql(`create index "tickets_search_trgm_idx" on "tickets" using gin ("user_id", "search_text" gin_trgm_ops);`);
  }

  override down(): void {
    this.addSql(`drop index if exists "tickets_search_trgm_idx";`);
    this.addSql(`alter table "tickets" drop column if exists "search_text";`);
    this.addSql(
      `create index "tickets_search_trgm_idx" on "tickets" using gin ("user_id", (title || ' ' || description || ' ' || coalesce(assignee, '') || ' ' || project) gin_trgm_ops);`,
    );
  }
}
