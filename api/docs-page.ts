import type { Middleware } from 'koa';
import type { AppState } from './context.ts';

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: { $ref: string } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: { $ref: string } }> }>;
}

interface OpenApiDocument {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const schemaName = (ref: string) => ref.split('/').pop() ?? ref;

function renderOperation(path: string, method: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map((p) => `<li><code>${escape(p.name)}</code> (${p.in}${p.required ? ', required' : ''})${p.description ? ` – ${escape(p.description)}` : ''}</li>`)
    .join('');
  const body = op.requestBody?.content['application/json']?.schema.$ref;
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const ref = r.content?.['application/json']?.schema.$ref;
      return `<li><strong>${escape(status)}</strong> ${escape(r.description)}${ref ? ` – <a href="#schema-${schemaName(ref)}">${schemaName(ref)}</a>` : ''}</li>`;
    })
    .join('');
  return `<section class="op" id="${escape(op.operationId)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
  <p>${escape(op.summary)}</p>
  ${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
  ${body ? `<h4>Request body</h4><p><a href="#schema-${schemaName(body)}">${schemaName(body)}</a></p>` : ''}
  <h4>Responses</h4><ul>${responses}</ul>
</section>`;
}

/** A readable, self-contained page for the OpenAPI description (no scripts, no external assets). */
function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(path, method, op)]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2>${escape(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  const schemas = Object.entries(doc.components.schemas)
    .map(([name, schema]) => `<section id="schema-${escape(name)}"><h3>${escape(name)}</h3><pre>${escape(JSON.stringify(schema, null, 2))}</pre></section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} – API reference</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem 1.25rem 4rem;color:#1a2027;line-height:1.5}
h1{margin-bottom:0}code,pre{font-family:ui-monospace,monospace}pre{background:#f5f7fa;padding:.75rem;overflow:auto;border-radius:6px;font-size:.85rem}
.op{border:1px solid #dde3ea;border-radius:8px;padding:.25rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem;background:#546e7a}
.get{background:#1565c0}.post{background:#2e7d32}.put{background:#ef6c00}.patch{background:#6a1b9a}.delete{background:#c62828}
</style></head><body>
<h1>${escape(doc.info.title)} API</h1>
<p>Version ${escape(doc.info.version)}. ${escape(doc.info.description)} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${sections}
<h2>Schemas</h2>
${schemas}
</body></html>`;
}

export function docsRoutes(document: () => object): Middleware<AppState> {
  let html: string | undefined;
  return async (ctx, next) => {
    if (ctx.method !== 'GET') return next();
    if (ctx.path === '/api/openapi.json') {
      ctx.body = document();
    } else if (ctx.path === '/api/docs') {
      html ??= renderDocsPage(document() as OpenApiDocument);
      ctx.type = 'html';
      ctx.body = html;
    } else {
      return next();
    }
  };
}
