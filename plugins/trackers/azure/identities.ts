/**
 * A mapped username (an e-mail, an account name, a display name) as the Azure DevOps user it names: searched
 * with the identities API's General filter, which matches display names, account names and e-mail addresses.
 * Groups, inactive identities and more than one equally good match are never guessed between.
 */
import type { TrackerUser, TrackerUserMatch } from '../../sdk/index.ts';
import { PEOPLE_RESULTS } from '../shared/people.ts';
import type { AzureClient } from './client.ts';

interface Identity {
  descriptor?: string | null;
  providerDisplayName?: string | null;
  customDisplayName?: string | null;
  isActive?: boolean | null;
  isContainer?: boolean | null;
  properties?: Record<string, { $value?: unknown } | null> | null;
}

const property = (identity: Identity, name: string): string => {
  const value = identity.properties?.[name]?.$value;
  return typeof value === 'string' ? value.trim() : '';
};

const isUser = (identity: Identity) =>
  identity.isContainer !== true && identity.isActive !== false && (property(identity, 'SchemaClassName') || 'User') === 'User';

/**
 * The name System.AssignedTo takes: the account's e-mail-like unique name on Azure DevOps Services, the
 * DOMAIN\alias of a Windows account on a Server, else the e-mail address.
 */
function uniqueNameOf(identity: Identity): string {
  const account = property(identity, 'Account');
  const domain = property(identity, 'Domain');
  if (identity.descriptor?.startsWith('System.Security.Principal.WindowsIdentity') && account && domain) return `${domain}\\${account}`;
  return account.includes('@') ? account : property(identity, 'Mail') || account;
}

const displayNameOf = (identity: Identity, uniqueName: string) =>
  (identity.customDisplayName || identity.providerDisplayName || uniqueName).trim();

/** The active users the identities API's General filter finds for `wanted`, with the name System.AssignedTo takes. */
async function identitiesMatching(azure: AzureClient, wanted: string): Promise<{ identity: Identity; id: string }[]> {
  const query = new URLSearchParams({ searchFilter: 'General', filterValue: wanted, queryMembership: 'none' });
  const answer = await azure.json<{ value?: Identity[] | null }>({ method: 'GET', url: `${azure.identitiesUrl}/_apis/identities?${query}` });
  return (answer.value ?? [])
    .filter(isUser)
    .map((identity) => ({ identity, id: uniqueNameOf(identity) }))
    .filter(({ id }) => id);
}

/**
 * The users whose display name, account name or e-mail the identities API's General filter matches (Microsoft's
 * "Identities - Read Identities": searchFilter General, filterValue the text typed), each with the unique name
 * System.AssignedTo takes and resolveUser finds again. An empty query finds no one: the API needs a filter value.
 */
export async function searchUsers(azure: AzureClient, query: string): Promise<TrackerUserMatch[]> {
  const wanted = query.trim();
  if (!wanted) return [];
  return (await identitiesMatching(azure, wanted)).slice(0, PEOPLE_RESULTS).map(({ identity, id }) => {
    const email = property(identity, 'Mail');
    return { value: id, name: displayNameOf(identity, id), ...(email ? { email } : {}), ...(email !== id ? { login: id } : {}) };
  });
}

export async function findUser(azure: AzureClient, username: string): Promise<TrackerUser | null> {
  const wanted = username.trim();
  if (!wanted) return null;
  const users = await identitiesMatching(azure, wanted);
  const same = (text: string) => text.trim().toLowerCase() === wanted.toLowerCase();
  const exact = users.filter(({ identity, id }) =>
    same(id) || same(property(identity, 'Mail')) || same(displayNameOf(identity, id)) || same(property(identity, 'Account')));
  const [match, ...others] = exact.length ? exact : users;
  if (!match || others.length) return null;
  return { id: match.id, name: displayNameOf(match.identity, match.id) };
}
