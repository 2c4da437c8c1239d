import { registerQueryCache } from './queryCacheReset.ts';
import { createQueryClient } from './queryClient.ts';

/**
 * One cache for the whole visit: the routes that read data and the signed-in navigation (the workspace switcher)
 * share it, whichever page frame they are in.
 */
export const queryClient = createQueryClient();
registerQueryCache(queryClient);
