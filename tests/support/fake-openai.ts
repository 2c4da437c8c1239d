/**
 * A local OpenAI-compatible HTTP server for tests: listens on 127.0.0.1 at a random port, records every request
 * (method, path, headers, parsed JSON body) and answers each call with the next scripted reply. A reply may be
 * delayed; whether the client gave up before the answer (timeout, abort) is recorded as the request's outcome.
 */
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeReply {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (for bodies that are not JSON). */
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

export type Outcome = 'answered' | 'aborted';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed (the raw text when it is not JSON). */
  body: unknown;
  /** Settles when the reply was sent, or when the client closed the connection before it. */
  outcome: Promise<Outcome>;
}

export interface CompletionOptions {
  /** Omitted from the answer when null. Default 'fake-model-2025'. */
  model?: string | null;
  promptTokens?: number;
  completionTokens?: number;
  /** Omit `usage` entirely. */
  noUsage?: boolean;
  finishReason?: 'stop' | 'length' | 'content_filter';
  refusal?: string | null;
}

/** A successful Chat Completions answer whose message content is `content` (objects are JSON-encoded). */
export function completion(content: unknown, options: CompletionOptions = {}): FakeReply {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  const promptTokens = options.promptTokens ?? 100;
  const completionTokens = options.completionTokens ?? 50;
  return {
    json: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_700_000_000,
      ...(options.model === null ? {} : { model: options.model ?? 'fake-model-2025' }),
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: options.refusal ? null : text, refusal: options.refusal ?? null },
          finish_reason: options.finishReason ?? 'stop',
          logprobs: null,
        },
      ],
      ...(options.noUsage
        ? {}
        : { usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } }),
    },
  };
}

/** An OpenAI-style error answer: `{ error: { message, type, code } }`. */
export function apiError(status: number, message: string, headers: Record<string, string> = {}): FakeReply {
  return { status, headers, json: { error: { message, type: 'fake_error', param: null, code: null } } };
}

export class FakeOpenAI {
  readonly requests: RecordedRequest[] = [];
  readonly #replies: FakeReply[] = [];
  readonly #server: Server;
  readonly #timers = new Set<NodeJS.Timeout>();

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<FakeOpenAI> {
    const server = createServer();
    const fake = new FakeOpenAI(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // keep the raw text
        }
        let settle: (outcome: Outcome) => void = () => {};
        const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
        const call = fake.requests.length + 1;
        fake.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, outcome });
        const reply = fake.#replies.shift() ?? apiError(599, `fake-openai: no reply scripted for call ${call}`);
        let timer: NodeJS.Timeout | undefined;
        res.on('close', () => {
          if (timer) {
            clearTimeout(timer);
            fake.#timers.delete(timer);
          }
          settle(res.writableFinished ? 'answered' : 'aborted');
        });
        const send = (): void => {
          if (res.destroyed) return;
          const payload = reply.body ?? JSON.stringify(reply.json ?? {});
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
          res.end(payload);
        };
        if (reply.delayMs) {
          timer = setTimeout(send, reply.delayMs);
          fake.#timers.add(timer);
        } else send();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return fake;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** The base URL a client is given: `http://127.0.0.1:<port>/v1`. */
  get baseURL(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** Queues replies for the next calls, in order. */
  script(...replies: FakeReply[]): this {
    this.#replies.push(...replies);
    return this;
  }

  /** Forgets recorded requests and unused replies. */
  reset(): void {
    this.requests.length = 0;
    this.#replies.length = 0;
  }

  /** Replies scripted but not used yet. */
  get pending(): number {
    return this.#replies.length;
  }

  /** Resolves once `count` requests have arrived. */
  async waitForRequests(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) throw new Error(`fake-openai: expected ${count} requests, got ${this.requests.length}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
