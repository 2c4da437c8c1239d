import { Migration } from '@mikro-orm/migrations';

/** Sessions, single-use e-mail tokens, the e-mail outbox and rate-limit counters. */
export class Migration20261121010000_accounts extends Migration {
  override name = 'Migration20261121010000_accounts';

  override up(): void {
    this.addSql(`create table "outbound_emails" ("id" uuid not null, "to" varchar(320) not null, "subject" varchar(300) not null, "text" text not null, "html" text not null, "status" text not null default 'pending', "attempts" int not null default 0, "last_error" text null, "transport" varchar(20) null, "created_at" timestamptz not null, "sent_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "outbound_emails_created_idx" on "outbound_emails" ("created_at");`);
    this.addSql(`create table "rate_limit_counters" ("key" varchar(400) not null, "window_start" timestamptz not null, "hits" int not null, primary key ("key"));`);
    this.addSql(`create table "sessions" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "last_used_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "user_agent" varchar(300) null, primary key ("id"));`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create table "email_tokens" ("id" uuid not null, "user_id" uuid not null, "purpose" text not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "email_tokens_user_id_index" on "email_tokens" ("user_id");`);
    this.addSql(`alter table "email_tokens" add constraint "email_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "outbound_emails" add constraint "outbound_emails_status_check" check ("status" in ('pending', 'sent'));`);
    this.addSql(`alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "email_tokens" add constraint "email_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "email_tokens" add constraint "email_tokens_purpose_check" check ("purpose" in ('verify-email', 'reset-password'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "rate_limit_counters" cascade;`);
    this.addSql(`drop table if exists "outbound_emails" cascade;`);
    this.addSql(`drop table if exists "email_tokens" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
  }
}
