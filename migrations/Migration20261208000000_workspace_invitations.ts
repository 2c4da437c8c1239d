import { Migration } from '@mikro-orm/migrations';

/**
 * Invitations to team workspaces: an admin invites an address with a role, an e-mail carries the link, and the link's
 * token is stored as its SHA-256 only. An invitation is pending until it is used, withdrawn or expired; a workspace
 * has at most one pending invitation per address (a new one replaces it), and the unique index that says so is also
 * how the members page finds a workspace's pending invitations. Deleting the workspace deletes its invitations; an
 * inviter whose account goes leaves their invitations standing, without a name.
 */
export class Migration20261208000000_workspace_invitations extends Migration {
  override name = 'Migration20261208000000_workspace_invitations';

  override up(): void {
    this.addSql(`create table "workspace_invitations" ("id" uuid not null, "workspace_id" uuid not null, "email" varchar(320) not null, "role" text not null, "token_hash" varchar(64) not null, "invited_by_id" uuid null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "workspace_invitations" add constraint "workspace_invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "workspace_invitations_invited_by_id_index" on "workspace_invitations" ("invited_by_id");`);
    this.addSql(`create unique index "workspace_invitations_pending_unique" on "workspace_invitations" ("workspace_id", "email") where "used_at" is null and "revoked_at" is null;`);
    this.addSql(`alter table "workspace_invitations" add constraint "workspace_invitations_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on delete cascade;`);
    this.addSql(`alter table "workspace_invitations" add constraint "workspace_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "workspace_invitations" add constraint "workspace_invitations_role_check" check ("role" in ('admin', 'member'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "workspace_invitations" cascade;`);
  }
}
