import { Migration } from '@mikro-orm/migrations';

/** The push ledger (one row per ticket and connection) and, on tickets, the tracker type and key they were pushed to. */
export class Migration20261127000000_push_ledger extends Migration {
  override name = 'Migration20261127000000_push_ledger';

  override up(): void {
    this.addSql(`create table "push_records" ("id" uuid not null, "ticket_id" uuid not null, "connection_id" uuid not null, "batch_id" varchar(64) not null, "state" text not null, "external_id" varchar(200) null, "key" varchar(200) null, "url" text null, "error" text null, "attempts" int not null default 0, "uncertain" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "push_records_connection_id_index" on "push_records" ("connection_id");`);
    this.addSql(`alter table "push_records" add constraint "push_records_ticket_connection_unique" unique ("ticket_id", "connection_id");`);
    this.addSql(`alter table "push_records" add constraint "push_records_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`);
    this.addSql(`alter table "push_records" add constraint "push_records_connection_id_foreign" foreign key ("connection_id") references "connections" ("id") on delete cascade;`);
    this.addSql(`alter table "push_records" add constraint "push_records_state_check" check ("state" in ('creating', 'created', 'failed'));`);
    this.addSql(`alter table "tickets" add "external_type" varchar(64) null, add "external_key" varchar(200) null;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "push_records" cascade;`);
    this.addSql(`alter table "tickets" drop column "external_type", drop column "external_key";`);
  }
}
