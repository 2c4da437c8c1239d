// The server's message for a connection saved without its credentials, for each built-in tracker: word for word
// what the product spec lists ("GitHub token is required", "JIRA URL and API token are required", ...).
import { describe, expect, it } from 'vitest';
import { useConnectionApp, type Json } from './connections-support.ts';

const { api } = useConnectionApp();

const connection = (type: string, credentials: Json): Json => ({
  name: `A ${type} connection`, project_identifier: 'acme/web', connection_type: type,
  credentials: { [type]: credentials }, settings: { projectMappings: ['Website'], userMappings: {} },
});

describe('credentials missing on create', () => {
  it.each([
    ['github', {}, 'GitHub token is required'],
    ['github', { token: '  ' }, 'GitHub token is required'],
    ['jira', {}, 'JIRA URL and API token are required'],
    ['jira', { url: 'https://acme.atlassian.net', username: 'ada@acme.test' }, 'JIRA URL and API token are required'],
    ['jira', { username: 'ada@acme.test', apiToken: 'token' }, 'JIRA URL and API token are required'],
    ['miro', {}, 'Miro access token is required'],
    ['azure', {}, 'Azure DevOps organization and PAT are required'],
    ['azure', { organization: 'fabrikam' }, 'Azure DevOps organization and PAT are required'],
    ['webhook', {}, 'Webhook URL is required'],
  ])('%s with %o: the spec message', async (type, credentials, message) => {
    expect(await api('POST', '/api/connections', connection(type, credentials))).toMatchObject({ status: 400, body: { error: message } });
  });
});
