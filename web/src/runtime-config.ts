/** Used when the page was not given a runtime configuration, e.g. when served from a static host. */
export const DEFAULT_API_BASE_URL = 'https://app.tickscribe.dev';

/** The API base address: the runtime configuration's (empty = same origin), else the production address. */
export function apiBaseUrl(): string {
  const config = window.TICKSCRIBE_CONFIG;
  return config ? config.apiBaseUrl : DEFAULT_API_BASE_URL;
}
