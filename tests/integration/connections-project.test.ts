// Which connection serves a Tickscribe project: GET /api/connections/project/{project} and the core function the
// push workflow uses, matching the project identifier, the project mappings or the name, ignoring case.
import { beforeAll, describe, expect, it } from 'vitest';
import { Connections, findConnectionForProject } from '../../core/connections/connections.ts';
import { loadCredentialsKey } from '../../core/connections/credentials.ts';
import { NotFound } from '../../core/errors.ts';
import { loadPluginHost } from '../../server/plugins.ts';
import { signUpVerified } from '../support/accounts.ts';
import { CONNECTION_ENV, kanbanConnection, useConnectionApp, type Json } from './connections-support.ts';

const context = useConnectionApp();
const { t, server, token, api } = context;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const save = async (label: string, changes: Json) => {
    const answer = await api('POST', '/api/connections', kanbanConnection(server, token, changes));
    expect(answer.status).toBe(201);
    ids[label] = String((answer.body['connection'] as Json)['id']);
  };
  await save('web', { name: 'Website', project_identifier: 'WEB', settings: { projectMappings: ['Landing Page', 'Docs'] } });
  await save('mobile', { name: 'Mobile App', project_identifier: 'APP' });
  // Newer, and named like the first one's identifier: the identifier still wins.
  await save('named', { name: 'web', project_identifier: 'OTHER', settings: { projectMappings: ['Mobile App'] } });
});

const lookup = async (project: string) => {
  const answer = await api('GET', `/api/connections/project/${encodeURIComponent(project)}`);
  expect(answer.status).toBe(200);
  return answer.body as { exists: boolean; connection: Json | null };
};

describe('GET /api/connections/project/{project}', () => {
  it.each([
    ['WEB', 'web'], ['web', 'web'], ['  Web  ', 'web'],
    ['landing page', 'web'], ['DOCS', 'web'],
    ['app', 'mobile'], ['OTHER', 'named'],
  ])('finds %j on connection %s', async (project, label) => {
    const found = await lookup(project);
    expect(found.exists).toBe(true);
    expect(found.connection).toMatchObject({ id: ids[label], credentials: { apiToken: true } });
    expect(JSON.stringify(found)).not.toContain(token);
  });

  it('prefers the project mappings to a name', async () => {
    // "Mobile App" is the second connection's name and a mapping of the third.
    expect((await lookup('mobile app')).connection).toMatchObject({ id: ids['named'] });
  });

  it('answers exists: false for a project no connection serves, or a blank one', async () => {
    for (const project of ['Marketing', 'WE', ' ', 'deliveries']) expect(await lookup(project)).toEqual({ exists: false, connection: null });
  });

  it('sees a mapping added by an update at once', async () => {
    expect((await lookup('Marketing')).exists).toBe(false);
    const answer = await api('PUT', `/api/connections/${ids['mobile']}`, { settings: { projectMappings: ['Marketing'] } });
    expect(answer.status).toBe(200);
    expect((await lookup('marketing ')).connection).toMatchObject({ id: ids['mobile'], settings: { projectMappings: ['Marketing'] } });
  });
});

describe('what the push workflow uses', () => {
  it('finds the same connection for the push workflow, and only the user’s own', async () => {
    const em = t.app.orm.em.fork();
    expect((await findConnectionForProject(em, { workspace: context.workspaceId }, ' docs '))?.id).toBe(ids['web']);
    expect(await findConnectionForProject(em, { workspace: context.workspaceId }, 'nothing')).toBeNull();
    const other = await signUpVerified(t.base, t.db);
    expect(await findConnectionForProject(em, { workspace: other.workspaceId }, 'WEB')).toBeNull();
  });

  it('opens the user’s connection as a tracker whose requests go into its delivery log', async () => {
    const connections = new Connections({
      plugins: await loadPluginHost({ specs: [CONNECTION_ENV.PLUGINS] }),
      credentialsKey: await loadCredentialsKey(t.app.config),
      outbound: { allowlist: CONNECTION_ENV.OUTBOUND_ALLOWLIST, timeoutMs: 5_000 },
    });
    const em = t.app.orm.em.fork();
    const { connection, tracker } = await connections.openTracker(em, { workspace: context.workspaceId }, ids['web']!);
    expect(connection.projectIdentifier).toBe('WEB');
    expect(await tracker.resolveUser('ada')).toEqual({ id: 'u-1', name: 'Ada Lovelace' });
    expect(await tracker.resolveUser('nobody')).toBeNull();
    const { body } = await api('GET', `/api/connections/${ids['web']}/deliveries`);
    expect((body['deliveries'] as Json[]).slice(0, 2)).toMatchObject([
      { url: `${server.url}/api/users/nobody`, status: 404, purpose: 'resolveUser' },
      { url: `${server.url}/api/users/ada`, status: 200, purpose: 'resolveUser' },
    ]);
    const other = await signUpVerified(t.base, t.db);
    await expect(connections.openTracker(em, { workspace: other.workspaceId }, ids['web']!)).rejects.toThrow(NotFound);
  });
});
