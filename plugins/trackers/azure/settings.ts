/**
 * The azure tracker's settings: the JSON Schemas of its configuration and credentials, and their type derived from
 * them, so a change to a schema is a change to what the plugin's code may read.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { PluginSettings } from '../../sdk/index.ts';
import { trackerConfigSchema } from '../shared/manifest.ts';

export const WORK_ITEM_TYPES = ['Task', 'Bug', 'User Story', 'Issue'] as const;
export type WorkItemType = (typeof WORK_ITEM_TYPES)[number];

export const SERVICES_URL = 'https://dev.azure.com';

export const CONFIG_SCHEMA = trackerConfigSchema({
  projectIdentifier: {
    type: 'string', minLength: 1, title: 'project',
    description: 'The Azure DevOps project name, as in https://dev.azure.com/<organization>/<project>.',
  },
  workItemType: {
    type: 'string', enum: WORK_ITEM_TYPES, default: 'Task', title: 'work item type',
    description: 'The type of the work items created; the project\'s process must have it (Basic has Issue and Task, Agile User Story and Bug).',
  },
  baseUrl: {
    type: 'string', format: 'uri', pattern: '^https?://', default: SERVICES_URL, title: 'Azure DevOps Server URL',
    description: 'Only for Azure DevOps Server, e.g. https://devops.example.com/tfs; Azure DevOps Services is https://dev.azure.com.',
  },
});

export const CREDENTIALS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['organization', 'pat'],
  properties: {
    organization: {
      type: 'string', minLength: 1, pattern: '^[^/?#\\s]+$', title: 'organization',
      description: 'The organization name, as in https://dev.azure.com/<organization> (on Azure DevOps Server: the collection, e.g. DefaultCollection).',
    },
    pat: {
      type: 'string', minLength: 1, title: 'PAT',
      description: 'A personal access token of this organization with the scopes Work Items (Read & write) and Project and Team (Read), and Identity (Read) to assign work items.',
    },
  },
} as const;

/**
 * The credentials of a connection made with "Connect with Azure DevOps" (oauth.ts): the organization typed in the form
 * and the Microsoft Entra access token, instead of a personal access token.
 */
export const SIGNED_IN_CREDENTIALS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['organization', 'accessToken'],
  properties: {
    organization: CREDENTIALS_SCHEMA.properties.organization,
    accessToken: { type: 'string', minLength: 1 },
  },
} as const;

export type AzureConfig = FromSchema<typeof CONFIG_SCHEMA>;
export type AzureCredentials = FromSchema<typeof CREDENTIALS_SCHEMA>;
export type AzureSignedInCredentials = FromSchema<typeof SIGNED_IN_CREDENTIALS_SCHEMA>;
export type AzureSettings = PluginSettings<AzureConfig, AzureCredentials | AzureSignedInCredentials>;
