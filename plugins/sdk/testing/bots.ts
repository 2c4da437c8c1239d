/**
 * The bot contract kit: the checks the built-in bots pass, as plain functions that run under any test runner with
 * nothing but this package. The author gives settings and an HTTP client that reach a stand-in of the bot service,
 * a way to end the stand-in's meeting with something said, and webhook deliveries signed the service's way (one
 * fresh, one long past); the kit runs a bot's whole life, forges deliveries from the genuine one, then answers
 * every request itself with the failures a service gives and checks each surfaces as the right BotError.
 *
 * Alone, the kit calls the plugin the way the host does (anything but a BotError or TrackerError becomes a
 * transient BotError) and checks its answers against schemas/bot-state.schema.json and bot-event.schema.json; the
 * host's own kit (the app's testkit) runs the same checks through the host, which also validates the settings.
 */
import { asBotError, BotError, isBotError, type BotCreateRequest, type BotErrorKind, type BotEvent, type BotPlugin, type BotState, type BotWebhook, type BotWebhookDelivery } from '../bot.ts';
import type { PluginSettings } from '../manifest.ts';
import type { ParserOutput } from '../parser.ts';
import { TrackerError } from '../tracker-errors.ts';
import type { TrackerHttp } from '../tracker.ts';
import { manifestProblems, settingsWithDefaults } from './manifest.ts';
import { transcriptProblems } from './parsers.ts';
import { failureOf, messageOf, throwProblems } from './problems.ts';
import { SCHEMAS, schemaProblems } from './schema-check.ts';

export interface BotKitOptions {
  /** Settings reaching the stand-in: config.baseUrl, credentials.apiKey and credentials.webhookSecret. */
  settings: Partial<PluginSettings>;
  /** Reaches the stand-in; `fetchHttp` when it listens on a local address. */
  http: TrackerHttp;
  /** A meeting link the stand-in accepts; a Google Meet link by default. */
  meetingUrl?: string;
  /** Ends the stand-in's meeting for the bot after something was said, so that transcript() has lines to give. */
  endMeeting(botId: string): void | Promise<void>;
  /** A delivery reporting a state change of `botId`, signed as the service signs one now. */
  signedWebhook(botId: string): BotWebhookDelivery | Promise<BotWebhookDelivery>;
  /** The same kind of delivery, signed as the service did long ago: a replay the plugin must refuse. */
  staleWebhook(botId: string): BotWebhookDelivery | Promise<BotWebhookDelivery>;
}

type Signal = { signal?: AbortSignal };

/** Whether a delivery was taken as genuine; when not, why. */
export type KitWebhookVerdict = { genuine: true } | { genuine: false; problem: string };

/** The calls the kit makes, on a bot bound to its settings and HTTP client (the host's BoundBot has them). */
export interface KitBot {
  create(request: BotCreateRequest, options?: Signal): Promise<BotState>;
  cancel(botId: string, options?: Signal): Promise<BotState>;
  status(botId: string, options?: Signal): Promise<BotState>;
  transcript(botId: string, options?: Signal): Promise<{ messages: unknown[] }>;
  verifyWebhook(delivery: BotWebhookDelivery): Promise<KitWebhookVerdict>;
  parseWebhook(webhook: BotWebhook): BotEvent | null;
}

/** Binds the plugin to settings and an HTTP client (the host's binding, or the kit's own). */
export type BindBot = (settings: Partial<PluginSettings>, http: TrackerHttp) => KitBot;

const SETTING_NAMES = { config: ['baseUrl'], credentials: ['apiKey', 'webhookSecret'] } as const;

const answering = (status: number, headers: Record<string, string> = {}): TrackerHttp => async () => ({
  status, headers: { 'content-type': 'application/json', ...headers }, text: '{"detail":"scripted by the kit"}', json: { detail: 'scripted by the kit' },
});

const FAILURES: { label: string; http: TrackerHttp; kind: BotErrorKind; call: 'create' | 'status' }[] = [
  { label: '401', http: answering(401), kind: 'auth', call: 'create' },
  { label: '429 with Retry-After: 30', http: answering(429, { 'retry-after': '30' }), kind: 'rate_limited', call: 'create' },
  { label: '503', http: answering(503), kind: 'transient', call: 'create' },
  { label: 'a network failure', kind: 'transient', call: 'create', http: async (request) => {
    throw new TrackerError('transient', `Could not reach ${new URL(request.url).host}: connection refused.`);
  } },
  { label: '404', http: answering(404), kind: 'not_found', call: 'status' },
];

