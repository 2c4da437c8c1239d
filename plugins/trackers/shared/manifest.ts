import type { JSONSchema } from 'json-schema-to-ts';

/**
 * A tracker's configSchema: an object of exactly the given settings, of which projectIdentifier (the repository,
 * project, board or label a connection points at) is required. The properties keep their literal types, so the
 * plugin's settings type is derived from the schema (`FromSchema`) and a change to the schema breaks the build.
 */
export function trackerConfigSchema<const Properties extends { projectIdentifier: JSONSchema } & Record<string, JSONSchema>>(properties: Properties) {
  return { type: 'object', additionalProperties: false, required: ['projectIdentifier'], properties } as const;
}
