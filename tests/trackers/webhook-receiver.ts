/**
 * A webhook receiver on 127.0.0.1 for the webhook tracker: it keeps every delivery and answers from a script, then
 * from its `answer` function, else 204. The stand-in `npm run fake-trackers` runs is one that verifies each
 * delivery's Standard Webhooks signature with its secret and its payload against schemas/webhook-payload.schema.json,
 * and keeps each ticket once however often it is delivered (by its webhook-id).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createAjv, getValidator } from '../../core/schema/registry.ts';
import type { StandIn, StandInOptions } from './stand-in.ts';

export interface Delivery {
  /** The path of the address it was sent to. */
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
}
export type Answer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export interface ReceiverOptions {
  /** The path of the receiver's URL (where such URLs keep their secret). */
  path?: string;
  /** The answer to a delivery the script has none for; 204 when not given. */
  answer?: (delivery: Delivery) => Answer;
}

export async function startReceiver({ path = '/hooks/t0ken-in-path', answer = () => ({ status: 204 }) }: ReceiverOptions = {}) {
  const deliveries: Delivery[] = [];
  const script: Answer[] = [];
  const server: Server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const delivery = { path: new URL(request.url ?? '/', 'http://receiver').pathname, headers: request.headers, raw };
    deliveries.push(delivery);
    const given = script.shift() ?? answer(delivery);
    if (given.delayMs) await new Promise((resolve) => setTimeout(resolve, given.delayMs));
    response.writeHead(given.status, { connection: 'close', ...given.headers }).end(given.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    deliveries, script, host: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Event {
  type: string;
  timestamp: string;
  data: { projectIdentifier: string; ticket?: Record<string, unknown>; item?: { key: string }; dependsOn?: { key: string } };
}

const PROJECT = 'ACME-WEB';
const PATH = '/hooks/tickscribe';
const SECRET = `whsec_${Buffer.from('the stand-in\'s own signing key!!').toString('base64')}`;
const json = (status: number, body: unknown): Answer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The stand-in `npm run fake-trackers` runs: refuses deliveries not signed with its secret, and projects but its own. */
export async function startWebhookStandIn({ url }: StandInOptions): Promise<StandIn> {
  const validPayload = getValidator(createAjv(), 'webhook-payload.schema.json');
  const payloadProblem = (payload: unknown) => (validPayload(payload)
    ? null
    : validPayload.errors!.slice(0, 3).map((error) => `${error.instancePath || '(root)'} ${error.message}`).join('; '));
  const violations: string[] = [];
  const tickets = new Map<string, { key: string; deliveries: number; event: Event }>();
  const dependencies: { item: string; dependsOn: string }[] = [];
  const receive = (delivery: Delivery): Answer => {
    if (delivery.path !== PATH) return json(404, { message: 'There is no webhook at this address.' });
    let event: Event;
    try {
      event = new Webhook(SECRET).verify(delivery.raw, delivery.headers as Record<string, string>) as Event;
    } catch {
      return json(401, { error: 'missing or invalid signature' });
    }
    const problem = payloadProblem(event);
    if (problem) violations.push(`${event.type}: the payload does not match webhook-payload.schema.json: ${problem}`);
    if (event.data.projectIdentifier !== PROJECT) return json(404, { message: `unknown project '${event.data.projectIdentifier}'` });
    const id = String(delivery.headers['webhook-id']);
    if (event.type === 'ticket.created') {
      const known = tickets.get(id);
      const ticket = known ?? { key: `HOOK-${tickets.size + 1}`, deliveries: 0, event };
      ticket.deliveries += 1;
      tickets.set(id, ticket);
      return json(known ? 200 : 201, { id: ticket.key, key: ticket.key, url: `${url}/_created` });
    }
    if (event.type === 'ticket.dependency' && !dependencies.some((link) => link.item === event.data.item?.key && link.dependsOn === event.data.dependsOn?.key)) {
      dependencies.push({ item: event.data.item!.key, dependsOn: event.data.dependsOn!.key });
    }
    return { status: 204 };
  };
  const receiver = await startReceiver({ path: PATH, answer: receive });
  const target = new URL(receiver.url).origin;
  return {
    type: 'Webhook',
    target,
    form: [['Project Identifier', PROJECT], ['Webhook URL', `${url}${PATH}`], ['Signing Secret', SECRET]],
    notes: [],
    created: () => ({
      tickets: [...tickets.entries()].map(([webhookId, { key, deliveries, event }]) => {
        const { title, priority, status, tags, assignee, dueDate, project } = event.data.ticket ?? {};
        return { key, title, priority, status, tags, assignee, dueDate, project, webhookId, deliveries, receivedAt: event.timestamp };
      }),
      dependencies,
      deliveries: receiver.deliveries.length,
    }),
    violations: () => violations,
    close: receiver.close,
  };
}
