import { Migration } from '@mikro-orm/migrations';

/**
 * What a meeting proposes about tickets already open (ticket_proposals): "same as" (a ticket the meeting gave
 * restates an open one: merge or keep separate) and "done" (the meeting says an open ticket's task is finished).
 * Nothing is applied until a person accepts; a proposal goes with its open ticket or its meeting, and keeps its
 * decision when a merge deletes the ticket the meeting gave (new_ticket_id then null).
 */
export class Migration20261213000000_ticket_proposals extends Migration {
  override name = 'Migration20261213000000_ticket_proposals';

  override up(): void {
    this.addSql(`create table "ticket_proposals" ("id" uuid not null, "workspace_id" uuid not null, "kind" text not null, "ticket_id" uuid not null,
      "new_ticket_id" uuid null, "transcript_id" uuid not null, "score" real not null, "evidence" jsonb not null, "state" text not null default 'open',
      "decided_by_id" uuid null, "decided_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "ticket_proposals_workspace_id_index" on "ticket_proposals" ("workspace_id");`);
    this.addSql(`create index "ticket_proposals_ticket_id_index" on "ticket_proposals" ("ticket_id");`);
    this.addSql(`create index "ticket_proposals_transcript_id_index" on "ticket_proposals" ("transcript_id");`);
    this.addSql(`create index "ticket_proposals_decided_by_id_index" on "ticket_proposals" ("decided_by_id");`);
    this.addSql(`create unique index "ticket_proposals_same_unique" on "ticket_proposals" ("new_ticket_id") where "kind" = 'same';`);
    this.addSql(`create unique index "ticket_proposals_done_unique" on "ticket_proposals" ("ticket_id", "transcript_id") where "kind" = 'done';`);
    this.addSql(`alter table "ticket_proposals" add constraint "ticket_proposals_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_proposals" add constraint "ticket_proposals_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_proposals" add constraint "ticket_proposals_new_ticket_id_foreign" foreign key ("new_ticket_id") references "tickets" ("id") on delete set null;`);
    this.addSql(`alter table "ticket_proposals" add constraint "ticket_proposals_transcript_id_foreign" foreign key ("transcript_id") references "transcripts" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_proposals" add constraint "ticket_proposals_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "ticket_proposals" add constraint "ticket_proposals_kind_check" check ("kind" in ('same', 'done'));`);
    this.addSql(`alter table "ticket_proposals" add constraint "ticket_proposals_state_check" check ("state" in ('open', 'accepted', 'dismissed'));`);
  }

  override down(): void {
    this.addSql(`drop table if exists "ticket_proposals" cascade;`);
  }
}
