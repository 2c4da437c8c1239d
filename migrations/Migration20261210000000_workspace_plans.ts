import { Migration } from '@mikro-orm/migrations';

/**
 * The tables of a plan's bill, each moving from its user to a workspace: a user's row goes to their personal
 * workspace. `indexes` are made on the new column as the entities declare them.
 */
const BILL_TABLES = [
  { table: 'billing_accounts', indexes: [`alter table "billing_accounts" add constraint "billing_accounts_workspace_id_unique" unique ("workspace_id");`], old: [`alter table "billing_accounts" add constraint "billing_accounts_user_id_unique" unique ("user_id");`] },
  { table: 'payments', indexes: [`create index "payments_workspace_date_idx" on "payments" ("workspace_id", "date");`], old: [`create index "payments_user_date_idx" on "payments" ("user_id", "date");`] },
  { table: 'credit_resets', indexes: [`create index "credit_resets_workspace_at_idx" on "credit_resets" ("workspace_id", "at");`], old: [`create index "credit_resets_user_at_idx" on "credit_resets" ("user_id", "at");`] },
  { table: 'credit_reservations', indexes: [`create index "credit_reservations_workspace_id_index" on "credit_reservations" ("workspace_id");`], old: [`create index "credit_reservations_user_id_index" on "credit_reservations" ("user_id");`] },
] as const;

/**
 * The plan belongs to the workspace: its tier, its Stripe customer and subscription (billing_accounts), its payments,
 * its monthly credits (reservations and resets, counted with the token usage spent in it) and its transcript
 * allowance. The owner pays. Each user's plan, subscription date, billing account, payments, reservations and resets
 * move to their personal workspace, so someone who never made a team keeps exactly what they had; a team workspace
 * starts on Free, its monthly cycle from the day it was made.
 */
export class Migration20261210000000_workspace_plans extends Migration {
  override name = 'Migration20261210000000_workspace_plans';

  override up(): void {
    this.addSql(`alter table "workspaces" add column "subscription_tier" varchar(50) null, add column "is_subscribed" boolean not null default false, add column "credit_cycle_anchor" timestamptz not null default now();`);
    this.addSql(`update "workspaces" set "credit_cycle_anchor" = "created_at";`);
    this.addSql(`update "workspaces" w set "subscription_tier" = u."subscription_tier", "is_subscribed" = u."is_subscribed", "credit_cycle_anchor" = u."credit_cycle_anchor" from "users" u where u."id" = w."owner_id" and w."personal";`);
    for (const { table, indexes } of BILL_TABLES) {
      this.addSql(`alter table "${table}" add column "workspace_id" uuid null;`);
      this.addSql(`update "${table}" set "workspace_id" = "personal_workspace_of"("user_id");`);
      this.addSql(`alter table "${table}" alter column "workspace_id" set not null;`);
      this.addSql(`alter table "${table}" drop column "user_id";`);
      this.addSql(`alter table "${table}" add constraint "${table}_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on delete cascade;`);
      for (const statement of indexes) this.addSql(statement);
    }
    this.addSql(`alter table "users" drop column "subscription_tier", drop column "is_subscribed", drop column "credit_cycle_anchor";`);
  }

  override down(): void {
    this.addSql(`alter table "users" add column "subscription_tier" varchar(50) null, add column "is_subscribed" boolean not null default false, add column "credit_cycle_anchor" timestamptz not null default now();`);
    this.addSql(`update "users" u set "subscription_tier" = w."subscription_tier", "is_subscribed" = w."is_subscribed", "credit_cycle_anchor" = w."credit_cycle_anchor" from "workspaces" w where w."owner_id" = u."id" and w."personal";`);
    for (const { table, old } of BILL_TABLES) {
      this.addSql(`alter table "${table}" add column "user_id" uuid null;`);
      this.addSql(`update "${table}" t set "user_id" = w."owner_id" from "workspaces" w where w."id" = t."workspace_id";`);
      // A team workspace's rows have no user to go back to but its owner's, who may have one already.
      if (table === 'billing_accounts') this.addSql(`delete from "billing_accounts" b using "workspaces" w where w."id" = b."workspace_id" and not w."personal";`);
      this.addSql(`alter table "${table}" alter column "user_id" set not null;`);
      this.addSql(`alter table "${table}" drop column "workspace_id";`);
      this.addSql(`alter table "${table}" add constraint "${table}_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
      for (const statement of old) this.addSql(statement);
    }
    this.addSql(`alter table "workspaces" drop column "subscription_tier", drop column "is_subscribed", drop column "credit_cycle_anchor";`);
  }
}
