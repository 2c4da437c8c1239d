import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';

export const RESET_REASONS = ['monthly', 'renewal', 'manual', 'plan-change'] as const;
export type ResetReason = (typeof RESET_REASONS)[number];

/**
 * A reset of the monthly token credits: usage from `at` on counts toward the new period. Each reset has a key
 * that makes it happen once (`monthly:<workspaceId>:<date>`, `invoice:<invoiceId>`, `manual:<uuid>`,
 * `ended:<subscriptionId>`), so a retried activity or a redelivered payment event cannot reset twice.
 */
export const CreditReset = defineEntity({
  name: 'CreditReset',
  tableName: 'credit_resets',
  indexes: [{ name: 'credit_resets_workspace_at_idx', properties: ['workspace', 'at'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    workspace: () => p.manyToOne(Workspace).deleteRule('cascade'),
    key: p.string().length(200).unique(),
    reason: p.enum(RESET_REASONS),
    at: p.datetime(),
    /** The credits were used up when the reset came, so it let the workspace process transcripts again. */
    unblocked: p.boolean().default(false),
    createdAt: p.datetime().onCreate(createdAt),
  },
});

export type CreditReset = InferEntity<typeof CreditReset>;
