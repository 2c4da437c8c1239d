import { Migration } from '@mikro-orm/migrations';

/**
 * An e-mail that no mail server took (no SMTP configured: it stays in the local outbox) is 'kept', not 'sent';
 * those recorded as sent before are corrected.
 */
export class Migration20261125000000_outbox_kept extends Migration {
  override name = 'Migration20261125000000_outbox_kept';

  override up(): void {
    this.addSql(`alter table "outbound_emails" drop constraint if exists "outbound_emails_status_check";`);
    this.addSql(`alter table "outbound_emails" add constraint "outbound_emails_status_check" check ("status" in ('pending', 'sent', 'kept'));`);
    this.addSql(`update "outbound_emails" set "status" = 'kept', "sent_at" = null where "status" = 'sent' and "transport" = 'outbox';`);
  }

  override down(): void {
    this.addSql(`update "outbound_emails" set "status" = 'sent' where "status" = 'kept';`);
    this.addSql(`alter table "outbound_emails" drop constraint if exists "outbound_emails_status_check";`);
    this.addSql(`alter table "outbound_emails" add constraint "outbound_emails_status_check" check ("status" in ('pending', 'sent'));`);
  }
}
