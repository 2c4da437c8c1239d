/// <reference types="vite/client" />

interface TickscribeConfig {
  /** Base address of the API; an empty string means the same origin as the page. */
  apiBaseUrl: string;
}

interface Window {
  /** Set by /runtime-config.js, which the server serves before the app loads. */
  TICKSCRIBE_CONFIG?: TickscribeConfig;
}
