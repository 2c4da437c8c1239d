/**
 * A stateful stand-in of Azure DevOps for the azure tracker's tests: the routes of a vendor fake (every request and
 * answer checked against Azure DevOps' OpenAPI subset) holding the organization fabrikam's project
 * Fabrikam-Fiber-Git, its work item types and their fields, an identity directory, and the work items made, with
 * their tags, states and relations. Answers start from Microsoft's own examples.
 *
 * Like a project with a Web Hooks service hook on "Work item updated", it can deliver `workitem.updated` events: a test
 * changes a work item's state "as a user in Azure DevOps" (changeStateAsUser) and, when a webhook is set
 * (`webhook`), the delivery is posted to its URL with the subscription's Basic authentication (see `deliver`).
 */
import { randomUUID } from 'node:crypto';
import { parseWiql, WiqlError, wiqlMatches } from './azure-wiql.ts';
import { exampleOf, startVendorFake, type VendorReply, type VendorRequest, type VendorRoutes } from '../support/vendor-fake.ts';
import { requiringLiveTokens, type OAuthFake } from './oauth-fake.ts';
import { basic, requiringCredentials, type StandIn, type StandInOptions } from './stand-in.ts';

type Json = Record<string, unknown>;

export const CREATE = 'POST /{organization}/{project}/_apis/wit/workitems/${type}';
const ITEM = '/{organization}/{project}/_apis/wit/workitems/{id}';
export const ORGANIZATION = 'fabrikam';
export const PROJECT = 'Fabrikam-Fiber-Git';
export const TEAM_ID = '66df9be7-3586-467b-9c5f-425b29afedfd';
/**
 * The contract's operations name only the vendor's oauth2 scheme, not its own document-level accessToken scheme (a
 * PAT as Basic credentials), which is how Azure DevOps takes a personal access token: that finding is the contract's.
 */
export const PAT_AS_BASIC = /: credentials not sent as the contract's security requires \(Authorization: Basic\)$/;

/** The vendor's example lists a Bug's fields; the test-case fields (Repro Steps, System Info) are a Bug's own. */
const BUG_FIELDS = exampleOf('azure-devops', 'GET /{organization}/{project}/_apis/wit/workitemtypes/{type}/fields', 200).value as { referenceName: string }[];
const fieldsOf = (type: string) => (type === 'Bug' ? BUG_FIELDS : BUG_FIELDS.filter((field) => !field.referenceName.startsWith('Microsoft.VSTS.TCM.')));
/** Each type's date field, as the Agile and Basic processes have them; Task has none. */
const DATE_FIELD: Record<string, string> = { Issue: 'Microsoft.VSTS.Scheduling.DueDate', 'User Story': 'Microsoft.VSTS.Scheduling.TargetDate' };

/** A VSS service exception, as Azure DevOps answers a failed call. */
export const azureError = (status: number, message: string, typeKey = 'VssServiceException', extra: Json = {}): VendorReply => ({
  status, body: { $id: '1', innerException: null, message, typeName: `Microsoft.VisualStudio.Services.Common.${typeKey}`, typeKey, errorCode: 0, eventId: 3000, ...extra },
});

const identity = (name: string, mail: string, n: number) => ({
  id: `81fa6389-0872-6fdd-a451-7ba7880f566${n}`, descriptor: `Microsoft.IdentityModel.Claims.ClaimsIdentity;7a394543\\${mail}`, subjectDescriptor: `aad.${mail}`,
  providerDisplayName: name, isActive: true, members: [], memberOf: [], memberIds: [], resourceVersion: 2, metaTypeId: 0,
  properties: { SchemaClassName: { $type: 'System.String', $value: 'User' }, Account: { $type: 'System.String', $value: mail }, Mail: { $type: 'System.String', $value: mail } },
});
const GROUP = (exampleOf('azure-devops', 'GET /{organization}/_apis/identities', 200).value as object[])[0]!;
const DIRECTORY = [identity('Ada Lovelace', 'ada@fabrikam.com', 1), identity('Sam Carter', 'sam.carter@fabrikam.com', 2), identity('Sam Diaz', 'sam.diaz@fabrikam.com', 3), GROUP];

const COMMENTS_GET = 'GET /{organization}/{project}/_apis/wit/workItems/{workItemId}/comments';
const COMMENTS_POST = 'POST /{organization}/{project}/_apis/wit/workItems/{workItemId}/comments';

/** The fields a query may name here: those of a work item the tracker writes or reads. */
const QUERYABLE_FIELDS = new Set(['System.Id', 'System.Title', 'System.State', 'System.Tags', 'System.TeamProject', 'System.WorkItemType', 'System.ChangedDate', 'System.Description']);

