import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_initial } from './Migration20261121000000_initial.ts';
import { Migration20261121010000_accounts } from './Migration20261121010000_accounts.ts';
import { Migration20261121020000_credits } from './Migration20261121020000_credits.ts';
import { Migration20261121030000_ticket_search } from './Migration20261121030000_ticket_search.ts';
import { Migration20261121040000_ticket_filter_combinations } from './Migration20261121040000_ticket_filter_combinations.ts';
import { Migration20261121050000_ticket_search_per_user } from './Migration20261121050000_ticket_search_per_user.ts';
import { Migration20261125000000_outbox_kept } from './Migration20261125000000_outbox_kept.ts';
import { Migration20261126000000_connections } from './Migration20261126000000_connections.ts';
import { Migration20261127000000_push_ledger } from './Migration20261127000000_push_ledger.ts';
import { Migration20261128000000_billing } from './Migration20261128000000_billing.ts';
import { Migration20261129000000_bots } from './Migration20261129000000_bots.ts';
import { Migration20261130000000_transcript_ticket_count } from './Migration20261130000000_transcript_ticket_count.ts';
import { Migration20261201000000_user_ticket_count } from './Migration20261201000000_user_ticket_count.ts';
import { Migration20261202000000_tracker_budgets } from './Migration20261202000000_tracker_budgets.ts';
import { Migration20261203000000_oauth } from './Migration20261203000000_oauth.ts';
import { Migration20261204000000_extracted_chunks } from './Migration20261204000000_extracted_chunks.ts';
import { Migration20261205000000_ticket_search_text } from './Migration20261205000000_ticket_search_text.ts';
import { Migration20261206000000_workspaces } from './Migration20261206000000_workspaces.ts';
import { Migration20261207000000_ticket_authors } from './Migration20261207000000_ticket_authors.ts';
import { Migration20261208000000_workspace_invitations } from './Migration20261208000000_workspace_invitations.ts';
import { Migration20261209000000_workspace_scope } from './Migration20261209000000_workspace_scope.ts';

/** Every migration, oldest first. A new migration is added here as well as in its own file. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121000000_initial', class: Migration20261121000000_initial },
  { name: 'Migration20261121010000_accounts', class: Migration20261121010000_accounts },
  { name: 'Migration20261121020000_credits', class: Migration20261121020000_credits },
  { name: 'Migration20261121030000_ticket_search', class: Migration20261121030000_ticket_search },
  { name: 'Migration20261121040000_ticket_filter_combinations', class: Migration20261121040000_ticket_filter_combinations },
  { name: 'Migration20261121050000_ticket_search_per_user', class: Migration20261121050000_ticket_search_per_user },
  { name: 'Migration20261125000000_outbox_kept', class: Migration20261125000000_outbox_kept },
  { name: 'Migration20261126000000_connections', class: Migration20261126000000_connections },
  { name: 'Migration20261127000000_push_ledger', class: Migration20261127000000_push_ledger },
  { name: 'Migration20261128000000_billing', class: Migration20261128000000_billing },
  { name: 'Migration20261129000000_bots', class: Migration20261129000000_bots },
  { name: 'Migration20261130000000_transcript_ticket_count', class: Migration20261130000000_transcript_ticket_count },
  { name: 'Migration20261201000000_user_ticket_count', class: Migration20261201000000_user_ticket_count },
  { name: 'Migration20261202000000_tracker_budgets', class: Migration20261202000000_tracker_budgets },
  { name: 'Migration20261203000000_oauth', class: Migration20261203000000_oauth },
  { name: 'Migration20261204000000_extracted_chunks', class: Migration20261204000000_extracted_chunks },
  { name: 'Migration20261205000000_ticket_search_text', class: Migration20261205000000_ticket_search_text },
  { name: 'Migration20261206000000_workspaces', class: Migration20261206000000_workspaces },
  { name: 'Migration20261207000000_ticket_authors', class: Migration20261207000000_ticket_authors },
  { name: 'Migration20261208000000_workspace_invitations', class: Migration20261208000000_workspace_invitations },
  { name: 'Migration20261209000000_workspace_scope', class: Migration20261209000000_workspace_scope },
];
