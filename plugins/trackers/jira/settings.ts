/**
 * The jira tracker's settings: the JSON Schemas of its configuration and credentials, and their type derived from
 * them, so a change to a schema is a change to what the plugin's code may read.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { PluginSettings } from '../../sdk/index.ts';
import { trackerConfigSchema } from '../shared/manifest.ts';

export const CONFIG_SCHEMA = trackerConfigSchema({
  projectIdentifier: {
    type: 'string',
    title: 'project key',
    pattern: '^[A-Za-z][A-Za-z0-9_]+$',
    description: 'The key of the Jira project the issues go to, e.g. PROJ (the letters before the number in PROJ-123).',
  },
  includePriority: {
    type: 'boolean',
    title: 'Include Priority Field',
    default: true,
    description: "Send each ticket's priority. Turn this off when Jira answers that the Priority field is not on the project's create screen.",
  },
});

export const CREDENTIALS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'username', 'apiToken'],
  properties: {
    url: {
      type: 'string',
      title: 'Jira site URL',
      format: 'uri',
      pattern: '^https?://',
      description: 'The address of your Jira site, e.g. https://your-team.atlassian.net.',
    },
    username: {
      type: 'string',
      title: 'Atlassian account e-mail',
      format: 'email',
      description: 'The e-mail address of the Atlassian account the issues are created as.',
    },
    apiToken: {
      type: 'string',
      minLength: 1,
      title: 'API token',
      description: 'An API token of that account, made at id.atlassian.com under Security, API tokens.',
    },
  },
} as const;

/**
 * The credentials of a connection made with "Connect with Jira" (oauth.ts): the site, the 3LO token and the site's
 * gateway address (https://api.atlassian.com/ex/jira/{cloudId}, where a 3LO token works).
 */
export const SIGNED_IN_CREDENTIALS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'accessToken', 'cloudId', 'apiUrl'],
  properties: {
    url: { type: 'string', title: 'Jira site URL', format: 'uri', pattern: '^https?://' },
    username: { type: 'string', title: 'Atlassian account e-mail' },
    accessToken: { type: 'string', minLength: 1 },
    cloudId: { type: 'string', minLength: 1 },
    apiUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
  },
} as const;

export type JiraConfig = FromSchema<typeof CONFIG_SCHEMA>;
export type JiraCredentials = FromSchema<typeof CREDENTIALS_SCHEMA>;
export type JiraSignedInCredentials = FromSchema<typeof SIGNED_IN_CREDENTIALS_SCHEMA>;
/** Typed in the form, or given by the sign-in. */
export type JiraSettings = PluginSettings<JiraConfig, JiraCredentials | JiraSignedInCredentials>;
