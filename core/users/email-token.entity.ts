import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { User } from './user.entity.ts';

const EMAIL_TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** A single-use token sent by e-mail (verification or password reset), stored as its SHA-256 only. */
export const EmailToken = defineEntity({
  name: 'EmailToken',
  tableName: 'email_tokens',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    purpose: p.enum(EMAIL_TOKEN_PURPOSES),
    tokenHash: p.string().length(64).unique().hidden(),
    createdAt: p.datetime().onCreate(createdAt),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});

export type EmailToken = InferEntity<typeof EmailToken>;
