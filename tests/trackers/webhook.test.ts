// The `webhook` tracker against a plain local receiver: every delivery verified with the Standard Webhooks
// reference verifier, its payload against schemas/webhook-payload.schema.json, a retried delivery recognisable
// by its webhook-id, and verification by a signed ping.
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertTrackerContract, fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import { createAjv, getValidator } from '../../core/schema/registry.ts';
import type { TrackerContext, TrackerTicket } from '../../plugins/sdk/index.ts';
import { markerOf } from '../../plugins/sdk/index.ts';
import { webhookTracker } from '../../plugins/trackers/webhook/index.ts';
import { startReceiver, type Delivery } from './webhook-receiver.ts';

const SECRET = `whsec_${Buffer.from('a test secret of thirty-two bytes').toString('base64')}`;
const validPayload = getValidator(createAjv(), 'webhook-payload.schema.json');

let receiver: Awaited<ReturnType<typeof startReceiver>>;
const context = (credentials: Record<string, unknown> = { secret: SECRET }, extra: Partial<TrackerContext> = {}): TrackerContext => ({
  settings: { config: { projectIdentifier: 'ACME-WEB' }, credentials: { url: receiver.url, ...credentials } }, http: fetchHttp, ...extra,
});
/** The delivery as the reference verifier reads it: it throws unless the signature and timestamp hold. */
const verified = (delivery: Delivery) => new Webhook(SECRET).verify(delivery.raw, delivery.headers as Record<string, string>) as Record<string, unknown>;
const expectValid = (payload: unknown) => {
  expect(validPayload(payload), JSON.stringify(validPayload.errors)).toBe(true);
};

beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

