/**
 * The `openai` extractor: asks any OpenAI-compatible Chat Completions endpoint (OpenAI, Azure OpenAI's v1 API,
 * Ollama, vLLM, LM Studio) for the tickets in a transcript, with the extraction schema as a strict json_schema
 * response format. An answer that is not JSON or breaks the schema is sent back once with the errors; rate limits,
 * server errors, connection failures and timeouts throw errors marked `retryable` for the workflow's retry policy
 * (the client itself never retries).
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ErrorObject, ValidateFunction } from 'ajv';
import extractionSchema from '../../../schemas/extraction.schema.json' with { type: 'json' };
import { createAjv, getValidator } from '../../../core/schema/registry.ts';
import type {
  ExtractedTicket,
  ExtractionRequest,
  ExtractionResult,
  ExtractionUsage,
  ExtractorManifest,
  ExtractorPlugin,
  Extraction,
} from '../../sdk/index.ts';
import { SYSTEM_PROMPT, buildUserMessage } from './prompt.ts';

export interface OpenAIExtractorSettings {
  /** Sent as `Authorization: Bearer`. Unset: no Authorization header (local servers such as Ollama need none). */
  apiKey?: string;
  /** Base URL of the API, e.g. `http://localhost:11434/v1`. Unset: OpenAI's. */
  baseURL?: string;
  model: string;
  /** Longest wait for one answer. Default 180 s. */
  timeoutMs?: number;
  /** Cap on the answer's tokens (`max_completion_tokens`), and the output reservation. Default 4000. */
  maxOutputTokens?: number;
}

export const DEFAULT_TIMEOUT_MS = 180_000;
export const DEFAULT_MAX_OUTPUT_TOKENS = 4000;

const MANIFEST: ExtractorManifest = {
  apiVersion: 1,
  id: 'openai',
  kind: 'extractor',
  name: 'OpenAI-compatible LLM',
  version: '1.0.0',
  description:
    'Finds tickets with a large language model behind any OpenAI-compatible Chat Completions API (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio), using structured outputs.',
};

/** Keys of the schema file's root that describe the file rather than the answer; strict mode does not want them. */
const FILE_KEYS = new Set(['$schema', '$id', 'title', 'description']);

/** schemas/extraction.schema.json without its file metadata: the `json_schema.schema` sent to the model. */
export const RESPONSE_SCHEMA: Record<string, unknown> = Object.fromEntries(
  Object.entries(extractionSchema).filter(([key]) => !FILE_KEYS.has(key)),
);

/** The error an extractor throws when trying again later may succeed. */
export type ExtractorError = Error & { retryable: boolean; status?: number; retryAfterMs?: number; usage?: ExtractionUsage };

function failure(
  message: string,
  retryable: boolean,
  extra: { cause?: unknown; status?: number; retryAfterMs?: number } = {},
): ExtractorError {
  const error = new Error(message, extra.cause === undefined ? undefined : { cause: extra.cause }) as ExtractorError;
  error.retryable = retryable;
  if (extra.status !== undefined) error.status = extra.status;
  if (extra.retryAfterMs !== undefined) error.retryAfterMs = extra.retryAfterMs;
  return error;
}

/** The server's own words for an HTTP error: `error.message`, a string `error`, or the SDK's message. */
function serverMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | string | undefined;
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (body && typeof body === 'object' && typeof body.message === 'string' && body.message.trim()) return body.message.trim();
  return error.message.replace(/^\d{3}\s+/, '');
}

const HINTS: Record<number, string> = {
  400: 'The model or the server may not support structured outputs (json_schema response format).',
  401: 'Check the API key (OPENAI_API_KEY).',
  403: 'Check that the API key has access to this model.',
  404: 'Check the base URL (OPENAI_BASE_URL) and the model name (OPENAI_MODEL).',
};

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after-ms') ?? undefined;
  if (value !== undefined && Number.isFinite(Number(value))) return Number(value);
  const seconds = headers?.get('retry-after');
  if (seconds && Number.isFinite(Number(seconds))) return Number(seconds) * 1000;
  return undefined;
}

/** ` (connect ECONNREFUSED 127.0.0.1:9)`: the innermost cause of a connection failure, or ''. */
function rootCause(error: Error): string {
  let inner: unknown = error.cause;
  for (let depth = 0; inner instanceof Error && inner.cause instanceof Error && depth < 5; depth++) inner = inner.cause;
  return inner instanceof Error && inner.message ? ` (${inner.message})` : '';
}

