import type { PluginManifest as ManifestDocument } from './types.ts';

/** A JSON Schema (draft 2020-12) as a plain object. */
export type JsonSchema = { [keyword: string]: unknown };

/** What every plugin declares about itself (schemas/plugin.schema.json in this package). */
export interface PluginManifest extends Omit<ManifestDocument, 'configSchema' | 'credentialsSchema'> {
  /** JSON Schema of the configuration; the host validates it and fills in its defaults before any call. */
  configSchema?: JsonSchema;
  /** JSON Schema of the credentials; validated like the configuration, never logged or shown back. */
  credentialsSchema?: JsonSchema;
}

export type PluginKind = PluginManifest['kind'];

/** Version of this contract; a manifest's `apiVersion` must equal it. */
export type PluginApiVersion = 1;

/**
 * The contract version this SDK speaks, for a manifest's `apiVersion`. The package's major version follows it
 * (`@tickscribe/plugin-sdk` 1.x is contract 1), so a breaking change to the contract is a new major version.
 */
export const API_VERSION: PluginApiVersion = 1;

/**
 * What the host hands a plugin's functions: its configuration and credentials, already validated against the
 * manifest's schemas (with defaults filled in). A plugin without schemas gets empty objects.
 */
export interface PluginSettings<Config = Record<string, unknown>, Credentials = Record<string, unknown>> {
  config: Config;
  credentials: Credentials;
}

/** The context of one call: the settings, and a signal that aborts it. */
export interface CallContext<Settings extends PluginSettings = PluginSettings> {
  settings?: Settings;
  signal?: AbortSignal;
}

/** Thrown (or an Error with `retryable: true`) when trying again later may succeed: rate limits, timeouts. */
export interface RetryableError extends Error {
  retryable: true;
}
