import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Connection } from '../connections/connection.entity.ts';
import { User } from '../users/user.entity.ts';

/**
 * A "Connect with …" sign-in under way: single use, bound to the user who started it, ten minutes long. Only the
 * SHA-256 of the state sent to the vendor is kept. Written and taken by states.ts.
 */
export const OAuthState = defineEntity({
  name: 'OAuthState',
  tableName: 'oauth_states',
  indexes: [{ name: 'oauth_states_expires_at_idx', properties: ['expiresAt'] }],
  properties: {
    stateHash: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    connectionType: p.string().length(64),
    codeVerifier: p.string().length(128).nullable(),
    connection: () => p.manyToOne(Connection).nullable().deleteRule('cascade'),
    /** What the connection form held, or what is kept of the connection being reconnected. */
    form: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
  },
});

export type OAuthState = InferEntity<typeof OAuthState>;
