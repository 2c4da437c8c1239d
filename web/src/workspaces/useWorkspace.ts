import { useCallback, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { workspaceStore } from '../api/browser.ts';
import type { WorkspaceState } from '../api/workspace.ts';
import { pathAfterSwitch } from './switching.ts';

/** The tab's workspace and its notice, as they change. */
export function useWorkspaceState(): WorkspaceState {
  return useSyncExternalStore(workspaceStore.subscribe, workspaceStore.state);
}

/** The id of the tab's workspace; null is the personal one. */
export function useWorkspaceId(): string | null {
  return useSyncExternalStore(workspaceStore.subscribe, workspaceStore.id);
}

/**
 * Moves the tab into a workspace (null: the personal one): to `to`, else to the page it is on (or, from one
 * ticket or transcript, to their list), then the workspace changes, which empties the data caches and draws the page
 * again for the new workspace.
 */
export function useSwitchWorkspace() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (workspace: { id: string; name: string; personal: boolean } | null, to?: string) => {
      const destination = to ?? pathAfterSwitch(pathname);
      // Filters and pages in the address were the other workspace's: the page starts afresh.
      void navigate(destination, { replace: destination === pathname });
      workspaceStore.select(workspace === null || workspace.personal ? null : { id: workspace.id, name: workspace.name });
    },
    [navigate, pathname],
  );
}

/** Back to the personal workspace after leaving or deleting the tab's workspace, on the dashboard, with a notice. */
export function useLeaveWorkspace() {
  const navigate = useNavigate();
  return useCallback(
    (kind: 'left' | 'deleted') => {
      void navigate('/dashboard');
      workspaceStore.leave(kind);
    },
    [navigate],
  );
}
