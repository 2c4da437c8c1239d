/**
 * The bot contract kit: the checks the built-in bots pass, runnable against a third-party bot with any test
 * runner. The author gives settings and an HTTP client that reach a stand-in of the bot service, a way to end
 * the stand-in's meeting with something said, and webhook deliveries signed the service's way (one fresh, one
 * long past); the kit runs a bot's whole life through the host, forges deliveries from the genuine one, then
 * answers every request itself with the failures a service gives and checks each surfaces as the right BotError.
 */
import type { BotWebhookDelivery, PluginSettings, TrackerHttp } from '../../../plugins/sdk/index.ts';
import { isBotError, TrackerError, type BotErrorKind, type BotPlugin } from '../../../plugins/sdk/index.ts';
import type { BoundBot, PluginHost } from '../host.ts';
import { loadAlone, messageOf, throwProblems } from './shared.ts';

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

/** What a call was refused with, or null when it succeeded. */
const failureOf = (run: () => Promise<unknown>): Promise<unknown> => run().then(() => null, (error: unknown) => error ?? new Error('rejected'));

async function checkLife(bot: BoundBot, options: BotKitOptions, problems: string[]): Promise<void> {
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

async function checkWebhooks(bot: BoundBot, botId: string, options: BotKitOptions, problems: string[]): Promise<void> {
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

async function checkUnsecured(host: PluginHost, id: string, options: BotKitOptions, problems: string[]): Promise<void> {
  const { webhookSecret: _secret, ...credentials } = (options.settings.credentials ?? {}) as Record<string, unknown>;
  const bot = host.bot(id, { ...options.settings, credentials }, options.http)!;
  const verdict = await bot.verifyWebhook(await options.signedWebhook('kit-bot'));
  if (verdict.genuine) problems.push('verifyWebhook() accepted a delivery with no webhook secret configured');
}

async function checkFailures(host: PluginHost, id: string, options: BotKitOptions, problems: string[]): Promise<void> {
  for (const { label, http, kind, call } of FAILURES) {
    const bot = host.bot(id, options.settings, http)!;
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

export async function checkBotContract(plugin: BotPlugin, options: BotKitOptions): Promise<string[]> {
  const { host, problems } = await loadAlone(plugin, options.settings);
  if (problems.length) return problems;
  const id = plugin.manifest.id;
  for (const part of ['config', 'credentials'] as const) {
    const properties = (plugin.manifest[`${part}Schema`] as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    const missing = SETTING_NAMES[part].filter((name) => !(name in properties));
    if (missing.length) problems.push(`the ${part}Schema must declare ${missing.join(' and ')} (MEETING_BOT_* settings are passed under those names)`);
  }
  try {
    await checkLife(host.bot(id, options.settings, options.http)!, options, problems);
  } catch (error) {
    problems.push(`against the stand-in: ${messageOf(error)}`);
  }
  await checkUnsecured(host, id, options, problems);
  await checkFailures(host, id, options, problems);
  return problems;
}

export async function assertBotContract(plugin: BotPlugin, options: BotKitOptions): Promise<void> {
  throwProblems('bot', plugin.manifest.id, await checkBotContract(plugin, options));
}
