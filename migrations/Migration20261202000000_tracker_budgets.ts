import { Migration } from '@mikro-orm/migrations';

/**
 * Request budgets of the trackers (GitHub's content requests per token), counted across every process: when each
 * request spent from a key's budget was sent (milliseconds since the epoch), and the vendor's refusals in a row.
 */
export class Migration20261202000000_tracker_budgets extends Migration {
  override name = 'Migration20261202000000_tracker_budgets';

  override up(): void {
    this.addSql(`create table "tracker_budgets" (
      "key" text not null primary key,
      "sent" double precision[] not null default '{}',
      "strikes" int not null default 0,
      "updated_at" timestamptz not null default now());`);
  }

  override down(): void {
    this.addSql('drop table if exists "tracker_budgets";');
  }
}
