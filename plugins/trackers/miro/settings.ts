/**
 * The miro tracker's settings: the JSON Schemas of its configuration and credentials, and their type derived from
 * them, so a change to a schema is a change to what the plugin's code may read.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { PluginSettings } from '../../sdk/index.ts';
import { trackerConfigSchema } from '../shared/manifest.ts';

export const CONFIG_SCHEMA = trackerConfigSchema({
  projectIdentifier: {
    type: 'string', minLength: 1, pattern: '^[^/?#\\s]+$', title: 'board ID',
    description: 'The board\'s ID, from its address: https://miro.com/app/board/<board ID>/ (e.g. uXjVOabc123=).',
  },
  baseUrl: {
    type: 'string', format: 'uri', pattern: '^https?://', title: 'Miro API URL',
    description: 'Only to reach Miro through a proxy or a local stand-in: the REST API address. Leave empty for https://api.miro.com.',
  },
});

export const CREDENTIALS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['accessToken'],
  properties: {
    accessToken: {
      type: 'string', minLength: 1, title: 'access token',
      description: 'An access token of a Miro app installed in the board\'s team, with the boards:read and boards:write scopes. '
        + 'Use an app whose tokens do not expire: a token of an app with "expire user authorization token" on lasts one hour '
        + '("Connect with Miro", where this server offers it, renews such tokens itself).',
    },
  },
} as const;

export type MiroConfig = FromSchema<typeof CONFIG_SCHEMA>;
export type MiroCredentials = FromSchema<typeof CREDENTIALS_SCHEMA>;
export type MiroSettings = PluginSettings<MiroConfig, MiroCredentials>;
