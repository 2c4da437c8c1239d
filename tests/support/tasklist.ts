// Tasklist, the small task server of docs/plugins.md's tracker examples: one list 'inbox', one user 'ada',
// token 'secret'. It remembers what was created, so findByMarker finds it, as the tracker kit needs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Task { id: number; url: string; marker: string; title: string; body: string; assignee: string | null; blockers: number[] }

export async function startTasklist() {
  const tasks: Task[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};
    const url = new URL(request.url ?? '/', 'http://tasklist');
    const send = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (request.headers.authorization !== 'Bearer secret') return send(401, { message: 'Unknown token.' });
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /api/me') return send(200, { login: 'ada' });
    if (route === 'GET /api/lists/inbox') return send(200, { name: 'Inbox' });
    if (route === 'POST /api/lists/inbox/tasks') {
      const id = tasks.length + 1;
      const task = { ...(body as Omit<Task, 'id' | 'url' | 'blockers'>), id, url: `https://tasks.example/t/${id}`, blockers: [] };
      tasks.push(task);
      return send(201, task);
    }
    if (route === 'GET /api/lists/inbox/tasks') return send(200, tasks.filter((t) => t.marker === url.searchParams.get('marker')));
    const blockers = /^POST \/api\/tasks\/(\d+)\/blockers$/.exec(route);
    if (blockers) {
      tasks[Number(blockers[1]) - 1]!.blockers.push(Number(body['blocker']));
      return send(201, {});
    }
    if (route === 'GET /api/users/ada') return send(200, { login: 'ada', name: 'Ada Lovelace' });
    return send(404, { message: 'No such thing.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { tasks, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
