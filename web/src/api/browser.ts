import { apiBaseUrl } from '../runtime-config.ts';
import { createApiClient } from './client.ts';
import { forgetAllQueries } from './queryCacheReset.ts';
import { createWorkspaceStore, workspaceInAddress } from './workspace.ts';

/** The tab's workspace (sessionStorage: each tab its own). */
export const workspaceStore = createWorkspaceStore(window.sessionStorage);

// A page address may name the workspace its tab works in (a link opened in a new tab from the switcher): it is
// taken before the router reads the address, and removed from it.
const named = workspaceInAddress(window.location.search);
if (named.search !== window.location.search) {
  if (named.named) workspaceStore.select(named.id === null ? null : { id: named.id, name: null });
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${named.search}${window.location.hash}`);
}

// Nothing loaded in one workspace may show in another: a change of workspace forgets every query.
let shownWorkspace = workspaceStore.id();
workspaceStore.subscribe(() => {
  if (workspaceStore.id() === shownWorkspace) return;
  shownWorkspace = workspaceStore.id();
  forgetAllQueries();
});

/** The app's API client, wired to the page's runtime configuration, local storage, location and workspace. */
export const api = createApiClient({
  baseUrl: apiBaseUrl(),
  storage: window.localStorage,
  location: window.location,
  workspace: workspaceStore,
});