async function checkLife(bot: KitBot, options: BotKitOptions, problems: string[]): Promise<void> {
  const request = { meetingUrl: options.meetingUrl ?? 'https://meet.google.com/abc-defg-hij', botName: 'Tickscribe kit' };
  const first = await bot.create(request);
  if (first.status !== 'pending' && first.status !== 'recording') problems.push(`create() returned a bot ${first.status}; expected pending`);
  if ((await bot.status(first.botId)).status === 'failed') problems.push('status() right after create() says the bot failed');
  await options.endMeeting(first.botId);
  const ended = await bot.status(first.botId);
  if (ended.status !== 'done') problems.push(`status() after the meeting ended returned ${ended.status}; expected done`);
  const transcript = await bot.transcript(first.botId);
  if (!transcript.messages.length) problems.push('transcript() of a meeting where something was said has no messages');
  const second = await bot.create(request);
  const cancelled = await bot.cancel(second.botId);
  if (cancelled.status !== 'cancelled') problems.push(`cancel() of a bot that had not ended returned ${cancelled.status}; expected cancelled`);
  const aborted = await failureOf(() => bot.create(request, { signal: AbortSignal.abort(new Error('cancelled by the kit')) }));
  if (!aborted) problems.push('create() ignored an aborted signal; it must reject');
  await checkWebhooks(bot, first.botId, options, problems);
}

async function checkWebhooks(bot: KitBot, botId: string, options: BotKitOptions, problems: string[]): Promise<void> {
  const genuine = await options.signedWebhook(botId);
  const verdict = await bot.verifyWebhook(genuine);
  if (!verdict.genuine) problems.push(`verifyWebhook() refused a genuine delivery: ${verdict.problem}`);
  const text = typeof genuine.rawBody === 'string' ? genuine.rawBody : new TextDecoder().decode(genuine.rawBody);
  const forged = { ...genuine, rawBody: text.replaceAll(botId, `${botId}x`) };
  if (text.includes(botId) && (await bot.verifyWebhook(forged)).genuine) problems.push('verifyWebhook() accepted a delivery whose body was changed after signing');
  if ((await bot.verifyWebhook({ rawBody: genuine.rawBody, headers: {} })).genuine) problems.push('verifyWebhook() accepted a delivery without its signature headers');
  if ((await bot.verifyWebhook(await options.staleWebhook(botId))).genuine) problems.push('verifyWebhook() accepted a stale delivery (a replay)');
  const event = bot.parseWebhook({ body: JSON.parse(text), headers: genuine.headers });
  if (event?.botId !== botId) problems.push(`parseWebhook() of a state change of ${botId} returned ${event ? `an event of ${event.botId}` : 'null'}`);
  const again = bot.parseWebhook({ body: JSON.parse(text), headers: genuine.headers });
  if (event && again?.dedupeKey !== event.dedupeKey) problems.push('parseWebhook() gave two deliveries of one event different dedupeKeys');
}

async function checkUnsecured(bind: BindBot, options: BotKitOptions, problems: string[]): Promise<void> {
  const { webhookSecret: _secret, ...credentials } = (options.settings.credentials ?? {}) as Record<string, unknown>;
  const bot = bind({ ...options.settings, credentials }, options.http);
  const verdict = await bot.verifyWebhook(await options.signedWebhook('kit-bot'));
  if (verdict.genuine) problems.push('verifyWebhook() accepted a delivery with no webhook secret configured');
}

async function checkFailures(bind: BindBot, options: BotKitOptions, problems: string[]): Promise<void> {
  for (const { label, http, kind, call } of FAILURES) {
    const bot = bind(options.settings, http);
    const error = await failureOf(() => (call === 'create' ? bot.create({ meetingUrl: options.meetingUrl ?? 'https://meet.google.com/abc-defg-hij', botName: 'Kit' }) : bot.status('kit-bot')));
    if (!isBotError(error)) {
      problems.push(`${call}() answered by ${label} ${error ? `threw ${messageOf(error)}` : 'did not fail'}; it must throw a BotError of kind '${kind}'`);
      continue;
    }
    if (error.kind !== kind) problems.push(`${call}() answered by ${label} threw kind '${error.kind}' (${error.message}); expected '${kind}'`);
    const wait = Date.parse(error.retryAt ?? '') - Date.now();
    if (kind === 'rate_limited' && !(wait > 20_000 && wait <= 35_000)) problems.push(`${call}() answered by ${label} gave retryAt ${error.retryAt ?? '(none)'}; expected about 30 seconds from now`);
  }
}