/**
 * The comments API is a preview: a call naming a version without "-preview" is refused 400
 * VssInvalidPreviewVersionException, as users reported it (wangkanai/devops-mcp#45: "The requested version \"6.0\" of
 * the resource is under preview. The -preview flag must be supplied in the api-version for such requests. For
 * example: \"6.0-preview\"").
 */
const previewRequired = (version: string | null) => azureError(400, `The requested version "${version ?? ''}" of the resource is under preview. The -preview flag must be supplied in the api-version for such requests. For example: "${(version ?? '').replace(/-.*/, '')}-preview"`, 'VssInvalidPreviewVersionException');

export interface WorkItem {
  id: number;
  rev: number;
  fields: Record<string, unknown>;
  relations: { rel: string; url: string }[];
}

const PAGE = (id: number) => `https://dev.azure.com/fabrikam/web/wi.aspx?pcguid=20cda608&id=${id}`;

/** A webhook delivery as it was posted, and what the receiver answered. */
export interface AzureDelivery {
  headers: Record<string, string>;
  body: string;
  status: number;
  answer: string;
}

/** A state of a work item type, as "Work Item Type States - List" gives one. */
export interface AzureState {
  name: string;
  color: string;
  category: string;
}

/**
 * Azure DevOps as far as the tracker uses it: one project, its work item types, and the work items made. `fake`
 * gives the address the work items' REST links name; `page` a work item's web page.
 */
/**
 * The scopes a personal access token may hold that the tracker needs. A PAT without the scope an API needs is answered
 * 401 there, however valid it is elsewhere (Microsoft's scopes reference; users' reports: edgafner/dorkag#152 for
 * vso.work_write, PurpleSoftSrl/azure_devops_app#49 for Work Items read).
 */
export type AzureScope = 'vso.work_write' | 'vso.identity';

