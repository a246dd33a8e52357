import type { OpenApiDocument } from './document';

type Json = Record<string, unknown>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

function parametersOf(operation: Json): string {
  const parameters = (operation.parameters ?? []) as Json[];
  if (parameters.length === 0) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td>` +
        `<td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code></td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function requestOf(operation: Json): string {
  const content = (operation.requestBody as { content?: Record<string, Json> } | undefined)?.content;
  if (!content) return '';
  return Object.entries(content)
    .map(([media, body]) => schemaBlock(`Request body (${media})`, body.schema ?? {}))
    .join('');
}

function responsesOf(operation: Json): string {
  const responses = (operation.responses ?? {}) as Record<string, Json>;
  const items = Object.entries(responses).map(([status, response]) => {
    const content = (response.content ?? {}) as Record<string, Json>;
    const bodies = Object.entries(content)
      .map(([media, body]) => (body.schema ? schemaBlock(media, body.schema) : ` <code>${escapeHtml(media)}</code>`))
      .join('');
    return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(String(response.description ?? ''))}${bodies}</li>`;
  });
  return `<ul class="responses">${items.join('')}</ul>`;
}

/** The document as one readable page: no script, no outside file, so the Content-Security-Policy holds. */
export function renderDocsPage(document: OpenApiDocument): string {
  const sections: string[] = [];
  const index: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      const operation = value as Json;
      const id = `${method}-${path}`.replace(/[^A-Za-z0-9-]+/g, '-');
      const summary = String(operation.summary ?? '');
      const tags = ((operation.tags ?? []) as string[]).join(', ');
      const secured = Array.isArray(operation.security) && operation.security.length > 0;
      index.push(
        `<li><a href="#${id}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></a> ${escapeHtml(summary)}</li>`,
      );
      sections.push(
        `<section id="${id}"><h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>` +
          `<p>${escapeHtml(summary)}${tags ? ` <span class="tag">${escapeHtml(tags)}</span>` : ''}` +
          `${secured ? ' <span class="tag">Bearer token</span>' : ''}</p>` +
          (operation.description ? `<p>${escapeHtml(String(operation.description))}</p>` : '') +
          parametersOf(operation) +
          requestOf(operation) +
          responsesOf(operation) +
          '</section>',
      );
    }
  }
  const title = escapeHtml(document.info.title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a}
code,pre{font:14px/1.4 ui-monospace,monospace}pre{background:#f4f4f5;padding:.75rem;overflow:auto}
section{border-top:1px solid #ddd;padding:.5rem 0}.method{background:#1a1a1a;color:#fff;padding:0 .4rem}
.tag{background:#eef;padding:0 .4rem;font-size:.85em}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left}
a:focus,summary:focus{outline:3px solid #4455dd}
</style></head><body>
<h1>${title} reference</h1>
<p>${escapeHtml(document.info.description ?? '')} The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<nav aria-label="Operations"><ul>${index.join('')}</ul></nav>
<main>${sections.join('\n')}</main>
</body></html>`;
}
