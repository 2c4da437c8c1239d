import { Migration } from '@mikro-orm/migrations';

/**
 * "Connect with …": each connection may hold a vendor's OAuth grant (access and refresh tokens, their expiry),
 * sealed like its credentials; and each sign-in under way is a single-use state row (only its SHA-256 is kept) with
 * the user who started it, the tracker type, the PKCE verifier, what the form held or the connection being
 * reconnected, and when it expires (ten minutes).
 */
export class Migration20261203000000_oauth extends Migration {
  override name = 'Migration20261203000000_oauth';

  override up(): void {
    this.addSql(`alter table "connections" add column "oauth" text null;`);
    this.addSql(`create table "oauth_states" (
      "state_hash" varchar(64) not null,
      "user_id" uuid not null,
      "connection_type" varchar(64) not null,
      "code_verifier" varchar(128) null,
      "connection_id" uuid null,
      "form" jsonb not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      primary key ("state_hash"));`);
    this.addSql(`alter table "oauth_states" add constraint "oauth_states_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "oauth_states" add constraint "oauth_states_connection_id_foreign" foreign key ("connection_id") references "connections" ("id") on delete cascade;`);
    this.addSql(`create index "oauth_states_expires_at_idx" on "oauth_states" ("expires_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "oauth_states";`);
    this.addSql(`alter table "connections" drop column "oauth";`);
  }
}
