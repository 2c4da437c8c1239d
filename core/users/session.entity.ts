import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { User } from './user.entity.ts';

/** A signed-in session. Only the SHA-256 of its token is stored, so a database leak reveals no usable token. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique().hidden(),
    createdAt: p.datetime().onCreate(createdAt),
    lastUsedAt: p.datetime().onCreate(createdAt),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    userAgent: p.string().length(300).nullable(),
  },
});

export type Session = InferEntity<typeof Session>;
