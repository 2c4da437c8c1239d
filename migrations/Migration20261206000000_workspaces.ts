import { Migration } from '@mikro-orm/migrations';

/** The tables whose rows belong to a workspace and carry their user (`user_id`), with the index each is listed by. */
const USER_TABLES = [
  { table: 'transcripts', index: 'transcripts_workspace_created_idx', columns: '"workspace_id", "created_at"' },
  { table: 'tickets', index: 'tickets_workspace_created_idx', columns: '"workspace_id", "created_at", "id"' },
  { table: 'bots', index: 'bots_workspace_created_idx', columns: '"workspace_id", "created_at"' },
  { table: 'connections', index: 'connections_workspace_created_idx', columns: '"workspace_id", "created_at"' },
  { table: 'token_usage', index: 'token_usage_workspace_created_idx', columns: '"workspace_id", "created_at"' },
] as const;

/**
 * Workspaces, the first step to teams sharing their work: every user gets a personal workspace, of which they are the
 * owner member, and the transcripts, tickets, bots, connections (with their user mappings, kept in their settings),
 * token usage and push records of each user move into it (push records through their ticket). The code still writes
 * these rows with only their user: a BEFORE INSERT trigger on each table puts a row without a workspace into its
 * user's personal workspace, making that workspace first for a user who has none (one made outside sign-up, e.g. by
 * the operator with SQL). Sessions, e-mail tokens, OAuth states, the plan and credits (billing accounts, payments,
 * reservations, resets, ticket counts) stay per user until the plan moves to the workspace with the code that reads it.
 */
export class Migration20261206000000_workspaces extends Migration {
  override name = 'Migration20261206000000_workspaces';

  override up(): void {
    this.addSql(`create table "workspaces" ("id" uuid not null, "name" varchar(400) not null, "personal" boolean not null default false, "owner_id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "workspaces_owner_id_index" on "workspaces" ("owner_id");`);
    this.addSql(`create unique index "workspaces_personal_owner_unique" on "workspaces" ("owner_id") where "personal";`);
    this.addSql(`alter table "workspaces" add constraint "workspaces_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "workspace_members" ("id" uuid not null, "workspace_id" uuid not null, "user_id" uuid not null, "role" text not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "workspace_members_user_id_index" on "workspace_members" ("user_id");`);
    this.addSql(`alter table "workspace_members" add constraint "workspace_members_workspace_user_unique" unique ("workspace_id", "user_id");`);
    this.addSql(`alter table "workspace_members" add constraint "workspace_members_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on delete cascade;`);
    this.addSql(`alter table "workspace_members" add constraint "workspace_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "workspace_members" add constraint "workspace_members_role_check" check ("role" in ('owner', 'admin', 'member'));`);

    // The user's personal workspace, made (with its owner membership) when the user has none yet. Two first inserts
    // for one user at once meet at the unique index: the second waits for the first and takes its workspace. Its name
    // is the user's full name, or their e-mail address when they gave none, followed by "'s workspace" (the same rule
    // as sign-up's, core/users/accounts.ts createPersonalWorkspace).
    this.addSql(`create function "personal_workspace_of"(owner uuid) returns uuid language plpgsql as $$
      declare
        found uuid;
      begin
        select "id" into found from "workspaces" where "owner_id" = owner and "personal";
        if found is not null then
          return found;
        end if;
        insert into "workspaces" ("id", "name", "personal", "owner_id", "created_at", "updated_at")
          select gen_random_uuid(), coalesce(nullif(btrim("full_name"), ''), "email") || '''s workspace', true, "id", now(), now()
          from "users" where "id" = owner
          on conflict ("owner_id") where "personal" do nothing
          returning "id" into found;
        if found is null then
          select "id" into found from "workspaces" where "owner_id" = owner and "personal";
        else
          insert into "workspace_members" ("id", "workspace_id", "user_id", "role", "created_at") values (gen_random_uuid(), found, owner, 'owner', now());
        end if;
        return found;
      end $$;`);
    this.addSql(`create function "workspace_from_user"() returns trigger language plpgsql as $$
      begin
        if new."workspace_id" is null then
          new."workspace_id" := "personal_workspace_of"(new."user_id");
        end if;
        return new;
      end $$;`);
    this.addSql(`create function "workspace_from_ticket"() returns trigger language plpgsql as $$
      begin
        if new."workspace_id" is null then
          select "workspace_id" into new."workspace_id" from "tickets" where "id" = new."ticket_id";
        end if;
        return new;
      end $$;`);

    // Every existing user's personal workspace, made before any row is moved.
    this.addSql(`select "personal_workspace_of"("id") from "users";`);

    for (const { table, index, columns } of USER_TABLES) {
      this.addSql(`alter table "${table}" add column "workspace_id" uuid null;`);
      this.addSql(`update "${table}" t set "workspace_id" = w."id" from "workspaces" w where w."owner_id" = t."user_id" and w."personal";`);
      this.addSql(`alter table "${table}" alter column "workspace_id" set not null;`);
      this.addSql(`alter table "${table}" add constraint "${table}_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on delete cascade;`);
      this.addSql(`create index "${index}" on "${table}" (${columns});`);
      this.addSql(`create trigger "${table}_workspace" before insert on "${table}" for each row execute function "workspace_from_user"();`);
    }
    this.addSql(`alter table "push_records" add column "workspace_id" uuid null;`);
    this.addSql(`update "push_records" r set "workspace_id" = t."workspace_id" from "tickets" t where t."id" = r."ticket_id";`);
    this.addSql(`alter table "push_records" alter column "workspace_id" set not null;`);
    this.addSql(`alter table "push_records" add constraint "push_records_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on delete cascade;`);
    this.addSql(`create index "push_records_workspace_created_idx" on "push_records" ("workspace_id", "created_at");`);
    this.addSql(`create trigger "push_records_workspace" before insert on "push_records" for each row execute function "workspace_from_ticket"();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists "push_records_workspace" on "push_records";`);
    this.addSql(`alter table "push_records" drop column if exists "workspace_id";`);
    for (const { table } of USER_TABLES) {
      this.addSql(`drop trigger if exists "${table}_workspace" on "${table}";`);
      this.addSql(`alter table "${table}" drop column if exists "workspace_id";`);
    }
    this.addSql(`drop function if exists "workspace_from_ticket"();`);
    this.addSql(`drop function if exists "workspace_from_user"();`);
    this.addSql(`drop function if exists "personal_workspace_of"(uuid);`);
    this.addSql(`drop table if exists "workspace_members" cascade;`);
    this.addSql(`drop table if exists "workspaces" cascade;`);
  }
}
