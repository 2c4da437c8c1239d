import { Migration } from '@mikro-orm/migrations';

/**
 * Each user's ticket count in user_ticket_counts, kept by PostgreSQL as tickets are made and deleted (a ticket
 * never changes owner), counted per statement: one row written for a batch of tickets. The unfiltered ticket list
 * reads its total from it instead of counting the user's tickets on every page. The list index gains the id, the
 * order's tie-breaker, so a page is read off the index without a sort.
 */
export class Migration20261201000000_user_ticket_count extends Migration {
  override name = 'Migration20261201000000_user_ticket_count';

  override up(): void {
    this.addSql(`create table "user_ticket_counts" ("user_id" uuid not null, "ticket_count" int not null default 0, primary key ("user_id"));`);
    this.addSql(`alter table "user_ticket_counts" add constraint "user_ticket_counts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`insert into "user_ticket_counts" ("user_id", "ticket_count") select "user_id", count(*) from "tickets" group by "user_id";`);
    this.addSql(`create function "tickets_user_count_added"() returns trigger language plpgsql as $$
      begin
        insert into "user_ticket_counts" as c ("user_id", "ticket_count")
          select "user_id", count(*) from added_rows group by "user_id"
          on conflict ("user_id") do update set "ticket_count" = c."ticket_count" + excluded."ticket_count";
        return null;
      end $$;`);
    this.addSql(`create function "tickets_user_count_removed"() returns trigger language plpgsql as $$
      begin
        update "user_ticket_counts" c set "ticket_count" = greatest(c."ticket_count" - removed.n, 0)
          from (select "user_id", count(*) as n from removed_rows group by "user_id") removed
          where c."user_id" = removed."user_id";
        return null;
      end $$;`);
    this.addSql(`create trigger "tickets_user_count_added" after insert on "tickets" referencing new table as added_rows
      for each statement execute function "tickets_user_count_added"();`);
    this.addSql(`create trigger "tickets_user_count_removed" after delete on "tickets" referencing old table as removed_rows
      for each statement execute function "tickets_user_count_removed"();`);
    this.addSql(`drop index "tickets_user_created_idx";`);
    this.addSql(`create index "tickets_user_created_idx" on "tickets" ("user_id", "created_at", "id");`);
  }

  override down(): void {
    this.addSql(`drop index "tickets_user_created_idx";`);
    this.addSql(`create index "tickets_user_created_idx" on "tickets" ("user_id", "created_at");`);
    this.addSql(`drop trigger if exists "tickets_user_count_removed" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_user_count_added" on "tickets";`);
    this.addSql(`drop function if exists "tickets_user_count_removed"();`);
    this.addSql(`drop function if exists "tickets_user_count_added"();`);
    this.addSql(`drop table if exists "user_ticket_counts";`);
  }
}
