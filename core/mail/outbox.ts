import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmailMessage } from './mailer.ts';
import { OutboundEmail } from './outbound-email.entity.ts';

/** Starts the delivery of e-mails already written to the outbox (a Temporal workflow per e-mail). */
export interface EmailDispatcher {
  dispatch(emailIds: string[]): Promise<void>;
}

/** Writes an e-mail to the outbox in the caller's unit of work; it goes out once the caller commits and dispatches. */
export function queueEmail(em: EntityManager, message: EmailMessage): OutboundEmail {
  return em.create(OutboundEmail, { ...message });
}
