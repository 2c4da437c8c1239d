import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';

/**
 * Tokens set aside for a call that has not finished. Reservations count against the limit like usage does, so
 * concurrent calls cannot together spend past it; settling replaces a reservation with the real usage.
 */
export const CreditReservation = defineEntity({
  name: 'CreditReservation',
  tableName: 'credit_reservations',
  properties: {
    /** Chosen by the caller (e.g. `<transcriptId>:<chunk>`), so a retried reservation is not counted twice. */
    id: p.string().length(200).primary(),
    workspace: () => p.manyToOne(Workspace).deleteRule('cascade').index(),
    inputTokens: p.integer(),
    outputTokens: p.integer(),
    createdAt: p.datetime().onCreate(createdAt),
  },
});

export type CreditReservation = InferEntity<typeof CreditReservation>;
