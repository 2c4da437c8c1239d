import { Migration } from '@mikro-orm/migrations';

/**
 * The text-search index leads with the user (btree_gin), so a search reads only that user's matches instead of
 * every user's and then discarding the others.
 */
export class Migration20261121050000_ticket_search_per_user extends Migration {
  override name = 'Migration20261121050000_ticket_search_per_user';

  override up(): void {
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(`drop index if exists "tickets_search_trgm_idx";`);
    this.addSql(
      `create index "tickets_search_trgm_idx" on "tickets" using gin ("user_id", (title || ' ' || description || ' ' || coalesce(assignee, '') || ' ' || project) gin_trgm_ops);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "tickets_search_trgm_idx";`);
    this.addSql(
      `create index "tickets_search_trgm_idx" on "tickets" using gin ((title || ' ' || description || ' ' || coalesce(assignee, '') || ' ' || project) gin_trgm_ops);`,
    );
  }
}
