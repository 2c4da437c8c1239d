import type { EntityManager } from '@mikro-orm/postgresql';
import { linksIn } from '../../core/mail/mailer.ts';
import { OutboundEmail } from '../../core/mail/outbound-email.entity.ts';
import type { DevOutboxResponse } from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';

/** Development only (no SMTP_URL, not production): read the e-mails Tickscribe would have sent. */
export function devOutboxRoutes(api: ApiRegistry, deps: { em: () => EntityManager }): void {
  api.route<undefined, undefined, DevOutboxResponse>({
    method: 'get', path: '/api/dev/outbox', operationId: 'devOutbox', tag: 'development',
    summary: 'The latest 50 e-mails in the local outbox, newest first, with their links (development without SMTP only).',
    responses: { 200: { description: 'The outbox.', schema: 'api/dev-outbox.response.schema.json' } },
    async handler(ctx) {
      ctx.set('Cache-Control', 'no-store');
      const emails = await deps.em().find(OutboundEmail, {}, { orderBy: { createdAt: 'desc' }, limit: 50 });
      return {
        emails: emails.map((email) => ({
          id: email.id,
          to: email.to,
          subject: email.subject,
          text: email.text,
          links: linksIn(email.text),
          status: email.status,
          createdAt: email.createdAt.toISOString(),
        })),
      };
    },
  });
}