describe('webhook tracker: deliveries', () => {
  it('delivers every field of the ticket, signed, in the documented payload', async () => {
    const ticket: TrackerTicket = sampleTicket({ assignee: { id: 'grace', name: 'grace' }, status: 'InProgress' });
    const item = await webhookTracker.create(ticket, context());

    expect(item).toEqual({ externalId: `msg_${ticket.id}`, key: 'Delivered', url: `http://${receiver.host}/` });
    const [delivery] = receiver.deliveries;
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['webhook-id']).toBe(`msg_${ticket.id}`);
    expect(Number(delivery!.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(delivery!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = verified(delivery!);
    expectValid(payload);
    expect(Math.floor(Date.parse(payload.timestamp as string) / 1000)).toBe(Number(delivery!.headers['webhook-timestamp']));
    expect(payload).toEqual({
      type: 'ticket.created',
      timestamp: expect.any(String),
      data: { source: 'tickscribe', projectIdentifier: 'ACME-WEB', marker: markerOf(ticket.id), ticket, body: expect.any(String) },
    });
    const { body } = payload.data as { body: string };
    expect(body).toMatch(/^Sessions on mobile end after a minute\.\n\nUsers are logged out mid-form\.\n\n### Context\n\n/);
    expect(body).toContain('### Depends on\n\n- Agree the session policy (SEC-1 https://tracker.example/SEC-1)');
    expect(body).toContain('### From the meeting\n\n> Grace, can you fix the login timeout on mobile by Friday?');
  });

  it('takes the item from the receiver\'s answer when it names one', async () => {
    receiver.script.push({ status: 201, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 7031, key: 'OPS-12', url: 'https://ops.example.com/t/7031' }) });
    expect(await webhookTracker.create(sampleTicket(), context())).toEqual({ externalId: '7031', key: 'OPS-12', url: 'https://ops.example.com/t/7031' });
    receiver.script.push({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'abc', url: 'javascript:alert(1)' }) });
    expect(await webhookTracker.create(sampleTicket(), context())).toEqual({ externalId: 'abc', key: 'abc', url: `http://${receiver.host}/` });
  });

  it('retries a delivery under the same webhook-id, signed anew, so the receiver can drop the repeat', async () => {
    const ticket = sampleTicket();
    receiver.script.push({ status: 503, body: 'busy' });
    await expect(webhookTracker.create(ticket, context())).rejects.toMatchObject({ kind: 'transient', status: 503 });
    await webhookTracker.create(ticket, context());
    const [first, retry] = receiver.deliveries.map((delivery) => ({ id: delivery.headers['webhook-id'], payload: verified(delivery) }));
    expect(retry!.id).toBe(first!.id);
    expect(retry!.payload.data).toEqual(first!.payload.data);
    await webhookTracker.create(sampleTicket(), context());
    expect(receiver.deliveries[2]!.headers['webhook-id']).not.toBe(first!.id);
  });

  it('gives a ticket id that is no safe header value a stable digest as its webhook-id', async () => {
    await webhookTracker.create(sampleTicket({ id: 'ticket 7/ä' }), context());
    await webhookTracker.create(sampleTicket({ id: 'ticket 7/ä' }), context());
    const [first, second] = receiver.deliveries.map((delivery) => delivery.headers['webhook-id']);
    expect(first).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(second).toBe(first);
  });

  it('sends unsigned deliveries when no secret is set, and says so when verified', async () => {
    await webhookTracker.create(sampleTicket(), context({}));
    expect(receiver.deliveries[0]!.headers).not.toHaveProperty('webhook-signature');
    expectValid(JSON.parse(receiver.deliveries[0]!.raw));
    expect(await webhookTracker.verify(context({}))).toEqual({ account: 'unsigned deliveries (no signing secret set)', target: receiver.host });
  });

  it('sends a dependency as a signed ticket.dependency event, the same id each time', async () => {
    const item = { externalId: 'msg_b', key: 'Delivered', url: `http://${receiver.host}/` };
    const dependency = { externalId: '7031', key: 'OPS-12', url: 'https://ops.example.com/t/7031' };
    expect(await webhookTracker.link(item, dependency, context())).toBe('linked');
    await webhookTracker.link(item, dependency, context());
    const payload = verified(receiver.deliveries[0]!);
    expectValid(payload);
    expect(payload).toMatchObject({ type: 'ticket.dependency', data: { source: 'tickscribe', projectIdentifier: 'ACME-WEB', item, dependsOn: dependency } });
    expect(receiver.deliveries[0]!.headers['webhook-id']).toMatch(/^msg_dep_[0-9a-f]{32}$/);
    expect(receiver.deliveries[1]!.headers['webhook-id']).toBe(receiver.deliveries[0]!.headers['webhook-id']);
  });

  it('passes usernames through and cannot be asked for a marker', async () => {
    expect(await webhookTracker.resolveUser(' grace.hopper ', context())).toEqual({ id: 'grace.hopper', name: 'grace.hopper' });
    expect(await webhookTracker.resolveUser('  ', context())).toBeNull();
    expect(await webhookTracker.findByMarker('any', context())).toBeNull();
    expect(receiver.deliveries).toHaveLength(0);
  });
});

describe('webhook tracker: verify', () => {
  it('sends a signed ping and names the receiver\'s host', async () => {
    expect(await webhookTracker.verify(context())).toEqual({ account: 'deliveries signed with your secret (Standard Webhooks)', target: receiver.host });
    const payload = verified(receiver.deliveries[0]!);
    expectValid(payload);
    expect(payload).toMatchObject({ type: 'ping', data: { source: 'tickscribe', projectIdentifier: 'ACME-WEB' } });
  });

  it('reports a refused ping in the receiver\'s words, never quoting the URL\'s path', async () => {
    receiver.script.push({ status: 401, headers: { 'content-type': 'application/json' }, body: '{"error":"invalid signature"}' });
    const error = (await webhookTracker.verify(context()).catch((failure: Error) => failure)) as Error;
    expect(error).toMatchObject({ kind: 'auth', status: 401, message: `The webhook receiver at ${receiver.host} answered 401: invalid signature` });
    expect(error.message).not.toContain('t0ken');
  });

  it('refuses a secret that is not base64 before sending anything', async () => {
    await expect(webhookTracker.verify(context({ secret: 'whsec_not*base64' }))).rejects.toMatchObject({ kind: 'validation' });
    expect(receiver.deliveries).toHaveLength(0);
  });

  it('keeps the tracker contract', async () => {
    await assertTrackerContract(webhookTracker, { settings: context().settings, http: fetchHttp, findsItems: false });
    for (const delivery of receiver.deliveries) expectValid(verified(delivery));
  });
});
