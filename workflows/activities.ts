import type { Orm } from '../core/db/orm.ts';
import type { Logger } from '../core/logger.ts';
import type { Mailer } from '../core/mail/mailer.ts';
import { OutboundEmail } from '../core/mail/outbound-email.entity.ts';

export interface ActivityDependencies {
  orm: Orm;
  logger: Logger;
  mailer: Mailer;
}

/** Activities get their dependencies from here, so tests pass real local ones instead of module singletons. */
export function createActivities({ orm, mailer }: ActivityDependencies) {
  return {
    /** Sends an outbox e-mail once; a failure is recorded on the row and rethrown so Temporal retries. */
    async deliverEmail(emailId: string): Promise<void> {
      const em = orm.em.fork();
      const email = await em.findOne(OutboundEmail, emailId);
      if (!email || email.status === 'sent') return;
      email.attempts += 1;
      try {
        await mailer.send({ to: email.to, subject: email.subject, text: email.text, html: email.html });
      } catch (error) {
        email.lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
        await em.flush();
        throw error;
      }
      email.status = 'sent';
      email.sentAt = new Date();
      email.transport = mailer.transport;
      email.lastError = null;
      await em.flush();
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
