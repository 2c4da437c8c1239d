import { Migration } from '@mikro-orm/migrations';

/**
 * A ticket follows its tracker item's status: each connection may keep a webhook secret (sealed like its credentials,
 * made when its owner asks for the webhook's address), and a delivery or a poll finds the tickets of an item by the
 * connection and the item's id in the push ledger.
 */
export class Migration20261212000000_tracker_status extends Migration {
  override name = 'Migration20261212000000_tracker_status';

  override up(): void {
    this.addSql(`alter table "connections" add column "webhook_secret" text null;`);
    this.addSql(`create index "push_records_connection_item_idx" on "push_records" ("connection_id", "external_id");`);
  }

  override down(): void {
    this.addSql(`drop index "push_records_connection_item_idx";`);
    this.addSql(`alter table "connections" drop column "webhook_secret";`);
  }
}
