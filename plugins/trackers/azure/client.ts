/**
 * Requests to Azure DevOps (Services, or a Server at its own address) through the host's HTTP client: the
 * personal access token as Basic credentials with an empty user name, or, for a connection made with "Connect with
 * Azure DevOps" (oauth.ts), the Microsoft Entra access token as `Authorization: Bearer` ("Build apps with Microsoft
 * Entra ID OAuth", learn.microsoft.com/azure/devops/integrate/get-started/authentication/entra-oauth); api-version 7.1
 * on every call, and the service's answers turned into TrackerErrors in words a person can act on.
 */
import {
  errorFromResponse, TrackerError, type TrackerContext, type TrackerHttpRequest, type TrackerHttpResponse,
} from '../../sdk/index.ts';
import { SERVICES_URL, type AzureSettings } from './settings.ts';

/** Azure DevOps Services answers identity searches on its own host; a Server answers them at its address. */
const SERVICES_IDENTITIES_URL = 'https://vssps.dev.azure.com';
const API_VERSION = '7.1';

/** The body of a failed call (a VSS service exception). */
interface ServiceError {
  message?: unknown;
  typeKey?: unknown;
  customProperties?: { RuleValidationErrors?: { fieldReferenceName?: unknown; errorMessage?: unknown }[] };
}

interface Call {
  method: TrackerHttpRequest['method'];
  url: string;
  body?: unknown;
  /** Work item documents are JSON Patch. */
  patch?: boolean;
}

/** What a failed call means to the caller, when a 404 says more than the service does. */
export interface Words {
  notFound?: string;
}

export type AzureClient = ReturnType<typeof azureClient>;

const segment = encodeURIComponent;

/** The settings with the manifest's defaults, for callers that pass them unvalidated. */
function settingsOf(context: TrackerContext<AzureSettings>): AzureSettings {
  const { config, credentials } = context.settings;
  return { config: { ...config, workItemType: config.workItemType ?? 'Task', baseUrl: config.baseUrl ?? SERVICES_URL }, credentials };
}

/**
 * A refused token is answered with 401, or with 203 and the HTML sign-in page (and a redirect to it, followed by
 * the host, ends on that page too): any answer in HTML is a sign-in page, the API speaks JSON.
 */
const signInPage = (response: TrackerHttpResponse) =>
  response.status === 203 || (response.status < 300 && /text\/html/i.test(response.headers['content-type'] ?? ''));

/** Whether an answer is the API's success, not a sign-in page. */
const succeeded = (response: TrackerHttpResponse) => response.status < 300 && !signInPage(response);

/** The field errors of a rule violation (TF401320), by field reference name. */
function fieldErrors(body: ServiceError | undefined): Record<string, string> {
  const errors = Array.isArray(body?.customProperties?.RuleValidationErrors) ? body.customProperties.RuleValidationErrors : [];
  return Object.fromEntries(
    errors.filter((error) => typeof error.fieldReferenceName === 'string' && typeof error.errorMessage === 'string')
      .map((error) => [error.fieldReferenceName as string, error.errorMessage as string]),
  );
}

export function azureClient(context: TrackerContext<AzureSettings>) {
  const { config, credentials } = settingsOf(context);
  const base = config.baseUrl.replace(/\/+$/, '');
  const organizationUrl = `${base}/${segment(credentials.organization)}`;
  const projectUrl = `${organizationUrl}/${segment(config.projectIdentifier)}`;
  const identitiesUrl = base === SERVICES_URL ? `${SERVICES_IDENTITIES_URL}/${segment(credentials.organization)}` : organizationUrl;
  const bearer = 'accessToken' in credentials ? credentials.accessToken : undefined;
  const pat = 'pat' in credentials ? credentials.pat : '';
  const signedIn = !!bearer;
  const headers = {
    accept: 'application/json',
    authorization: bearer ? `Bearer ${bearer}` : `Basic ${Buffer.from(`:${pat}`).toString('base64')}`,
    // Without it an unauthenticated call is redirected to a sign-in page instead of answered.
    'x-tfs-fedauthredirect': 'Suppress',
  };
  const { signal } = context;
  const aborted = signal && new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  aborted?.catch(() => {});

  const refusedToken = (status: number) => new TrackerError(
    'auth',
    signedIn
      ? `Azure DevOps no longer accepts the Microsoft sign-in of this connection for the organization '${credentials.organization}' ` +
        '(the consent may have been removed, the account may have left the organization, or the organization may not be ' +
        'connected to that account\'s Microsoft Entra tenant): open the connection and choose "Reconnect with Azure DevOps".'
      : `Azure DevOps refused the personal access token for the organization '${credentials.organization}': check that it is ` +
        'valid, has not expired, belongs to this organization and has the Work Items (Read & write) and Project and Team (Read) scopes.',
    { status },
  );

  /** The error a failed answer stands for. */
  function failure(response: TrackerHttpResponse, words: Words = {}): TrackerError {
    if (response.status === 401 || signInPage(response)) return refusedToken(response.status);
    const body = (response.json ?? undefined) as ServiceError | undefined;
    const said = typeof body?.message === 'string' ? body.message : undefined;
    if (response.status === 404 && words.notFound) {
      return new TrackerError('not_found', said ? `${words.notFound} (${said})` : words.notFound, { status: 404 });
    }
    return errorFromResponse(response, { ...(said ? { message: said } : {}), fields: fieldErrors(body) });
  }

  /** The address a call is sent to: its URL with the API version, unless it names its own (comments: 7.1-preview.4). */
  const address = (url: string) => (/[?&]api-version=/.test(url) ? url : `${url}${url.includes('?') ? '&' : '?'}api-version=${API_VERSION}`);

  async function send(call: Call): Promise<TrackerHttpResponse> {
    signal?.throwIfAborted();
    const request: TrackerHttpRequest = {
      method: call.method,
      url: address(call.url),
      headers: call.body === undefined ? headers : { ...headers, 'content-type': call.patch ? 'application/json-patch+json' : 'application/json' },
      ...(call.body === undefined ? {} : { body: call.body }),
    };
    return aborted ? Promise.race([context.http(request), aborted]) : context.http(request);
  }

  /** The answer's JSON, or the TrackerError it stands for. */
  async function json<T>(call: Call, words?: Words): Promise<T> {
    const response = await send(call);
    if (!succeeded(response)) throw failure(response, words);
    return (response.json ?? {}) as T;
  }

  return {
    config, credentials, organizationUrl, projectUrl, identitiesUrl, send, json, failure, succeeded, address,
    /** Whether the connection was made by Microsoft sign-in (a bearer token) rather than with a personal access token. */
    signedIn,
    /** A work item's REST address, which relations point at. */
    workItemApiUrl: (id: string) => `${organizationUrl}/_apis/wit/workItems/${segment(id)}`,
    /** A work item's address in the project, where it is read and changed. */
    workItemUrl: (id: string) => `${projectUrl}/_apis/wit/workitems/${segment(id)}`,
    workItemTypeUrl: (type: string) => `${projectUrl}/_apis/wit/workitemtypes/${segment(type)}`,
  };
}