/** The checks, given a way to bind the bot (the host's or the kit's own); appends to `problems`. */
export async function runBotChecks(plugin: BotPlugin, options: BotKitOptions, bind: BindBot, problems: string[]): Promise<void> {
  for (const part of ['config', 'credentials'] as const) {
    const properties = (plugin.manifest[`${part}Schema`] as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    const missing = SETTING_NAMES[part].filter((name) => !(name in properties));
    if (missing.length) problems.push(`the ${part}Schema must declare ${missing.join(' and ')} (MEETING_BOT_* settings are passed under those names)`);
  }
  try {
    await checkLife(bind(options.settings, options.http), options, problems);
  } catch (error) {
    problems.push(`against the stand-in: ${messageOf(error)}`);
  }
  await checkUnsecured(bind, options, problems);
  await checkFailures(bind, options, problems);
}

const FINAL = new Set<BotState['status']>(['done', 'failed', 'cancelled']);

/** The bot bound as the host binds it: its context, its answers checked, anything but a BotError transient. */
function bindAlone(plugin: BotPlugin): BindBot {
  const id = plugin.manifest.id;
  return (given, http) => {
    const settings = settingsWithDefaults(plugin, given);
    const contextOf = (signal?: AbortSignal) => ({ settings, http: (request: Parameters<TrackerHttp>[0]) => http(request), ...(signal ? { signal } : {}) });
    const call = async <T>(name: string, options: Signal, run: (context: ReturnType<typeof contextOf>) => Promise<T>): Promise<T> => {
      try {
        return await run(contextOf(options.signal));
      } catch (error) {
        if (options.signal?.aborted) throw error;
        throw asBotError(error, `The ${id} plugin's ${name}() failed`);
      }
    };
    const state = (name: string, value: BotState, botId?: string) => {
      const problems = schemaProblems(SCHEMAS.botState, value);
      if (problems.length) throw new Error(`The ${id} plugin's ${name}() returned an invalid state: ${problems.join('; ')}`);
      if (botId !== undefined && value.botId !== botId) throw new Error(`The ${id} plugin's ${name}() returned the state of bot ${value.botId}, not of ${botId}`);
      return value;
    };
    return {
      create: async (request, options = {}) => state('create', await call('create', options, (context) => plugin.create(request, context))),
      status: async (botId, options = {}) => state('status', await call('status', options, (context) => plugin.status(botId, context)), botId),
      async cancel(botId, options = {}) {
        const cancelled = state('cancel', await call('cancel', options, (context) => plugin.cancel(botId, context)), botId);
        if (!FINAL.has(cancelled.status)) throw new Error(`The ${id} plugin's cancel() must leave the bot cancelled or in a final state, not ${cancelled.status}`);
        return cancelled;
      },
      async transcript(botId, options = {}) {
        const transcript: ParserOutput['transcript'] = await call('transcript', options, (context) => plugin.transcript(botId, context));
        if (Array.isArray(transcript?.messages) && !transcript.messages.length) throw new BotError('no_recording', 'The recording holds nothing to transcribe.');
        const problems = transcriptProblems(transcript, id);
        if (problems.length) throw new Error(`The ${id} plugin's transcript() returned an invalid transcript: ${problems.join('; ')}`);
        return transcript;
      },
      async verifyWebhook(delivery) {
        try {
          return (await plugin.verifyWebhook(delivery, contextOf())) === true ? { genuine: true } : { genuine: false, problem: `the ${id} plugin refused the delivery` };
        } catch (error) {
          return { genuine: false, problem: messageOf(error) };
        }
      },
      parseWebhook(webhook) {
        const event = plugin.parseWebhook(webhook, contextOf());
        if (event === null) return null;
        const problems = schemaProblems(SCHEMAS.botEvent, event);
        if (event?.state && event.state.botId !== event.botId) problems.push(`the state is of bot ${event.state.botId}, not of ${event.botId}`);
        if (!event?.state && !event?.transcriptReady) problems.push('it has neither a state nor transcriptReady (answer null for such events)');
        if (problems.length) throw new Error(`The ${id} plugin's parseWebhook() returned an invalid event: ${problems.join('; ')}`);
        return event;
      },
    };
  };
}

/** The problems found in `plugin` (none means it keeps the bot contract). */
export async function checkBotContract<Settings extends PluginSettings>(plugin: BotPlugin<Settings>, options: BotKitOptions): Promise<string[]> {
  const bot = plugin as unknown as BotPlugin;
  const problems = manifestProblems(bot, 'bot');
  if (problems.length) return problems;
  await runBotChecks(bot, options, bindAlone(bot), problems);
  return problems;
}

/** Throws one error listing every problem found in `plugin`. */
export async function assertBotContract<Settings extends PluginSettings>(plugin: BotPlugin<Settings>, options: BotKitOptions): Promise<void> {
  throwProblems('bot', plugin.manifest.id, await checkBotContract(plugin, options));
}