/** An SDK error as an Error a user can read, marked retryable where waiting may help. */
function translate(error: unknown, context: { baseURL: string; timeoutMs: number; signal?: AbortSignal }): unknown {
  if (context.signal?.aborted) {
    // Cancelled by the caller: surface the signal's reason (an AbortError unless the caller gave one).
    try {
      context.signal.throwIfAborted();
    } catch (reason) {
      return reason;
    }
  }
  if (error instanceof APIUserAbortError) return failure('The request to the AI service was cancelled.', false, { cause: error });
  if (error instanceof APIConnectionTimeoutError) {
    return failure(`The AI service did not answer within ${context.timeoutMs / 1000} seconds.`, true, { cause: error });
  }
  if (error instanceof APIConnectionError) {
    return failure(`Could not reach the AI service at ${context.baseURL}: ${error.message}${rootCause(error)}`, true, { cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const detail = serverMessage(error);
    if (status === 408 || status === 429 || status >= 500) {
      const what = status === 429 ? 'is rate limiting requests' : status === 408 ? 'timed out' : 'had an error';
      const wait = retryAfterMs(error.headers);
      return failure(`The AI service ${what} (HTTP ${status}): ${detail}`, true, {
        cause: error,
        status,
        ...(wait === undefined ? {} : { retryAfterMs: wait }),
      });
    }
    const hint = HINTS[status];
    return failure(`The AI service refused the request: ${detail.replace(/\.$/, '')} (HTTP ${status}).${hint ? ` ${hint}` : ''}`, false, {
      cause: error,
      status,
    });
  }
  return error;
}

let validateExtraction: ValidateFunction<Extraction> | undefined;

/** ajv's validator for extraction.schema.json, compiled on first use. */
function validator(): ValidateFunction<Extraction> {
  validateExtraction ??= getValidator<Extraction>(createAjv(), 'extraction.schema.json');
  return validateExtraction;
}

function describeErrors(errors: readonly ErrorObject[]): string {
  const lines = errors.slice(0, 10).map((e) => {
    const where = e.instancePath || '(root)';
    if (e.keyword === 'additionalProperties') return `${where}: unknown property '${String(e.params['additionalProperty'])}'`;
    if (e.keyword === 'required') return `${where}: missing property '${String(e.params['missingProperty'])}'`;
    if (e.keyword === 'enum') return `${where}: must be one of ${JSON.stringify(e.params['allowedValues'])}`;
    return `${where}: ${e.message ?? 'is invalid'}`;
  });
  if (errors.length > 10) lines.push(`… and ${errors.length - 10} more`);
  return lines.join('; ');
}

type Checked = { ok: true; extraction: Extraction } | { ok: false; problem: string };

/** Parses and validates one answer. */
function check(completion: ChatCompletion): Checked {
  const choice = completion.choices[0];
  const message = choice?.message;
  if (message?.refusal) return { ok: false, problem: `the model refused: ${message.refusal}` };
  const content = message?.content;
  if (!content?.trim()) return { ok: false, problem: 'the answer was empty' };
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    const cutOff = choice?.finish_reason === 'length' ? ' (the answer was cut off at the output token limit: keep it shorter)' : '';
    return { ok: false, problem: `the answer is not valid JSON: ${(error as Error).message}${cutOff}` };
  }
  const validate = validator();
  if (!validate(data)) return { ok: false, problem: `the answer does not match the schema: ${describeErrors(validate.errors ?? [])}` };
  return { ok: true, extraction: data as Extraction };
}

const normalise = (value: string): string => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Real calendar date in YYYY-MM-DD form. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(value);
}

/**
 * Defences against what a model may invent: an assignee who is not a participant becomes null (a spelling that
 * differs only in case or spacing becomes the participant's name as given), a malformed due date becomes null, and
 * dependencies keep only titles of other tickets in the same answer.
 */
export function sanitise(tickets: readonly ExtractedTicket[], participantNames: readonly string[]): ExtractedTicket[] {
  const names = new Map(participantNames.map((name) => [normalise(name), name]));
  const titles = new Map(tickets.map((t) => [normalise(t.title), t.title]));
  return tickets.map((ticket) => {
    const own = normalise(ticket.title);
    const dependsOn: string[] = [];
    for (const title of ticket.dependsOn) {
      const key = normalise(title);
      const known = titles.get(key);
      if (known !== undefined && key !== own && !dependsOn.includes(known)) dependsOn.push(known);
    }
    return {
      ...ticket,
      assignee: ticket.assignee === null ? null : (names.get(normalise(ticket.assignee)) ?? null),
      dueDate: ticket.dueDate !== null && isCalendarDate(ticket.dueDate.trim()) ? ticket.dueDate.trim() : null,
      dependsOn,
    };
  });
}

export function createOpenAIExtractor(settings: OpenAIExtractorSettings): ExtractorPlugin {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxOutputTokens = settings.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  const client = new OpenAI({
    // The SDK insists on a key; without one the placeholder is never sent (the header is removed below).
    apiKey: settings.apiKey || 'unused',
    baseURL: settings.baseURL || null,
    organization: null,
    project: null,
    timeout: timeoutMs,
    maxRetries: 0,
    ...(settings.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });
  const schemaChars = JSON.stringify(RESPONSE_SCHEMA).length;

  async function call(messages: ChatCompletionMessageParam[], signal: AbortSignal | undefined): Promise<ChatCompletion> {
    try {
      return await client.chat.completions.create(
        {
          model: settings.model,
          messages,
          response_format: { type: 'json_schema', json_schema: { name: 'extraction', strict: true, schema: RESPONSE_SCHEMA } },
          max_completion_tokens: maxOutputTokens,
        },
        { maxRetries: 0, timeout: timeoutMs, ...(signal ? { signal } : {}) },
      );
    } catch (error) {
      throw translate(error, { baseURL: client.baseURL, timeoutMs, ...(signal ? { signal } : {}) });
    }
  }

  return {
    manifest: MANIFEST,

    estimate(request: ExtractionRequest) {
      const chars = SYSTEM_PROMPT.length + buildUserMessage(request).length + schemaChars;
      return { inputTokens: Math.ceil(chars / 4), outputTokens: maxOutputTokens };
    },

    async extract(request: ExtractionRequest, { signal }: { signal?: AbortSignal }): Promise<ExtractionResult> {
      signal?.throwIfAborted();
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: buildUserMessage(request) },
      ];
      const usage: ExtractionUsage = { provider: 'openai', model: settings.model, inputTokens: 0, outputTokens: 0, calls: 0 };
      for (let attempt = 1; ; attempt++) {
        const completion = await call(messages, signal);
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
}
