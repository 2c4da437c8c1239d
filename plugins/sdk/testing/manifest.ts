/**
 * The checks every kind's kit makes before calling anything: the manifest's required parts (as
 * schemas/plugin.schema.json has them) and the kind's functions, which the host also checks when it loads a plugin.
 */
import { API_VERSION, type JsonSchema, type PluginKind, type PluginManifest, type PluginSettings } from '../manifest.ts';

/** The functions each kind of plugin has; the host refuses a plugin that lacks one. */
export const KIND_FUNCTIONS: Record<PluginKind, readonly string[]> = {
  parser: ['detect', 'parse'],
  extractor: ['estimate', 'extract'],
  tracker: ['verify', 'create', 'findByMarker', 'link', 'resolveUser'],
  bot: ['create', 'cancel', 'status', 'transcript', 'verifyWebhook', 'parseWebhook'],
};

export const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** What is wrong with `plugin` as a plugin of `kind`, before any of its functions runs. */
export function manifestProblems(plugin: unknown, kind: PluginKind): string[] {
  const manifest = (plugin as { manifest?: Record<string, unknown> } | null)?.manifest;
  if (!manifest || typeof manifest !== 'object') return ['the plugin must be an object with a manifest (the default export of its module)'];
  const problems: string[] = [];
  if (manifest['apiVersion'] !== API_VERSION) problems.push(`manifest.apiVersion is ${String(manifest['apiVersion'])}; this SDK speaks contract ${API_VERSION}`);
  if (typeof manifest['id'] !== 'string' || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(manifest['id'])) problems.push('manifest.id must be lower-case letters, digits and dashes, starting with a letter');
  if (manifest['kind'] !== kind) problems.push(`manifest.kind is ${String(manifest['kind'])}; a ${kind}'s is '${kind}'`);
  if (!nonEmpty(manifest['name'])) problems.push(`manifest.name must name the ${kind} for people`);
  if (!nonEmpty(manifest['version'])) problems.push('manifest.version must be the plugin\'s version (semver)');
  if (kind === 'parser') {
    for (const list of ['extensions', 'mediaTypes'] as const) {
      const values = manifest[list];
      if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) problems.push(`manifest.${list} must be a list of strings (it may be empty)`);
    }
    const extensions = Array.isArray(manifest['extensions']) ? (manifest['extensions'] as unknown[]) : [];
    for (const extension of extensions.filter((value) => typeof value !== 'string' || !/^\.[a-z0-9]+$/.test(value))) {
      problems.push(`manifest.extensions has ${JSON.stringify(extension)}; each is lower-case with its dot, as '.md'`);
    }
  }
  const functions = KIND_FUNCTIONS[kind];
  for (const name of functions) if (typeof (plugin as Record<string, unknown>)[name] !== 'function') problems.push(`${name}() is missing; a ${kind} has ${functions.join(', ')}`);
  return problems;
}

/**
 * The settings a kit hands the plugin alone: those given, with the top-level defaults of the manifest's schemas
 * filled in where absent (the host fills in every default and validates the rest before any call).
 */
export function settingsWithDefaults(plugin: { manifest: PluginManifest }, given: Partial<PluginSettings> = {}): PluginSettings {
  const filled = (schema: JsonSchema | undefined, values: Record<string, unknown> = {}) => {
    const properties = (schema?.['properties'] ?? {}) as Record<string, { default?: unknown }>;
    const defaults = Object.entries(properties).filter(([name, property]) => property.default !== undefined && !(name in values));
    return { ...Object.fromEntries(defaults.map(([name, property]) => [name, structuredClone(property.default)])), ...values };
  };
  return { config: filled(plugin.manifest.configSchema, given.config), credentials: filled(plugin.manifest.credentialsSchema, given.credentials) };
}
