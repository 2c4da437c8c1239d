import { Migration } from '@mikro-orm/migrations';

/** Status, priority and project together, newest first: combined filters read their page and count off one index. */
export class Migration20261121040000_ticket_filter_combinations extends Migration {
  override name = 'Migration20261121040000_ticket_filter_combinations';

  override up(): void {
    this.addSql(`create index "tickets_user_status_priority_project_created_idx" on "tickets" ("user_id", "status", "priority", "project", "created_at" desc);`);
  }

  override down(): void {
    this.addSql(`drop index if exists "tickets_user_status_priority_project_created_idx";`);
  }
}
