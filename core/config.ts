import { isAbsolute, resolve } from 'node:path';
import type { Config } from '../schemas/types.ts';
import { describeSchemaError } from '../plugins/sdk/validation.ts';
import { createAjv, getValidator } from './schema/registry.ts';

export type { Config };

/** A setting that cannot be used; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SETTINGS: Record<string, { description: string }> = (
  await import('../schemas/config.schema.json', { with: { type: 'json' } })
).default.properties;

/**
 * Reads the settings from `env`, fills in defaults and validates them against schemas/config.schema.json.
 * Empty variables count as unset. Throws ConfigError naming the first wrong variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(SETTINGS)) {
    const value = env[key]?.trim();
    if (value) raw[key] = value;
  }
  raw['APP_URL'] ??= `http://localhost:${raw['PORT'] ?? '3000'}`;

  const validate = getValidator<Config>(createAjv({ coerceTypes: true, useDefaults: true }), 'config.schema.json');
  const config: unknown = raw;
  if (!validate(config)) {
    const error = validate.errors![0]!;
    const variable = error.instancePath.slice(1) || String(error.params['missingProperty'] ?? '');
    const given = variable in raw ? ` (got "${raw[variable]}")` : '';
    const rule = SETTINGS[variable]?.description;
    throw new ConfigError(`Invalid setting ${variable}${given}: ${describeSchemaError(error, { place: 'none' })}.${rule ? ` ${rule}` : ''}`);
  }
  const result = config;
  result.APP_URL = result.APP_URL.replace(/\/+$/, '');
  result.DATA_DIR = isAbsolute(result.DATA_DIR) ? result.DATA_DIR : resolve(cwd, result.DATA_DIR);
  return result;
}

/** The PLUGINS setting as a list of package names or paths. */
export function pluginSpecs(config: Pick<Config, 'PLUGINS'>): string[] {
  return (config.PLUGINS ?? '').split(',').map((spec) => spec.trim()).filter(Boolean);
}

/** TRUST_PROXY as the number of proxy hops to trust: false is none, true is one. */
export function proxyHops(config: Pick<Config, 'TRUST_PROXY'>): number {
  const value = String(config.TRUST_PROXY);
  return value === 'true' ? 1 : value === 'false' ? 0 : Number(value);
}