export function azureRoutes(fake: () => { url: string }, page: (id: number) => string = PAGE) {
  const items = new Map<number, WorkItem>();
  const scopes = new Set<AzureScope>(['vso.work_write', 'vso.identity']);
  // Microsoft's example (New, Active, CustomState, Resolved, Closed), the states of every type here.
  const states = (exampleOf('azure-devops', 'GET /{organization}/{project}/_apis/wit/workitemtypes/{type}/states', 200).value as AzureState[]);
  const webhook: { current: { url: string; username: string; password: string } | null } = { current: null };
  /**
   * A state the work item type does not have is refused as Azure DevOps refuses it: 400, a RuleValidationException
   * "TF401320: Rule Error for field State" with the rule's error per field (users' reports: bluebasher/WorkItemUpdater#48;
   * its message "The field 'State' contains the value '…' that is not in the list of supported values":
   * bluebasher/WorkItemUpdater#39, microsoft/gh-sync#13).
   */
  const refusedState = (ops: { path: string; value: unknown }[]): VendorReply | null => {
    const wanted = ops.find((op) => op.path === '/fields/System.State')?.value;
    if (wanted === undefined || states.some((state) => state.name === wanted)) return null;
    const errorMessage = `The field 'State' contains the value '${String(wanted)}' that is not in the list of supported values`;
    return azureError(400, 'TF401320: Rule Error for field State. Error code: Required, HasValues, LimitedToValues, AllowsOldValue, InvalidEmpty.', 'RuleValidationException', {
      customProperties: { RuleValidationErrors: [{ fieldReferenceName: 'System.State', fieldStatusFlags: 'required, hasValues, limitedToValues, allowsOldValue', errorMessage }] },
    });
  };
  const withoutScope = { status: 401, body: '' };
  const asJson = (item: WorkItem) => ({ ...item, url: `${fake().url}/fabrikam/_apis/wit/workItems/${item.id}`, _links: { html: { href: page(item.id) } } });
  const types = exampleOf('azure-devops', 'GET /{organization}/{project}/_apis/wit/workitemtypes', 200);
  const typeNames = (types.value as { name: string }[]).map((type) => type.name);
  const unknownType = (type: string) => azureError(404, `TF201083: The work item type '${type}' does not exist in the project.`, 'WorkItemTypeNotFoundException');
  const apply = (item: WorkItem, ops: { path: string; value: unknown }[]) => {
    for (const { path, value } of ops) {
      if (path.startsWith('/fields/')) item.fields[path.slice(8)] = value;
      else if (path === '/relations/-') item.relations.push(value as { rel: string; url: string });
    }
    item.rev += 1;
  };
  /**
   * A delivery as the Web Hooks consumer posts one ("Webhooks", learn.microsoft.com/azure/devops/service-hooks/services/webhooks):
   * the event as JSON, with the subscription's Basic authentication (user name and password) when it has one; nothing
   * is signed. `auth` overrides the subscription's credentials (null: none).
   */
  const deliver = async (payload: Json, auth?: { username: string; password: string } | null): Promise<AzureDelivery> => {
    if (!webhook.current) throw new Error('The project has no service hook: set webhook.current first.');
    const credentials = auth === undefined ? webhook.current : auth;
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8', 'user-agent': 'VSServices/16.255.0',
      ...(credentials ? { authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}` } : {}),
    };
    const response = await fetch(webhook.current.url, { method: 'POST', headers, body });
    return { headers, body, status: response.status, answer: await response.text() };
  };
  /**
   * The `workitem.updated` event of a state change, shaped as Microsoft's sample ("Service hooks events", Work item
   * updated): `resource` is the update (its `fields` the changed ones as { oldValue, newValue }, `workItemId` the
   * work item) and `resource.revision` the work item with all its fields.
   */
  const updatedEvent = (item: WorkItem, before: unknown): Json => ({
    subscriptionId: '00000000-0000-0000-0000-000000000000', notificationId: item.rev, id: randomUUID(), eventType: 'workitem.updated', publisherId: 'tfs',
    message: { text: `${String(item.fields['System.WorkItemType'])} #${item.id} updated.` },
    resource: {
      id: item.rev, workItemId: item.id, rev: item.rev,
      fields: { 'System.Rev': { oldValue: item.rev - 1, newValue: item.rev }, 'System.State': { oldValue: before, newValue: item.fields['System.State'] } },
      url: `${fake().url}/fabrikam/_apis/wit/workItems/${item.id}/updates/${item.rev}`,
      revision: { id: item.id, rev: item.rev, fields: { ...item.fields }, url: `${fake().url}/fabrikam/_apis/wit/workItems/${item.id}/revisions/${item.rev}` },
    },
    resourceVersion: '1.0', createdDate: new Date().toISOString(),
  });
  const comments = new Map<number, Record<string, unknown>[]>();
  return {
    items,
    /** Each work item's comments, by its id, oldest first. */
    comments,
    /** What the PAT may do; remove one to model a PAT made without it. */
    scopes,
    /** The states of every work item type, in order (the first is a new work item's). */
    states,
    /** The project's Web Hooks subscription on "Work item updated", with its Basic authentication; null: none. */
    webhook,
    deliver,
    /** Sets a work item's state as a person does, and delivers its `workitem.updated` event when a webhook is set. */
    async changeStateAsUser(id: number, state: string): Promise<AzureDelivery | null> {
      const item = items.get(id);
      if (!item) throw new Error(`There is no work item ${id}.`);
      const before = item.fields['System.State'];
      apply(item, [{ path: '/fields/System.State', value: state }]);
      return webhook.current ? deliver(updatedEvent(item, before)) : null;
    },
    /** The event of the work item's last state change, to deliver again or alter. */
    updatedEvent: (id: number, before: string) => updatedEvent(items.get(id)!, before),
    routes: {
      'GET /{organization}/_apis/projects': () => ({ status: 200, body: exampleOf('azure-devops', 'GET /{organization}/_apis/projects', 200) }),
      'GET /{organization}/_apis/projects/{projectId}': ({ params }: VendorRequest) => (params.projectId === PROJECT
        ? { status: 200, body: { id: 'eb6e4656-77fc-42a1-9181-4c6d8e9da5d1', name: PROJECT, state: 'wellFormed', visibility: 'private', defaultTeam: { id: TEAM_ID, name: `${PROJECT} Team` } } }
        : azureError(404, `TF200016: The following project does not exist: ${params.projectId}.`, 'ProjectDoesNotExistWithNameException')),
      'GET /{organization}/{project}/_apis/wit/workitemtypes': () => ({ status: 200, body: types }),
      'GET /{organization}/{project}/_apis/wit/workitemtypes/{type}/fields': ({ params }: VendorRequest) => (typeNames.includes(params.type!)
        ? { status: 200, body: { count: 1, value: [...fieldsOf(params.type!), ...(DATE_FIELD[params.type!] ? [{ referenceName: DATE_FIELD[params.type!], name: 'Date', alwaysRequired: false }] : [])] } }
        : unknownType(params.type!)),
      'GET /{organization}/{project}/_apis/wit/workitemtypes/{type}/states': ({ params }: VendorRequest) => (typeNames.includes(params.type!)
        ? { status: 200, body: { count: states.length, value: states } }
        : unknownType(params.type!)),
      'GET /{organization}/_apis/identities': ({ query }: VendorRequest) => {
        if (!scopes.has('vso.identity')) return withoutScope;
        // The General filter matches display names, account names and e-mail addresses (Microsoft's "Identities - Read
        // Identities": searchFilter General, filterValue), each from its start or a word's start.
        const wanted = query.get('filterValue')!.trim().toLowerCase();
        const words = (entry: object) => {
          const { providerDisplayName = '', properties = {} } = entry as { providerDisplayName?: string; properties?: Record<string, { $value?: unknown }> };
          const texts = [providerDisplayName, properties.Account?.$value, properties.Mail?.$value].filter((text): text is string => typeof text === 'string');
          return texts.flatMap((text) => [text, ...text.split(/[\s.@\\]+/)]).map((text) => text.toLowerCase());
        };
        const value = wanted ? DIRECTORY.filter((entry) => words(entry).some((word) => word.startsWith(wanted))) : [];
        return { status: 200, body: { count: value.length, value } };
      },
      [CREATE]: ({ params, body, query }: VendorRequest) => {
        if (!scopes.has('vso.work_write')) return withoutScope;
        if (!typeNames.includes(params.type!)) return unknownType(params.type!);
        // System.Title holds 255 characters; more is refused: "TF401324: Value for field 'System.Title' is too long."
        // (reported in solidify/jira-azuredevops-migrator#627 and microsoft/onefuzz#3015).
        const title = (body as { path: string; value: unknown }[]).find((op) => op.path === '/fields/System.Title')?.value;
        if (typeof title === 'string' && title.length > 255) {
          return azureError(400, "TF401324: Value for field 'System.Title' is too long.", 'RuleValidationException');
        }
        const item = { id: items.size + 1, rev: 0, fields: { 'System.WorkItemType': params.type, 'System.State': states[0]!.name, 'System.TeamProject': PROJECT } as Record<string, unknown>, relations: [] };
        apply(item, body as { path: string; value: unknown }[]);
        // validateOnly: "Indicate if you only want to validate the changes without saving the work item" (the reference).
        if (query.get('validateOnly') === 'true') return { status: 200, body: { ...asJson(item), id: 0 } };
        items.set(item.id, item);
        return { status: 200, body: asJson(item) };
      },
      // "Work Items - Get Work Item": `fields`, "comma-separated list of requested fields", leaves the others out.
      [`GET ${ITEM}`]: ({ params, query }: VendorRequest) => {
        const item = items.get(Number(params.id));
        if (!item) return azureError(404, `TF401232: Work item ${params.id} does not exist.`);
        const wanted = query.get('fields')?.split(',');
        const json = asJson(item);
        return { status: 200, body: wanted ? { ...json, fields: Object.fromEntries(Object.entries(item.fields).filter(([name]) => wanted.includes(name))) } : json };
      },
      [`PATCH ${ITEM}`]: ({ params, body }: VendorRequest) => {
        const item = items.get(Number(params.id));
        if (!item) return azureError(404, `TF401232: Work item ${params.id} does not exist.`);
        const added = (body as { path: string; value: { url?: string } }[]).find((op) => op.path === '/relations/-');
        if (added && item.relations.some((relation) => relation.url === added.value.url)) {
          return azureError(400, 'TF201036: You cannot add a Predecessor link to this work item because the relation already exists.', 'WorkItemTrackingRelationExistsException');
        }
        const refused = refusedState(body as { path: string; value: unknown }[]);
        if (refused) return refused;
        apply(item, body as { path: string; value: unknown }[]);
        return { status: 200, body: asJson(item) };
      },
      'POST /{organization}/{project}/{team}/_apis/wit/wiql': ({ body, query }: VendorRequest) => {
        let tree: ReturnType<typeof parseWiql>;
        try {
          tree = parseWiql((body as { query: string }).query, QUERYABLE_FIELDS);
        } catch (error) {
          if (error instanceof WiqlError) return azureError(400, error.message, 'QueryException');
          throw error;
        }
        const top = Number(query.get('$top') ?? 20_000);
        const found = [...items.values()].filter((item) => wiqlMatches(tree, item.fields, PROJECT)).slice(0, top);
        return { status: 200, body: { queryType: 'flat', queryResultType: 'workItem', asOf: new Date().toISOString(), columns: [], workItems: found.map((item) => ({ id: item.id, url: asJson(item).url })) } };
      },
      // Microsoft's "Comments - Get Comments" and "Comments - Add Comment" (api-version 7.1-preview.4): a work item's
      // comments, newest first, `text` in HTML. Checked against tests/contracts/azure-devops.supplement.openapi.json.
      [COMMENTS_GET]: ({ params, query }: VendorRequest) => {
        const item = items.get(Number(params.workItemId));
        if (!item) return azureError(404, `TF401232: Work item ${params.workItemId} does not exist.`);
        if (query.get('api-version') !== '7.1-preview.4') return previewRequired(query.get('api-version'));
        const all = (comments.get(item.id) ?? []).toReversed();
        const top = Number(query.get('$top') ?? 200);
        return { status: 200, body: { totalCount: all.length, count: Math.min(top, all.length), comments: all.slice(0, top) } };
      },
      [COMMENTS_POST]: ({ params, query, body }: VendorRequest) => {
        const item = items.get(Number(params.workItemId));
        if (!item) return azureError(404, `TF401232: Work item ${params.workItemId} does not exist.`);
        if (query.get('api-version') !== '7.1-preview.4') return previewRequired(query.get('api-version'));
        const list = comments.get(item.id) ?? [];
        const id = [...comments.values()].flat().length + 1;
        const comment = { workItemId: item.id, id, version: 1, text: (body as { text: string }).text, createdDate: new Date().toISOString(), url: `${asJson(item).url}/comments/${id}` };
        comments.set(item.id, [...list, comment]);
        return { status: 200, body: comment };
      },
    },
  };
}

