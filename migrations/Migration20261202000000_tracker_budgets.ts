import { Migration } from '@mikro-orm/migrations';

/**
 * Request budgets of the trackers (GitHub's content requests per token), counted across every process: when each
 * request spent from a key's budget was sent (milliseconds since the epoch), and the vendor's refusals in a row.
 */
export class Migration20261202000000_tracker_budgets extends Migration {
  override name = 'Migration20261202000000_tracker_budgets';

  override up(): void {
    this.addSql(`create table "tracker_budgets" ("key" varchar(200) not null, "sent" jsonb not null, "strikes" int not null, "updated_at" timestamptz not null, primary key ("key"));`);
  }

  override down(): void {
    this.addSql('drop table if exists "tracker_budgets";');
  }
}
