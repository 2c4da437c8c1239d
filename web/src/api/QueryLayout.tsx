import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { registerQueryCache } from './queryCacheReset.ts';
import { createQueryClient } from './queryClient.ts';

// One cache for the whole visit: the routes under this layout share it, whichever page frame they are in.
const queryClient = createQueryClient();
registerQueryCache(queryClient);

/** The routes that read or send data, with the app's query cache; loaded with the first of them. */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
