import { QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from './appQueryClient.ts';
import { workspaceStore } from './browser.ts';

/**
 * The routes that read or send data, with the app's query cache; loaded with the first of them. The page is drawn
 * afresh when the tab changes workspace, so nothing it held of the other workspace stays on screen.
 */
export default function QueryLayout() {
  const workspaceId = useSyncExternalStore(workspaceStore.subscribe, workspaceStore.id);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet key={workspaceId ?? 'personal'} />
    </QueryClientProvider>
  );
}
