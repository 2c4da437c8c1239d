import { Migration } from '@mikro-orm/migrations';

/** Plans with their monthly limits, token usage, credit reservations, and each user's credit cycle anchor. */
export class Migration20261121020000_credits extends Migration {
  override name = 'Migration20261121020000_credits';

  override up(): void {
    this.addSql(`create table "plans" ("id" varchar(50) not null, "name" varchar(100) not null, "price_cents" int not null, "interval" varchar(20) not null, "description" text not null, "features" jsonb not null, "input_token_limit" bigint not null, "output_token_limit" bigint not null, "transcript_limit" int not null, "sort_order" int not null, primary key ("id"));`);
    this.addSql(`alter table "plans" add constraint "plans_name_unique" unique ("name");`);
    this.addSql(`create table "token_usage" ("id" uuid not null, "user_id" uuid not null, "transcript_id" uuid null, "operation_type" varchar(100) not null, "ai_provider" varchar(100) not null, "model" varchar(200) null, "input_tokens" int not null, "output_tokens" int not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "token_usage_user_created_idx" on "token_usage" ("user_id", "created_at");`);
    this.addSql(`create table "credit_reservations" ("id" varchar(200) not null, "user_id" uuid not null, "input_tokens" int not null, "output_tokens" int not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "credit_reservations_user_id_index" on "credit_reservations" ("user_id");`);
    this.addSql(`alter table "users" add "credit_cycle_anchor" timestamptz not null default now();`);
    this.addSql(`alter table "token_usage" add constraint "token_usage_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "credit_reservations" add constraint "credit_reservations_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    // The plans and their monthly limits (tokens are counted separately for input and output).
    this.addSql(`insert into "plans" ("id", "name", "price_cents", "interval", "description", "features", "input_token_limit", "output_token_limit", "transcript_limit", "sort_order") values
      ('free', 'Free', 0, 'month', 'Try Tickscribe on a few meetings a month.', '["5 transcripts a month","200K input and 40K output tokens a month","Push to GitHub, Jira, Azure DevOps, Miro and webhooks"]', 200000, 40000, 5, 1),
      ('pro', 'Pro', 1900, 'month', 'For teams that meet every day.', '["50 transcripts a month","2M input and 400K output tokens a month","Meeting bot for Google Meet, Zoom and Teams","Push to GitHub, Jira, Azure DevOps, Miro and webhooks"]', 2000000, 400000, 50, 2),
      ('enterprise', 'Enterprise', 9900, 'month', 'For organisations with many teams.', '["500+ transcripts a month","20M input and 4M output tokens a month","Meeting bot for Google Meet, Zoom and Teams","Priority support"]', 20000000, 4000000, 500, 3);`);
  }

  override down(): void {
    this.addSql(`drop table if exists "credit_reservations" cascade;`);
    this.addSql(`drop table if exists "token_usage" cascade;`);
    this.addSql(`drop table if exists "plans" cascade;`);
    this.addSql(`alter table "users" drop column if exists "credit_cycle_anchor";`);
  }
}
