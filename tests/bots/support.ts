/**
 * What the bot tests share: a host holding the built-in bots, and each bot bound the way the product binds it,
 * through the guarded outbound client (loopback allowed, a short timeout so a silent service fails fast).
 */
import { afterAll, beforeAll } from 'vitest';
import { createOutboundHttp } from '../../core/net/http.ts';
import { PluginHost, type BoundBot } from '../../core/plugins/host.ts';
import type { BotState } from '../../plugins/sdk/index.ts';
import { BUILTIN_BOTS } from '../../plugins/bots/index.ts';

export const host = await PluginHost.load({ builtins: BUILTIN_BOTS });

export const TIMEOUT_MS = 1_000;
export const outbound = createOutboundHttp({ allowlist: '127.0.0.1/32', timeoutMs: TIMEOUT_MS });

export function boundBot(id: 'recall' | 'attendee', baseUrl: string, credentials: Record<string, string>, config: Record<string, unknown> = {}): BoundBot {
  return host.bot(id, { config: { baseUrl, ...config }, credentials }, outbound)!;
}

/** Starts a stand-in before the file's tests, with its bot bound to it by `bind`, and stops it after them. */
export function standIn<Fake extends { close(): Promise<void> }>(start: () => Promise<Fake>, bind: (fake: Fake) => BoundBot) {
  const service = {} as { fake: Fake; bot: BoundBot };
  beforeAll(async () => {
    service.fake = await start();
    service.bot = bind(service.fake);
  });
  afterAll(() => service.fake.close());
  return service;
}

/** The failure a call ends with (or null when it succeeds). */
export async function failureOf(run: Promise<unknown>): Promise<{ kind?: string; message: string; retryAt?: string; status?: number; name?: string } | null> {
  try {
    await run;
    return null;
  } catch (error) {
    return error as { kind?: string; message: string };
  }
}

/** Seconds from now until `iso`. */
export const secondsUntil = (iso: string | undefined) => (Date.parse(iso ?? '') - Date.now()) / 1000;

/** A state without its providerStatus, for tables that check the mapping. */
export const mapped = ({ status, reason }: BotState) => ({ status, ...(reason ? { reason } : {}) });

export const MEETING = 'https://meet.google.com/abc-defg-hij';
