/**
 * The github tracker's settings: the JSON Schemas of its configuration and credentials, and their type derived from
 * them, so a change to a schema is a change to what the plugin's code may read.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { PluginSettings } from '../../sdk/index.ts';
import { trackerConfigSchema } from '../shared/manifest.ts';

export const CONFIG_SCHEMA = trackerConfigSchema({
  projectIdentifier: {
    type: 'string',
    title: 'repository',
    pattern: '^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?/[A-Za-z0-9._-]+$',
    description: 'The repository the issues go to, as owner/repo (e.g. acme/web).',
  },
  baseUrl: {
    type: 'string',
    title: 'GitHub Enterprise Server API URL',
    format: 'uri',
    pattern: '^https?://',
    description: 'Only for GitHub Enterprise Server: its REST API address, e.g. https://ghe.example.com/api/v3. Leave empty for github.com.',
  },
});

export const CREDENTIALS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: {
    token: {
      type: 'string',
      title: 'token',
      minLength: 1,
      description: 'A personal access token with write access to the repository\'s issues (fine-grained: Issues read and write; classic: repo scope).',
    },
  },
} as const;

export type GitHubConfig = FromSchema<typeof CONFIG_SCHEMA>;
export type GitHubCredentials = FromSchema<typeof CREDENTIALS_SCHEMA>;
export type GitHubSettings = PluginSettings<GitHubConfig, GitHubCredentials>;
