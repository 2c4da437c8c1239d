import type { ConnectionType } from './connectionsApi.ts';

/**
 * GET /api/connections/types as a server with tests/fixtures/plugins/kanban-tracker.js answers it, without the
 * plugins' long descriptions and the fields the form's tests do not use: they build on it, and
 * tests/integration/connections-types.test.ts checks that the server answers each field as it is here.
 */
export const FIXTURE_TYPES: ConnectionType[] = [
  {
    id: 'github',
    name: 'GitHub',
    credentials: [{ name: 'token', title: 'token', required: true, secret: true }],
    settings: [
      { name: 'projectIdentifier', title: 'repository', description: 'The repository the issues go to, as owner/repo (e.g. acme/web).', type: 'string', required: true },
      { name: 'baseUrl', title: 'GitHub Enterprise Server API URL', type: 'uri', required: false },
    ],
  },
  {
    id: 'jira',
    name: 'Jira',
    credentials: [
      { name: 'url', title: 'Jira site URL', format: 'uri', required: true, secret: false },
      { name: 'username', title: 'Atlassian account e-mail', format: 'email', required: true, secret: false },
      { name: 'apiToken', title: 'API token', required: true, secret: true },
    ],
    settings: [
      { name: 'projectIdentifier', title: 'project key', type: 'string', required: true },
      { name: 'includePriority', title: 'Include Priority Field', type: 'boolean', default: true, required: false },
    ],
  },
  {
    id: 'azure',
    name: 'Azure DevOps',
    credentials: [
      { name: 'organization', title: 'organization', required: true, secret: false },
      { name: 'pat', title: 'PAT', required: true, secret: true },
    ],
    settings: [
      { name: 'projectIdentifier', title: 'project', type: 'string', required: true },
      { name: 'workItemType', title: 'work item type', type: 'enum', enum: ['Task', 'Bug', 'User Story', 'Issue'], default: 'Task', required: false },
      { name: 'baseUrl', title: 'Azure DevOps Server URL', type: 'uri', default: 'https://dev.azure.com', required: false },
    ],
  },
  {
    id: 'miro',
    name: 'Miro',
    credentials: [{ name: 'accessToken', title: 'access token', required: true, secret: true }],
    settings: [{ name: 'projectIdentifier', title: 'board ID', type: 'string', required: true }],
  },
  {
    id: 'webhook',
    name: 'Webhook',
    credentials: [
      { name: 'url', title: 'URL', format: 'uri', required: true, secret: false },
      { name: 'secret', title: 'signing secret', required: false, secret: true },
    ],
    settings: [{ name: 'projectIdentifier', title: 'project label', type: 'string', required: true }],
  },
  {
    id: 'kanban',
    name: 'Kanban',
    credentials: [
      { name: 'url', title: 'Site URL', format: 'uri', required: true, secret: false },
      { name: 'username', title: 'username', required: false, secret: false },
      { name: 'apiToken', title: 'API token', required: true, secret: true },
    ],
    settings: [
      { name: 'projectIdentifier', title: 'project identifier', type: 'string', required: true },
      { name: 'includePriority', title: 'include priority', type: 'boolean', default: true, required: false },
      { name: 'lane', title: 'Lane', type: 'string', required: false },
    ],
  },
  {
    id: 'relay',
    name: 'Relay',
    credentials: [{ name: 'token', title: 'token', required: true, secret: true }],
    settings: [
      { name: 'projectIdentifier', title: 'project identifier', type: 'string', required: true },
      { name: 'baseUrl', title: 'Server URL', type: 'uri', required: true },
    ],
  },
];

/** One of the fixture's types, by its id. */
export const fixtureType = (id: string): ConnectionType | undefined => FIXTURE_TYPES.find((type) => type.id === id);
