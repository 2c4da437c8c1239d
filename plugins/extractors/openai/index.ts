/**
 * The `openai` extractor: asks any OpenAI-compatible Chat Completions endpoint (OpenAI, Azure OpenAI's v1 API,
 * Ollama, vLLM, LM Studio) for the tickets in a transcript, with the extraction schema as a strict json_schema
 * response format. An answer that is not JSON or breaks the schema is sent back once with the errors; rate limits,
 * server errors, connection failures and timeouts throw errors marked `retryable` for the workflow's retry policy
 * (the client itself never retries). Its settings come from the host, validated against the manifest's schemas.
 */
import type OpenAI from 'openai';
import type * as OpenAISdk from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import extractionSchema from '../../sdk/schemas/extraction.schema.json' with { type: 'json' };
import type {
  CallContext, ExtractionRequest, ExtractionResult, ExtractionUsage, ExtractorManifest, ExtractorPlugin, PluginSettings,
} from '../../sdk/index.ts';
import { check, sanitise } from './answer.ts';
import { failure, translate } from './errors.ts';
import { SYSTEM_PROMPT, buildUserMessage } from './prompt.ts';

export interface OpenAIConfig {
  /** Base URL of the API, e.g. `http://localhost:11434/v1`. Unset: OpenAI's. */
  baseURL?: string;
  model: string;
  /** Longest wait for one answer, in milliseconds. */
  timeoutMs: number;
  /** Cap on the answer's tokens (`max_completion_tokens`), and the output reservation. */
  maxOutputTokens: number;
}

export interface OpenAICredentials {
  /** Sent as `Authorization: Bearer`. Unset: no Authorization header (local servers such as Ollama need none). */
  apiKey?: string;
}

type OpenAISettings = PluginSettings<OpenAIConfig, OpenAICredentials>;

const DEFAULT_MODEL = 'gpt-4o-mini';
const DEFAULT_TIMEOUT_MS = 180_000;
const DEFAULT_MAX_OUTPUT_TOKENS = 4000;

const MANIFEST: ExtractorManifest = {
  apiVersion: 1,
  id: 'openai',
  kind: 'extractor',
  name: 'OpenAI-compatible LLM',
  version: '1.0.0',
  description:
    'Finds tickets with a large language model behind any OpenAI-compatible Chat Completions API (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio), using structured outputs.',
  configSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      baseURL: { type: 'string', format: 'uri', description: 'Base URL of an OpenAI-compatible API; unset: OpenAI.' },
      model: { type: 'string', minLength: 1, default: DEFAULT_MODEL },
      timeoutMs: { type: 'integer', minimum: 1, default: DEFAULT_TIMEOUT_MS },
      maxOutputTokens: { type: 'integer', minimum: 1, default: DEFAULT_MAX_OUTPUT_TOKENS },
    },
  },
  credentialsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: { apiKey: { type: 'string', minLength: 1 } },
  },
};

/** Keys of the schema file's root that describe the file rather than the answer; strict mode does not want them. */
const FILE_KEYS = new Set(['$schema', '$id', 'title', 'description']);

/** The extraction schema without its file metadata: the `json_schema.schema` sent to the model. */
const RESPONSE_SCHEMA: Record<string, unknown> = Object.fromEntries(
  Object.entries(extractionSchema).filter(([key]) => !FILE_KEYS.has(key)),
);
const SCHEMA_CHARS = JSON.stringify(RESPONSE_SCHEMA).length;

/** The settings of a call; the host always passes them, filled in from the manifest's defaults. */
function settingsOf(context: CallContext | undefined): OpenAISettings {
  const given = (context?.settings ?? {}) as { config?: Partial<OpenAIConfig>; credentials?: OpenAICredentials };
  return {
    config: { model: DEFAULT_MODEL, timeoutMs: DEFAULT_TIMEOUT_MS, maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS, ...given.config },
    credentials: { ...given.credentials },
  };
}

/** The SDK, loaded on the first call: the API processes list and check this plugin but never call it. */
let sdk: Promise<typeof OpenAISdk> | undefined;
const loadSdk = () => (sdk ??= import('openai'));

function clientFor(OpenAIClient: typeof OpenAI, { config, credentials }: OpenAISettings): OpenAI {
  return new OpenAIClient({
    // The SDK insists on a key; without one the placeholder is never sent (the header is removed below).
    apiKey: credentials.apiKey || 'unused',
    baseURL: config.baseURL || null,
    organization: null,
    project: null,
    timeout: config.timeoutMs,
    maxRetries: 0,
    ...(credentials.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });
}

async function call(settings: OpenAISettings, messages: ChatCompletionMessageParam[], signal: AbortSignal | undefined): Promise<ChatCompletion> {
  const openai = await loadSdk();
  const client = clientFor(openai.default, settings);
  const { model, maxOutputTokens, timeoutMs } = settings.config;
  try {
    return await client.chat.completions.create(
      {
        model,
        messages,
        response_format: { type: 'json_schema', json_schema: { name: 'extraction', strict: true, schema: RESPONSE_SCHEMA } },
        max_completion_tokens: maxOutputTokens,
      },
      { maxRetries: 0, timeout: timeoutMs, ...(signal ? { signal } : {}) },
    );
  } catch (error) {
    throw translate(error, { baseURL: client.baseURL, timeoutMs, ...(signal ? { signal } : {}) }, openai);
  }
}

export const openaiExtractor: ExtractorPlugin = {
  manifest: MANIFEST,

  estimate(request: ExtractionRequest, context?: CallContext) {
    const chars = SYSTEM_PROMPT.length + buildUserMessage(request).length + SCHEMA_CHARS;
    return { inputTokens: Math.ceil(chars / 4), outputTokens: settingsOf(context).config.maxOutputTokens };
  },

  async extract(request: ExtractionRequest, context: CallContext): Promise<ExtractionResult> {
    const { signal } = context;
    signal?.throwIfAborted();
    const settings = settingsOf(context);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: buildUserMessage(request) },
    ];
    const usage: ExtractionUsage = { provider: 'openai', model: settings.config.model, inputTokens: 0, outputTokens: 0, calls: 0 };
    for (let attempt = 1; ; attempt++) {
      const completion = await call(settings, messages, signal);
      usage.calls += 1;
      usage.inputTokens += completion.usage?.prompt_tokens ?? 0;
      usage.outputTokens += completion.usage?.completion_tokens ?? 0;
      if (completion.model) usage.model = completion.model;
      const checked = check(completion);
      if (checked.ok) {
        return { tickets: sanitise(checked.extraction.tickets, request.transcript.participants.map((p) => p.name)), usage };
      }
      if (attempt >= 2) {
        const error = failure(`The model returned tickets that do not match the expected format: ${checked.problem}`, false);
        error.usage = usage;
        throw error;
      }
      messages.push(
        { role: 'assistant', content: completion.choices[0]?.message.content ?? '' },
        {
          role: 'user',
          content: `Your answer cannot be used: ${checked.problem}.\nAnswer again with only a JSON object that matches the schema exactly: {"tickets": [...]}, every field present (null or [] when unknown), no other properties.`,
        },
      );
    }
  },
};

export default openaiExtractor;