/** The stand-in `npm run fake-trackers` runs: fabrikam's project, refusing any personal access token but its own. */
export async function startAzureStandIn({ url }: StandInOptions): Promise<StandIn> {
  const pat = 'pat-secret';
  const page = (id: number) => `${url}/${ORGANIZATION}/${PROJECT}/_workitems/edit/${id}`;
  const state = azureRoutes(() => ({ url }), page);
  const fake = await startVendorFake('azure-devops', requiringCredentials(state.routes, basic('', pat), () => ({ status: 401, body: '' })));
  const field = (item: WorkItem, name: string) => item.fields[name] ?? null;
  return {
    type: 'Azure DevOps',
    target: fake.url,
    form: [['Project Identifier', PROJECT], ['Organization', ORGANIZATION], ['Personal Access Token (PAT)', pat], ['Azure DevOps Server URL', url], ['Work Item Type', 'Task (or Bug, User Story, Issue)']],
    notes: [],
    created: () => [...state.items.values()].map((item) => ({
      id: item.id, type: field(item, 'System.WorkItemType'), title: field(item, 'System.Title'), state: field(item, 'System.State'),
      tags: String(item.fields['System.Tags'] ?? '').split('; ').filter(Boolean), assignedTo: field(item, 'System.AssignedTo'),
      priority: field(item, 'Microsoft.VSTS.Common.Priority'),
      due: field(item, 'Microsoft.VSTS.Scheduling.DueDate') ?? field(item, 'Microsoft.VSTS.Scheduling.TargetDate'),
      predecessors: item.relations.map((relation) => Number(relation.url.split('/').pop())),
      url: page(item.id),
    })),
    violations: () => fake.violations.filter((violation) => !PAT_AS_BASIC.test(violation)),
    close: () => fake.close(),
  };
}

