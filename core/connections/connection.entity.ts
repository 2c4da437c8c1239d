import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import type { ConnectionVerification } from '../../schemas/types.ts';
import { User } from '../users/user.entity.ts';
import { workspaceOfRow } from '../workspaces/workspace.entity.ts';

/**
 * What a connection keeps besides its credentials: the extra project names it serves, the participant names
 * mapped to tracker usernames, and the tracker plugin's own settings (includePriority, workItemType, baseUrl…).
 */
export interface ConnectionSettings {
  projectMappings: string[];
  userMappings: Record<string, string>;
  [setting: string]: unknown;
}

/** A user's link to a tracker: which plugin (`connectionType`), where it pushes, and how to sign in to it. */
export const Connection = defineEntity({
  name: 'Connection',
  tableName: 'connections',
  indexes: [{ name: 'connections_user_created_idx', properties: ['user', 'createdAt'] }, { name: 'connections_workspace_created_idx', properties: ['workspace', 'createdAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    workspace: () => workspaceOfRow(),
    name: p.string().length(200),
    projectIdentifier: p.string().length(200),
    /** The id of the tracker plugin; any loaded tracker, built-in or third-party. */
    connectionType: p.string().length(64),
    /** Sealed by CredentialsCipher (credentials.ts); never the clear value. */
    credentials: p.text().hidden(),
    /**
     * The vendor's OAuth grant (access and refresh tokens, expiry) when the connection was made with "Connect with …",
     * sealed by CredentialsCipher like `credentials`; null for a connection with typed-in credentials.
     */
    oauth: p.text().nullable().hidden(),
    /**
     * The secret the tracker signs its webhook deliveries with, made when the owner asks for the webhook's address and
     * sealed by CredentialsCipher like `credentials` (under its own associated data); null until then.
     */
    webhookSecret: p.text().nullable().hidden(),
    settings: p.json<ConnectionSettings>(),
    /** The outcome of the last check with the tracker, in words for the user. */
    lastVerification: p.json<ConnectionVerification>().nullable(),
    createdAt: p.datetime().onCreate(createdAt),
    updatedAt: p.datetime().onCreate(createdAt).onUpdate(() => new Date()),
  },
});

export type Connection = InferEntity<typeof Connection>;
