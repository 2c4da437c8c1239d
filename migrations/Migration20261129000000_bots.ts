import { Migration } from '@mikro-orm/migrations';

/** Meeting bots: the bots users sent and the bot service webhooks acted upon (by de-duplication key). */
export class Migration20261129000000_bots extends Migration {
  override name = 'Migration20261129000000_bots';

  override up(): void {
    this.addSql(`create table "bot_webhook_events" ("dedupe_key" varchar(500) not null, "provider" varchar(100) not null, "provider_bot_id" varchar(200) not null, "received_at" timestamptz not null, primary key ("dedupe_key"));`);

    this.addSql(`create table "bots" ("id" uuid not null, "user_id" uuid not null, "provider" varchar(100) not null, "provider_bot_id" varchar(200) not null, "meeting_url" varchar(2048) not null, "meeting_title" varchar(500) null, "status" text null, "reason" varchar(50) null, "error" text null, "transcript_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "bots_user_created_idx" on "bots" ("user_id", "created_at");`);
    this.addSql(`alter table "bots" add constraint "bots_provider_bot_unique" unique ("provider", "provider_bot_id");`);
    this.addSql(`alter table "bots" add constraint "bots_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "bots" add constraint "bots_transcript_id_foreign" foreign key ("transcript_id") references "transcripts" ("id") on delete set null;`);
    this.addSql(`alter table "bots" add constraint "bots_status_check" check ("status" in ('pending', 'recording', 'done', 'failed', 'cancelled'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "bots" cascade;`);
    this.addSql(`drop table if exists "bot_webhook_events" cascade;`);
  }
}
