import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { User } from '../users/user.entity.ts';
import { workspaceOfRow } from '../workspaces/workspace.entity.ts';

/** One AI call's real token use, recorded when its credit reservation is settled. */
export const TokenUsage = defineEntity({
  name: 'TokenUsage',
  tableName: 'token_usage',
  indexes: [{ name: 'token_usage_user_created_idx', properties: ['user', 'createdAt'] }, { name: 'token_usage_workspace_created_idx', properties: ['workspace', 'createdAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    workspace: () => workspaceOfRow(),
    transcriptId: p.uuid().nullable(),
    /** snake_case, e.g. `ticket_extraction`. */
    operationType: p.string().length(100),
    aiProvider: p.string().length(100),
    model: p.string().length(200).nullable(),
    inputTokens: p.integer(),
    outputTokens: p.integer(),
    createdAt: p.datetime().onCreate(createdAt),
  },
});

export type TokenUsage = InferEntity<typeof TokenUsage>;
