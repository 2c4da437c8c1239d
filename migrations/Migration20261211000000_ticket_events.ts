import { Migration } from '@mikro-orm/migrations';

/**
 * Each ticket's history (ticket_events), append-only: a trigger refuses changing a row, except the one change
 * PostgreSQL makes itself when an actor's account goes (actor_id set null); rows are deleted only with their ticket
 * or workspace. Every ticket made so far gets its first event, dated its creation, with what is known of it: a
 * ticket with a transcript 'extracted' (the meeting, and the extractor, model and tokens its token usage recorded;
 * its quote was never kept), any other 'created' by its maker.
 */
export class Migration20261211000000_ticket_events extends Migration {
  override name = 'Migration20261211000000_ticket_events';

  override up(): void {
    this.addSql(`create table "ticket_events" ("id" uuid not null, "ticket_id" uuid not null, "workspace_id" uuid not null, "kind" text not null, "actor_id" uuid null, "data" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "ticket_events_workspace_id_index" on "ticket_events" ("workspace_id");`);
    this.addSql(`create index "ticket_events_actor_id_index" on "ticket_events" ("actor_id");`);
    this.addSql(`create index "ticket_events_ticket_created_idx" on "ticket_events" ("ticket_id", "created_at", "id");`);
    this.addSql(`alter table "ticket_events" add constraint "ticket_events_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_events" add constraint "ticket_events_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_events" add constraint "ticket_events_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "ticket_events" add constraint "ticket_events_kind_check" check ("kind" in ('extracted', 'created', 'edited', 'pushed', 'merged', 'linked', 'status'));`);
    this.addSql(`create function "ticket_events_append_only"() returns trigger language plpgsql as $$
      begin
        if old.actor_id is not null and new.actor_id is null
           and (new.id, new.ticket_id, new.workspace_id, new.kind, new.data, new.created_at)
               is not distinct from (old.id, old.ticket_id, old.workspace_id, old.kind, old.data, old.created_at) then
          return new;
        end if;
        raise exception 'A ticket''s history is append-only: its events cannot be changed.' using errcode = 'integrity_constraint_violation';
      end $$;`);
    this.addSql(`create trigger "ticket_events_append_only" before update on "ticket_events" for each row execute function "ticket_events_append_only"();`);
    this.addSql(`insert into "ticket_events" ("id", "ticket_id", "workspace_id", "kind", "actor_id", "data", "created_at")
      select gen_random_uuid(), t."id", t."workspace_id", case when tr."id" is null then 'created' else 'extracted' end, t."created_by_id",
        case when tr."id" is null then jsonb_build_object('transcriptId', null, 'transcriptTitle', null)
        else jsonb_build_object(
          'transcriptId', tr."id", 'transcriptTitle', tr."title",
          'source', case when tr."metadata"->'bot' is not null then 'bot' else 'upload' end,
          'botProvider', tr."metadata"->'bot'->>'provider',
          'extractor', u."provider", 'model', u."model",
          'tokens', case when u."provider" is null then null else jsonb_build_object('input', u."input", 'output', u."output") end,
          'ticketsFromMeeting', tr."ticket_count", 'quote', null, 'quoteAt', null)
        end,
        t."created_at"
      from "tickets" t
      left join "transcripts" tr on tr."id" = t."transcript_id"
      left join lateral (
        select max(k."ai_provider") as "provider", max(k."model") as "model", sum(k."input_tokens")::int as "input", sum(k."output_tokens")::int as "output"
        from "token_usage" k where k."transcript_id" = tr."id" and k."operation_type" = 'ticket_extraction' having count(*) > 0
      ) u on true;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "ticket_events" cascade;`);
    this.addSql(`drop function if exists "ticket_events_append_only"();`);
  }
}
