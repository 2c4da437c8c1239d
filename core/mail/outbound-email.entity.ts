import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';

/** pending: not yet taken; sent: a mail server took it; kept: no mail server is configured, it stays in the outbox. */
const OUTBOUND_EMAIL_STATUSES = ['pending', 'sent', 'kept'] as const;

/**
 * An e-mail waiting to go out or gone. It is written in the same transaction as the change that causes it and
 * delivered by a Temporal workflow that retries until the mail server takes it, so an outage loses nothing.
 */
export const OutboundEmail = defineEntity({
  name: 'OutboundEmail',
  tableName: 'outbound_emails',
  indexes: [{ name: 'outbound_emails_created_idx', properties: ['createdAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    to: p.string().length(320),
    subject: p.string().length(300),
    text: p.text(),
    html: p.text(),
    status: p.enum(OUTBOUND_EMAIL_STATUSES).default('pending'),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    transport: p.string().length(20).nullable(),
    createdAt: p.datetime().onCreate(createdAt),
    sentAt: p.datetime().nullable(),
  },
});

export type OutboundEmail = InferEntity<typeof OutboundEmail>;
