import { Migration } from '@mikro-orm/migrations';

/**
 * Who made each ticket and who last edited it, for workspaces shared by a team. A ticket made so far was made by its
 * user (an upload's tickets by the uploader); none has been edited by anyone named yet. A user who goes leaves what
 * they made: the columns become null, the tickets stay.
 */
export class Migration20261207000000_ticket_authors extends Migration {
  override name = 'Migration20261207000000_ticket_authors';

  override up(): void {
    this.addSql(`alter table "tickets" add column "created_by_id" uuid null, add column "edited_by_id" uuid null;`);
    this.addSql(`update "tickets" set "created_by_id" = "user_id";`);
    this.addSql(`alter table "tickets" add constraint "tickets_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "tickets" add constraint "tickets_edited_by_id_foreign" foreign key ("edited_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`create index "tickets_created_by_id_index" on "tickets" ("created_by_id");`);
    this.addSql(`create index "tickets_edited_by_id_index" on "tickets" ("edited_by_id");`);
  }

  override down(): void {
    this.addSql(`alter table "tickets" drop column if exists "created_by_id", drop column if exists "edited_by_id";`);
  }
}
