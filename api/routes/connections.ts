import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connections } from '../../core/connections/connections.ts';
import { Refused } from '../../core/errors.ts';
import { addProjectMappings } from '../../core/push/requests.ts';
import { roleRefusal } from '../../core/workspaces/roles.ts';
import type {
  ConnectionDeliveries, ConnectionList, ConnectionProjectsRequest, ConnectionProjectsResponse, ConnectionRequest, ConnectionSaved, ConnectionTypes, ConnectionVerifyResponse,
  ConnectionWebhookSecret, OAuthCompleteRequest,
  OAuthStartRequest, OAuthStartResponse, ProjectConnectionCheck, UserSearchRequest, UserSearchResponse,
} from '../../schemas/types.ts';
import type { ApiRegistry } from '../routing.ts';

const schema = (name: string) => `api/connections/${name}.schema.json`;

const SAVE_ERRORS =
  "'Please fill out all required fields'; an unknown connection type (the message names the available ones); missing or invalid " +
  'credentials or settings; a URL Tickscribe does not send requests to (a private or loopback address).';

export function connectionRoutes(api: ApiRegistry, deps: { em: () => EntityManager; connections: () => Connections }): void {
  const { em, connections } = deps;

  api.route<undefined, undefined, ConnectionList>({
    method: 'get', path: '/api/connections', operationId: 'listConnections', tag: 'connections', auth: 'session', role: 'member',
    summary: "The signed-in user's connections, newest first; credentials only as which fields are set.",
    responses: { 200: { description: 'The connections.', schema: schema('list.response') } },
    handler: (ctx, { scope }) => connections().list(em(), scope),
  });

  api.route<undefined, undefined, ConnectionTypes>({
    method: 'get', path: '/api/connections/types', operationId: 'listConnectionTypes', tag: 'connections', auth: 'session', role: 'member',
    summary:
      'The connection types this server offers (its tracker plugins, built-in and third-party) with the credential and setting fields ' +
      'each needs, read from the plugin’s schemas: enough to build the form for any of them.',
    responses: { 200: { description: 'The types, in load order.', schema: schema('types.response') } },
    handler: () => connections().types(),
  });

  api.route<undefined, undefined, ProjectConnectionCheck>({
    method: 'get', path: '/api/connections/project/{project}', operationId: 'connectionForProject', tag: 'connections', auth: 'session', role: 'member',
    summary: "The user's connection for a Tickscribe project: by project identifier, project mappings or name, ignoring case.",
    responses: { 200: { description: 'Whether one exists, and which.', schema: schema('project.response') } },
    handler: (ctx, { params, scope }) => connections().forProject(em(), scope, params['project'] ?? ''),
  });

  api.route<UserSearchRequest, undefined, UserSearchResponse>({
    method: 'post', path: '/api/connections/users/search', operationId: 'searchTrackerUsers', tag: 'connections', auth: 'session', role: 'member',
    summary:
      'The people the tracker can assign whose name, login or e-mail matches the query (at most 20), for the user mapping: of a saved ' +
      "connection (any member), or of the connection form before it is saved (an admin; blank credential fields take the saved connection's). Nothing is saved.",
    body: schema('user-search.request'),
    responses: {
      200: { description: 'The people found; or, in words, that the tracker plugin offers no search or what the tracker answered.', schema: schema('user-search.response') },
      400: { description: `A query over 100 characters, or the form's fields as saving would refuse them: ${SAVE_ERRORS}` },
      404: { description: 'The connection named is not one of yours.' },
    },
    handler: (ctx, { body, scope }) => {
      // A member may search the people of a saved connection (the push wizard's user mapping); the connection
      // form's fields, credentials among them, are an admin's.
      const formFields = Object.keys(body).filter((field) => field !== 'query' && field !== 'connection_id');
      const refusal = formFields.length ? roleRefusal('admin', scope.role) : undefined;
      if (refusal) throw new Refused(refusal);
      return connections().searchUsers(em(), scope, body);
    },
  });

  api.route<ConnectionRequest, undefined, ConnectionSaved>({
    method: 'post', path: '/api/connections', operationId: 'createConnection', tag: 'connections', auth: 'session', role: 'admin',
    summary: 'Create a connection; it is saved once its fields are valid, then checked with the tracker.',
    body: schema('connection.request'),
    responses: { 201: { description: 'Saved, with the outcome of the check.', schema: schema('saved.response') }, 400: { description: SAVE_ERRORS } },
    handler: (ctx, { body, scope }) => connections().create(em(), scope, body),
  });

  api.route<ConnectionProjectsRequest, undefined, ConnectionProjectsResponse>({
    method: 'post', path: '/api/connections/{id}/projects', operationId: 'addConnectionProjects', tag: 'connections', auth: 'session', role: 'member',
    summary: "Add Tickscribe projects to a connection's project mappings, as the push wizard does when a member chooses it for a project; nothing else of the connection changes.",
    body: schema('projects.request'),
    responses: {
      200: { description: 'The project mappings after the addition.', schema: schema('projects.response') },
      400: { description: 'No project named, or more projects than a connection serves.' },
    },
    handler: async (ctx, { body, params, scope }) => ({ projectMappings: await addProjectMappings(em(), scope, params['id']!, body.projects) }),
  });

  api.route<ConnectionRequest, undefined, ConnectionSaved>({
    method: 'put', path: '/api/connections/{id}', operationId: 'updateConnection', tag: 'connections', auth: 'session', role: 'admin',
    summary: 'Change a connection (fields left out and credential fields left empty keep their values), then check it with the tracker.',
    body: schema('connection.request'),
    responses: { 200: { description: 'Saved, with the outcome of the check.', schema: schema('saved.response') }, 400: { description: SAVE_ERRORS } },
    handler: (ctx, { body, params, scope }) => connections().update(em(), scope, params['id']!, body),
  });

  api.route<undefined, undefined, { notice: string } | undefined>({
    method: 'delete', path: '/api/connections/{id}', operationId: 'deleteConnection', tag: 'connections', auth: 'session', role: 'admin',
    summary:
      'Delete a connection and its delivery log. One made with "Connect with …" has its access revoked at the vendor first where the ' +
      'vendor offers that (GitHub, Miro); a revocation that fails does not stop the deletion.',
    responses: {
      204: { description: 'Deleted.' },
      200: { description: 'Deleted, but the vendor could not be told to revoke the access: `notice` says so in words.', schema: schema('deleted.response') },
    },
    async handler(ctx, { params, scope }) {
      const { notice } = await connections().remove(em(), scope, params['id']!);
      ctx.status = notice ? 200 : 204;
      return notice ? { notice } : undefined;
    },
  });

  api.route<OAuthStartRequest, undefined, OAuthStartResponse>({
    method: 'post', path: '/api/connections/oauth/{type}/start', operationId: 'startConnectionOAuth', tag: 'connections', auth: 'session', role: 'admin',
    summary:
      '"Connect with …": keeps a single-use sign-in (ten minutes) for a new connection (what the form holds) or a saved one to ' +
      "reconnect, and answers the vendor's authorize URL to send the browser to. The vendor returns it to APP_URL/connections/oauth/callback.",
    body: schema('oauth-start.request'),
    responses: {
      200: { description: 'The authorize URL.', schema: schema('oauth-start.response') },
      400: { description: "The type does not offer it or the operator did not configure its app; 'Please fill out all required fields'." },
      404: { description: 'The connection to reconnect is not the user\'s.' },
    },
    handler: (_ctx, { body, params, scope }) => connections().startOAuth(em(), scope, params['type'] ?? '', body),
  });

  api.route<OAuthCompleteRequest, undefined, ConnectionSaved>({
    method: 'post', path: '/api/connections/oauth/complete', operationId: 'completeConnectionOAuth', tag: 'connections', auth: 'session', role: 'admin',
    summary:
      'Completes "Connect with …" with what the vendor sent the browser back with: the state must be this user\'s, unused and under ten ' +
      'minutes old; the code is exchanged for tokens (sealed like credentials), the connection created or its tokens replaced, then verified.',
    body: schema('oauth-complete.request'),
    responses: {
      200: { description: 'Saved, with the outcome of the check.', schema: schema('saved.response') },
      400: { description: 'Access not granted, a state expired, used or another user\'s, or the vendor refused the code: each in words; nothing saved changes.' },
    },
    handler: (_ctx, { body, scope }) => connections().completeOAuth(em(), scope, body),
  });

  api.route<undefined, undefined, ConnectionVerifyResponse>({
    method: 'post', path: '/api/connections/{id}/verify', operationId: 'verifyConnection', tag: 'connections', auth: 'session', role: 'member',
    summary: 'Check the saved credentials and target with the tracker again; the outcome is kept as lastVerification.',
    responses: {
      200: { description: 'The outcome, ok or not, in words.', schema: schema('verify.response') },
      400: { description: 'The saved credentials can no longer be read, or the tracker plugin is no longer loaded.' },
    },
    handler: (ctx, { params, scope }) => connections().verify(em(), scope, params['id']!),
  });

  api.route<undefined, undefined, ConnectionWebhookSecret>({
    method: 'post', path: '/api/connections/{id}/webhook-secret', operationId: 'makeConnectionWebhookSecret', tag: 'connections', auth: 'session', role: 'admin',
    summary:
      "Makes the connection a new webhook secret and answers it this once, with the address to register it at in the tracker and what to register, so " +
      'its tickets follow their items as soon as they change; the secret made before stops verifying deliveries.',
    responses: {
      201: { description: 'The secret, the address and the steps, in words.', schema: schema('webhook-secret.response') },
      400: { description: 'The connection\'s tracker sends no webhooks Tickscribe can read.' },
    },
    handler: (ctx, { params, scope }) => connections().makeWebhookSecret(em(), scope, params['id']!),
  });

  api.route<undefined, undefined, ConnectionDeliveries>({
    method: 'get', path: '/api/connections/{id}/deliveries', operationId: 'connectionDeliveries', tag: 'connections', auth: 'session', role: 'member',
    summary: "The newest requests the connection's tracker plugin made (method, URL without query, status or error, duration).",
    responses: { 200: { description: 'Newest first.', schema: schema('deliveries.response') } },
    handler: (ctx, { params, scope }) => connections().deliveries(em(), scope, params['id']!),
  });
}
