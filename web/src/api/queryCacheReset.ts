// The query cache comes in the chunk of the pages that read data (the landing page reads none), yet signing in or
// out must empty it whenever it has been loaded, so nothing loaded for one user is shown to the next.

interface ResettableCache {
  removeQueries(): void;
}

let loaded: ResettableCache | null = null;

/** Called once by the query cache's chunk as it loads. */
export function registerQueryCache(cache: ResettableCache): void {
  loaded = cache;
}

/** Forgets everything loaded so far; nothing to do while no page with data has been opened. */
export function forgetAllQueries(): void {
  loaded?.removeQueries();
}