/** Azure DevOps' application id in Microsoft Entra ID, written here apart from the plugin's so a wrong one there shows. */
const AZURE_DEVOPS_RESOURCE = '499b84ac-1321-427f-aa17-267ca6975798';

/**
 * Azure DevOps Services taking Microsoft Entra tokens ("Build apps with Microsoft Entra ID OAuth",
 * learn.microsoft.com/azure/devops/integrate/get-started/authentication/entra-oauth): a request works with
 * `Authorization: Bearer` and an access token the Entra stand-in issued for Azure DevOps' resource
 * (499b84ac-1321-427f-aa17-267ca6975798) that is still live. Any other is refused as users report it: a GET or POST
 * is answered 203 with the sign-in page, a PATCH 401 "TF400813: The user '' is not authorized to access this
 * resource." (microsoft/azure-devops-auth-samples#52, an expired bearer token; #57, a token the organization does not
 * take).
 */
export function requiringEntraTokens(routes: VendorRoutes, entra: Pick<OAuthFake, 'live' | 'scopeOf'>): VendorRoutes {
  const forAzureDevOps = (token: string) => entra.live(token) && (entra.scopeOf(token) ?? '').split(' ').some((scope) => scope.startsWith(`${AZURE_DEVOPS_RESOURCE}/`));
  return requiringLiveTokens(routes, { live: forAzureDevOps }, (request) => (request.method === 'PATCH'
    ? azureError(401, "TF400813: The user '' is not authorized to access this resource.", 'UnauthorizedRequestException')
    : { status: 203, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html><head><title>Azure DevOps Services | Sign In</title></head></html>' }));
}
