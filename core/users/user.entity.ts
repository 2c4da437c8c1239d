import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    email: p.string().length(320).unique(),
    fullName: p.string().length(200).default(''),
    /** Memory-hard hash of the password; never serialised. */
    passwordHash: p.text().nullable().hidden().lazy(),
    emailVerifiedAt: p.datetime().nullable(),
    /** Transcripts this user has had processed, in every workspace. */
    transcriptsProcessed: p.integer().default(0),
    createdAt: p.datetime().onCreate(createdAt),
    updatedAt: p.datetime().onCreate(createdAt).onUpdate(() => new Date()),
  },
});

export type User = InferEntity<typeof User>;
