import { apiBaseUrl } from '../runtime-config.ts';
import { createApiClient } from './client.ts';

/** The app's API client, wired to the page's runtime configuration, local storage and location. */
export const api = createApiClient({
  baseUrl: apiBaseUrl(),
  storage: window.localStorage,
  location: window.location,
});
