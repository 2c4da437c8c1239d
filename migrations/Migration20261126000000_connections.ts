import { Migration } from '@mikro-orm/migrations';

/** Project connections to trackers (credentials sealed, never in clear) and the log of their requests. */
export class Migration20261126000000_connections extends Migration {
  override name = 'Migration20261126000000_connections';

  override up(): void {
    this.addSql(`create table "connections" ("id" uuid not null, "user_id" uuid not null, "name" varchar(200) not null, "project_identifier" varchar(200) not null, "connection_type" varchar(64) not null, "credentials" text not null, "settings" jsonb not null, "last_verification" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "connections_user_created_idx" on "connections" ("user_id", "created_at");`);
    this.addSql(`create table "connection_deliveries" ("id" uuid not null, "connection_id" uuid not null, "at" timestamptz not null, "method" varchar(10) not null, "url" text not null, "status" int null, "error" text null, "duration_ms" int not null, "purpose" varchar(40) not null, primary key ("id"));`);
    this.addSql(`create index "connection_deliveries_connection_at_idx" on "connection_deliveries" ("connection_id", "at");`);
    this.addSql(`alter table "connections" add constraint "connections_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "connection_deliveries" add constraint "connection_deliveries_connection_id_foreign" foreign key ("connection_id") references "connections" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "connection_deliveries" cascade;`);
    this.addSql(`drop table if exists "connections" cascade;`);
  }
}
