import { Migration } from '@mikro-orm/migrations';

/** Users, transcripts (with the raw upload) and tickets. */
export class Migration20261121000000_initial extends Migration {
  override name = 'Migration20261121000000_initial';

  override up(): void {
    this.addSql(`create table "users" ("id" uuid not null, "email" varchar(320) not null, "full_name" varchar(200) not null default '', "password_hash" text null, "email_verified_at" timestamptz null, "subscription_tier" varchar(50) null, "is_subscribed" boolean not null default false, "transcripts_processed" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create table "transcripts" ("id" uuid not null, "user_id" uuid not null, "title" varchar(500) not null, "date" varchar(40) null, "source" varchar(100) null, "duration" int null, "participants" jsonb not null default '[]', "messages" jsonb not null default '[]', "processing_status" text not null default 'pending', "metadata" jsonb not null default '{}', "raw_file" bytea null, "raw_file_name" varchar(255) null, "raw_file_type" varchar(255) null, "raw_file_size" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "transcripts_user_created_idx" on "transcripts" ("user_id", "created_at");`);
    this.addSql(`alter table "transcripts" add constraint "transcripts_processing_status_check" check ("processing_status" in ('pending', 'processing', 'completed', 'failed'));`);
    this.addSql(`create table "tickets" ("id" uuid not null, "user_id" uuid not null, "transcript_id" uuid null, "title" varchar(500) not null, "description" text not null, "context" text null, "implementation" text null, "dependencies" jsonb not null default '[]', "effort" text null, "notes" text null, "project" varchar(200) not null, "status" text not null default 'ToDo', "priority" text not null default 'Medium', "assignee" varchar(200) null, "tags" jsonb not null default '[]', "due_date" date null, "external_url" text null, "external_id" varchar(200) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "tickets_transcript_id_index" on "tickets" ("transcript_id");`);
    this.addSql(`create index "tickets_user_created_idx" on "tickets" ("user_id", "created_at");`);
    this.addSql(`alter table "tickets" add constraint "tickets_effort_check" check ("effort" in ('Small', 'Medium', 'Large'));`);
    this.addSql(`alter table "tickets" add constraint "tickets_status_check" check ("status" in ('ToDo', 'InProgress', 'Done'));`);
    this.addSql(`alter table "tickets" add constraint "tickets_priority_check" check ("priority" in ('Low', 'Medium', 'High'));`);
    this.addSql(`alter table "transcripts" add constraint "transcripts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "tickets" add constraint "tickets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "tickets" add constraint "tickets_transcript_id_foreign" foreign key ("transcript_id") references "transcripts" ("id") on delete set null;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "tickets" cascade;`);
    this.addSql(`drop table if exists "transcripts" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
  }
}
