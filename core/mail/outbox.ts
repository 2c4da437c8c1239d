import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmailMessage, Mailer } from './mailer.ts';
import { OutboundEmail } from './outbound-email.entity.ts';

/** Starts the delivery of e-mails already written to the outbox (a Temporal workflow per e-mail). */
export interface EmailDispatcher {
  dispatch(emailIds: string[]): Promise<void>;
}

/** Writes an e-mail to the outbox in the caller's unit of work; it goes out once the caller commits and dispatches. */
export function queueEmail(em: EntityManager, message: EmailMessage): OutboundEmail {
  return em.create(OutboundEmail, { ...message });
}

/**
 * Sends an outbox e-mail once: one not pending any more (sent, kept, or gone) is left alone; a failure is recorded
 * on the row and rethrown so the delivery is tried again. Without a mail server the e-mail only stays in the
 * local outbox: it is kept, not sent.
 */
export async function deliverQueuedEmail(em: EntityManager, mailer: Mailer, emailId: string): Promise<'sent' | 'kept' | 'gone'> {
  const email = await em.findOne(OutboundEmail, emailId);
  // Deleted unsent (its account was), or delivered by an earlier try.
  if (!email) return 'gone';
  if (email.status !== 'pending') return email.status;
  email.attempts += 1;
  try {
    await mailer.send({ to: email.to, subject: email.subject, text: email.text, html: email.html });
  } catch (error) {
    email.lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
    await em.flush();
    throw error;
  }
  email.status = mailer.transport === 'smtp' ? 'sent' : 'kept';
  email.sentAt = mailer.transport === 'smtp' ? new Date() : null;
  email.transport = mailer.transport;
  email.lastError = null;
  await em.flush();
  return email.status;
}
