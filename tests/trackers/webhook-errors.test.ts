// How the `webhook` tracker reports each answer a receiver refuses a delivery with: the kind the push workflow
// acts on (retry under the same webhook-id, wait, or fail the ticket), the receiver's own words, a network
// failure and a call cut short by its signal. The plugin itself never waits or retries.
import { describe, expect, it } from 'vitest';
import { fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import { freePort } from '../support/free-port.ts';
import type { TrackerContext, TrackerHttp } from '../../plugins/sdk/index.ts';
import { webhookTracker } from '../../plugins/trackers/webhook/index.ts';

const URL_WITH_TOKEN = 'https://hooks.example.com/services/T0KEN';

/** A receiver that answers every delivery with `status`, `text` and `headers`. */
const answering = (status: number, text = '', headers: Record<string, string> = {}): TrackerHttp => async () => {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status, headers, text, json };
};
const context = (http: TrackerHttp, url = URL_WITH_TOKEN, signal?: AbortSignal): TrackerContext => ({
  settings: { config: { projectIdentifier: 'ACME-WEB' }, credentials: { url } }, http, ...(signal ? { signal } : {}),
});
const failureOf = (http: TrackerHttp) => webhookTracker.create(sampleTicket(), context(http)).then(
  () => { throw new Error('the delivery was taken'); },
  (error: { kind: string; message: string; status?: number; retryAt?: string }) => error,
);

describe('webhook tracker: redirects', () => {
  it.each([301, 302, 307, 308])('counts a %i as a failed delivery (Standard Webhooks), never following it, and names only the host', async (status) => {
    const asked: { followRedirects?: boolean }[] = [];
    const redirecting: TrackerHttp = async (request) => {
      asked.push(request);
      return { status, headers: { location: 'https://hooks.example.net/services/N3W-T0KEN?key=S3CRET' }, text: '', json: undefined };
    };
    const error = await failureOf(redirecting);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.followRedirects).toBe(false);
    expect(error).toMatchObject({
      kind: 'validation', status,
      message: `The webhook receiver at hooks.example.com answered ${status}, a redirect to hooks.example.net. Webhook deliveries do not follow redirects (Standard Webhooks counts them as failures): set the address it leads to as the webhook URL.`,
    });
    expect(error.message).not.toMatch(/T0KEN|S3CRET/);
  });

  it('sends webhook-ids without a period, which would make the signed content ambiguous', async () => {
    const ids: string[] = [];
    const taking: TrackerHttp = async (request) => {
      ids.push(request.headers!['webhook-id']!);
      return { status: 200, headers: {}, text: '', json: undefined };
    };
    await webhookTracker.create(sampleTicket({ id: 'ticket.with.dots' }), context(taking));
    await webhookTracker.create(sampleTicket(), context(taking));
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]+$/);
  });
});

describe('webhook tracker: refused deliveries', () => {
  it.each([
    [400, 'validation', '{"message":"unknown project ACME-WEB"}', 'The webhook receiver at hooks.example.com answered 400: unknown project ACME-WEB'],
    [401, 'auth', 'signature mismatch', 'The webhook receiver at hooks.example.com answered 401: signature mismatch'],
    [403, 'forbidden', '', 'The webhook receiver at hooks.example.com answered 403.'],
    [404, 'not_found', '<html><body><h1>Not Found</h1></body></html>', 'The webhook receiver at hooks.example.com answered 404.'],
    [410, 'not_found', 'hook deleted', 'The webhook receiver at hooks.example.com answered 410: hook deleted'],
    [413, 'validation', 'payload too large', 'The webhook receiver at hooks.example.com answered 413: payload too large'],
    [422, 'validation', '{"error":"title is required"}', 'The webhook receiver at hooks.example.com answered 422: title is required'],
    [408, 'transient', '', 'The webhook receiver at hooks.example.com answered 408.'],
    [500, 'transient', 'Internal Server Error', 'The webhook receiver at hooks.example.com answered 500: Internal Server Error'],
    [502, 'transient', '', 'The webhook receiver at hooks.example.com answered 502.'],
    [503, 'transient', 'maintenance', 'The webhook receiver at hooks.example.com answered 503: maintenance'],
  ])('reports a %i as %s, in the receiver\'s words', async (status, kind, text, message) => {
    const error = await failureOf(answering(status, text));
    expect(error).toMatchObject({ kind, status, message });
    expect(error.message).not.toContain('T0KEN');
  });

  it.each([
    [429, { 'retry-after': '30' }, 30_000],
    [503, { 'retry-after': '120' }, 120_000],
    [429, {}, 60_000],
  ])('reports a %i with %o as rate limited until then', async (status, headers, wait) => {
    const before = Date.now();
    const error = await failureOf(answering(status, 'slow down', headers));
    expect(error.kind).toBe('rate_limited');
    expect(Date.parse(error.retryAt!) - before).toBeGreaterThanOrEqual(wait - 1_000);
    expect(Date.parse(error.retryAt!) - before).toBeLessThanOrEqual(wait + 1_000);
  });

  it('reports an unreachable receiver as transient, naming only its host', async () => {
    const url = `http://127.0.0.1:${await freePort()}/hooks/T0KEN`;
    const error = (await webhookTracker.create(sampleTicket(), context(fetchHttp, url)).catch((failure: Error) => failure)) as Error;
    expect(error).toMatchObject({ kind: 'transient', message: expect.stringMatching(/^Could not reach 127\.0\.0\.1:\d+/) });
    expect(error.message).not.toContain('T0KEN');
  });

  it('stops waiting when its signal times out, with the signal\'s reason', async () => {
    const silent: TrackerHttp = () => new Promise(() => {});
    const started = Date.now();
    await expect(webhookTracker.create(sampleTicket(), context(silent, URL_WITH_TOKEN, AbortSignal.timeout(100)))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(webhookTracker.verify(context(silent, URL_WITH_TOKEN, AbortSignal.abort()))).rejects.toMatchObject({ name: 'AbortError' });
  });
});
