/**
 * The webhook tracker's settings: the JSON Schemas of its configuration and credentials, and their type derived from
 * them, so a change to a schema is a change to what the plugin's code may read.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { PluginSettings } from '../../sdk/index.ts';
import { trackerConfigSchema } from '../shared/manifest.ts';

export const CONFIG_SCHEMA = trackerConfigSchema({
  projectIdentifier: {
    type: 'string', minLength: 1, title: 'project label',
    description: 'A name the receiving system knows this project by; every event carries it as data.projectIdentifier.',
  },
});

export const CREDENTIALS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    url: {
      type: 'string', format: 'uri', pattern: '^https?://', title: 'URL',
      description: 'Where each event is POSTed, e.g. https://hooks.example.com/tickscribe. Use https: the events carry the tickets.',
    },
    secret: {
      type: 'string', pattern: '^whsec_[A-Za-z0-9+/]{32,}={0,2}$', title: 'signing secret',
      description: 'The Standard Webhooks secret the receiver verifies signatures with: whsec_ followed by 24 to 64 random bytes in base64 (e.g. whsec_ and the output of `openssl rand -base64 32`). Without one, deliveries are sent unsigned and receivers cannot tell them from forgeries.',
    },
  },
} as const;

export type WebhookConfig = FromSchema<typeof CONFIG_SCHEMA>;
export type WebhookCredentials = FromSchema<typeof CREDENTIALS_SCHEMA>;
export type WebhookSettings = PluginSettings<WebhookConfig, WebhookCredentials>;
