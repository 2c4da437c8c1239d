import type { JsonSchema } from '../../sdk/index.ts';

/**
 * A tracker's configSchema: an object of exactly the given settings, of which projectIdentifier (the repository,
 * project, board or label a connection points at) is required.
 */
export function trackerConfigSchema(properties: { projectIdentifier: JsonSchema } & Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', additionalProperties: false, required: ['projectIdentifier'], properties };
}
