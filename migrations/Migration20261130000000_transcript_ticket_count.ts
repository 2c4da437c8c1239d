import { Migration } from '@mikro-orm/migrations';

/**
 * A transcript's ticket count, kept by PostgreSQL as tickets are made, deleted or moved, so the status poll reads
 * one row whatever the meeting's length. Inserts and deletes are counted per statement (one update per transcript
 * for a batch of tickets); a ticket moved to another transcript, or unlinked when its transcript is deleted, per row.
 */
export class Migration20261130000000_transcript_ticket_count extends Migration {
  override name = 'Migration20261130000000_transcript_ticket_count';

  override up(): void {
    this.addSql(`alter table "transcripts" add column "ticket_count" int not null default 0;`);
    this.addSql(`update "transcripts" t set "ticket_count" = (select count(*) from "tickets" where "transcript_id" = t."id");`);
    this.addSql(`create function "tickets_count_added"() returns trigger language plpgsql as $$
      begin
        update "transcripts" t set "ticket_count" = t."ticket_count" + added.n
          from (select "transcript_id", count(*) as n from added_rows where "transcript_id" is not null group by "transcript_id") added
          where t."id" = added."transcript_id";
        return null;
      end $$;`);
    this.addSql(`create function "tickets_count_removed"() returns trigger language plpgsql as $$
      begin
        update "transcripts" t set "ticket_count" = greatest(t."ticket_count" - removed.n, 0)
          from (select "transcript_id", count(*) as n from removed_rows where "transcript_id" is not null group by "transcript_id") removed
          where t."id" = removed."transcript_id";
        return null;
      end $$;`);
    this.addSql(`create function "tickets_count_moved"() returns trigger language plpgsql as $$
      begin
        update "transcripts" set "ticket_count" = greatest("ticket_count" - 1, 0) where "id" = old."transcript_id";
        update "transcripts" set "ticket_count" = "ticket_count" + 1 where "id" = new."transcript_id";
        return null;
      end $$;`);
    this.addSql(`create trigger "tickets_count_added" after insert on "tickets" referencing new table as added_rows
      for each statement execute function "tickets_count_added"();`);
    this.addSql(`create trigger "tickets_count_removed" after delete on "tickets" referencing old table as removed_rows
      for each statement execute function "tickets_count_removed"();`);
    this.addSql(`create trigger "tickets_count_moved" after update of "transcript_id" on "tickets"
      for each row when (old."transcript_id" is distinct from new."transcript_id") execute function "tickets_count_moved"();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists "tickets_count_moved" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_count_removed" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_count_added" on "tickets";`);
    this.addSql(`drop function if exists "tickets_count_moved"();`);
    this.addSql(`drop function if exists "tickets_count_removed"();`);
    this.addSql(`drop function if exists "tickets_count_added"();`);
    this.addSql(`alter table "transcripts" drop column "ticket_count";`);
  }
}
