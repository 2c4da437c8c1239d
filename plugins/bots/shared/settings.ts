/**
 * The settings every built-in bot takes, by the convention the product fills them in: MEETING_BOT_BASE_URL as
 * config.baseUrl, MEETING_BOT_API_KEY and MEETING_BOT_WEBHOOK_SECRET as credentials.apiKey and webhookSecret.
 * Their types are derived from the schemas (`FromSchema`), so a change to a schema breaks the build, not a call.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { PluginSettings } from '../../sdk/index.ts';

/** The service's address, defaulting to its public one. */
export const baseUrlSchema = (defaultUrl: string, description: string) => ({
  type: 'string', format: 'uri', pattern: '^https?://', default: defaultUrl, title: 'API address', description,
} as const);

/** The API key, required, and the webhook secret, without which every webhook is refused. */
export const credentialsSchema = (secret: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['apiKey'],
  properties: {
    apiKey: { type: 'string', minLength: 1, title: 'API key' },
    webhookSecret: { type: 'string', minLength: 1, title: 'webhook secret', description: secret },
  },
} as const);

export type BotCredentials = FromSchema<ReturnType<typeof credentialsSchema>>;

/** A bot's settings: the configuration its schema describes, and the credentials every built-in bot takes. */
export type BotSettings<ConfigSchema extends JSONSchema> = PluginSettings<FromSchema<ConfigSchema>, BotCredentials>;

/** What the shared client reads of any built-in bot's settings. */
export type ServiceSettings = PluginSettings<{ baseUrl: string }, BotCredentials>;
