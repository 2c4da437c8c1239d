/**
 * The settings every built-in bot takes, by the convention the product fills them in: MEETING_BOT_BASE_URL as
 * config.baseUrl, MEETING_BOT_API_KEY and MEETING_BOT_WEBHOOK_SECRET as credentials.apiKey and webhookSecret.
 */
import type { BotContext, JsonSchema } from '../../sdk/index.ts';

export interface BotSettings<Config = Record<string, unknown>> {
  config: Config & { baseUrl: string };
  credentials: { apiKey: string; webhookSecret?: string };
}

export const settingsOf = <Config>(context: BotContext) => context.settings as unknown as BotSettings<Config>;

/** The service's address, defaulting to its public one. */
export const baseUrlSchema = (defaultUrl: string, description: string): JsonSchema => ({
  type: 'string', format: 'uri', pattern: '^https?://', default: defaultUrl, title: 'API address', description,
});

/** The API key, required, and the webhook secret, without which every webhook is refused. */
export const credentialsSchema = (secret: string): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: ['apiKey'],
  properties: {
    apiKey: { type: 'string', minLength: 1, title: 'API key' },
    webhookSecret: { type: 'string', minLength: 1, title: 'webhook secret', description: secret },
  },
});
