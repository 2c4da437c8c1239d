import { Migration } from '@mikro-orm/migrations';

/**
 * The tickets an LLM extracted from each chunk of a transcript, kept until the ingest saves them, so the meeting's
 * words (each ticket's context and quote) never travel through Temporal's workflow history.
 */
export class Migration20261204000000_extracted_chunks extends Migration {
  override name = 'Migration20261204000000_extracted_chunks';

  override up(): void {
    this.addSql(`create table "extracted_chunks" ("id" varchar(80) not null, "transcript_id" uuid not null, "tickets" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "extracted_chunks_transcript_id_index" on "extracted_chunks" ("transcript_id");`);
    this.addSql(`alter table "extracted_chunks" add constraint "extracted_chunks_transcript_id_foreign" foreign key ("transcript_id") references "transcripts" ("id") on delete cascade;`);
  }

  override down(): void {
    this.addSql('drop table if exists "extracted_chunks" cascade;');
  }
}
