import { Migration } from '@mikro-orm/migrations';

/** Billing: Stripe customers and subscriptions, payments, received Stripe events, and credit resets. */
export class Migration20261128000000_billing extends Migration {
  override name = 'Migration20261128000000_billing';

  override up(): void {
    this.addSql(`create table "stripe_events" ("id" varchar(255) not null, "type" varchar(100) not null, "created_at" timestamptz not null, "received_at" timestamptz not null, "outcome" text not null, "payload" jsonb not null, primary key ("id"));`);

    this.addSql(`create table "payments" ("id" uuid not null, "user_id" uuid not null, "stripe_invoice_id" varchar(255) null, "stripe_charge_id" varchar(255) null, "stripe_payment_intent_id" varchar(255) null, "amount_cents" int not null, "amount_refunded_cents" int not null default 0, "currency" varchar(3) not null, "description" text not null, "status" text not null, "date" timestamptz not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "payments" add constraint "payments_stripe_invoice_id_unique" unique ("stripe_invoice_id");`);
    this.addSql(`alter table "payments" add constraint "payments_stripe_charge_id_unique" unique ("stripe_charge_id");`);
    this.addSql(`create index "payments_stripe_payment_intent_id_index" on "payments" ("stripe_payment_intent_id");`);
    this.addSql(`create index "payments_user_date_idx" on "payments" ("user_id", "date");`);
    this.addSql(`alter table "payments" add constraint "payments_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "payments" add constraint "payments_status_check" check ("status" in ('pending', 'failed', 'successful', 'refunded'));`);

    this.addSql(`create table "credit_resets" ("id" uuid not null, "user_id" uuid not null, "key" varchar(200) not null, "reason" text not null, "at" timestamptz not null, "unblocked" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "credit_resets" add constraint "credit_resets_key_unique" unique ("key");`);
    this.addSql(`create index "credit_resets_user_at_idx" on "credit_resets" ("user_id", "at");`);
    this.addSql(`alter table "credit_resets" add constraint "credit_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "credit_resets" add constraint "credit_resets_reason_check" check ("reason" in ('monthly', 'renewal', 'manual', 'plan-change'));`);

    this.addSql(`create table "billing_accounts" ("id" uuid not null, "user_id" uuid not null, "stripe_customer_id" varchar(255) null, "stripe_subscription_id" varchar(255) null, "stripe_item_id" varchar(255) null, "status" varchar(40) null, "tier_id" varchar(50) null, "price_id" varchar(255) null, "subscribed_at" timestamptz null, "current_period_end" timestamptz null, "cancel_at_period_end" boolean not null default false, "state_at" bigint not null default '0', "state_rank" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "billing_accounts" add constraint "billing_accounts_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "billing_accounts" add constraint "billing_accounts_stripe_customer_id_unique" unique ("stripe_customer_id");`);
    this.addSql(`alter table "billing_accounts" add constraint "billing_accounts_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "billing_accounts" cascade;`);
    this.addSql(`drop table if exists "credit_resets" cascade;`);
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "stripe_events" cascade;`);
  }
}
