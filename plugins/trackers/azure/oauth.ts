/**
 * "Connect with Azure DevOps" through Microsoft Entra ID, the way Microsoft recommends for new apps ("Use Microsoft
 * Entra ID OAuth for new applications. Azure DevOps OAuth 2.0 is deprecated": "Authorize access to REST APIs with
 * OAuth 2.0", learn.microsoft.com/azure/devops/integrate/get-started/authentication/oauth; "Build apps with Microsoft
 * Entra ID OAuth", .../authentication/entra-oauth). The flow is the Microsoft identity platform's authorization code
 * flow ("Microsoft identity platform and OAuth 2.0 authorization code flow", learn.microsoft.com/entra/identity-
 * platform/v2-oauth2-auth-code-flow):
 * - authorize at https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize and redeem the code at
 *   .../oauth2/v2.0/token, form-encoded, with the app's client id and secret and the PKCE verifier (S256);
 * - {tenant} is AZURE_DEVOPS_OAUTH_TENANT: `organizations` (work and school accounts of any tenant) unless the operator
 *   names one; personal Microsoft accounts are left out, as "Microsoft Entra apps don't natively support Microsoft
 *   account (MSA) users for the Azure DevOps" resource (entra-oauth, "Tips for building & migrating");
 * - the scope is Azure DevOps' resource id with `.default` (the permissions the app registration was given, e.g.
 *   user_impersonation) and `offline_access`, without which no refresh token is given;
 * - access tokens last about an hour (`expires_in`); a refresh asks for the same scopes again ("scope: Required" in
 *   "Refresh the access token") and answers a new refresh token: "Replace the old refresh token with this newly
 *   acquired refresh token", which the host keeps, under a lock on the connection.
 *
 * The token is sent to Azure DevOps as `Authorization: Bearer` (client.ts). Entra OAuth works with Azure DevOps
 * Services only, not Azure DevOps Server ("OAuth 2.0 is available only for Azure DevOps Services", same page).
 * Microsoft offers an app no revocation of one user's grant: deleting the connection forgets its tokens, and the user
 * removes Tickscribe's consent at myapps.microsoft.com (or an administrator in Enterprise applications), so there is
 * no revoke hook.
 */
import { TrackerError, type TrackerOAuth } from '../../sdk/index.ts';
import { SIGNED_IN_CREDENTIALS_SCHEMA } from './settings.ts';

/** Azure DevOps' application (resource) id in Microsoft Entra ID, the same in every tenant. */
export const AZURE_DEVOPS_RESOURCE = '499b84ac-1321-427f-aa17-267ca6975798';

export const AZURE_OAUTH: TrackerOAuth = {
  provider: 'Azure DevOps',
  settingsPrefix: 'AZURE_DEVOPS',
  endpoints: {
    authorize: 'https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize',
    token: 'https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token',
  },
  scopes: [`${AZURE_DEVOPS_RESOURCE}/.default`, 'offline_access'],
  scopesOnRefresh: true,
  pkce: true,
  tokenRequest: 'form',
  rotatesRefreshTokens: true,
  credentialsSchema: SIGNED_IN_CREDENTIALS_SCHEMA,
  credentials(grant, { credentials }) {
    const organization = typeof credentials['organization'] === 'string' ? credentials['organization'].trim() : '';
    if (!organization) {
      throw new TrackerError('validation', 'Fill in the organization (as in https://dev.azure.com/<organization>) and choose "Connect with Azure DevOps" again: the sign-in needs to know which organization to connect.');
    }
    return { organization, accessToken: grant.accessToken };
  },
};
