import type { OpenApiDocument, OpenApiOperation, OpenApiParameter, OpenApiResponse } from './openapi';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface Entry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

function accessOf(operation: OpenApiOperation): string {
  if (operation['x-required-role'] === 'admin') return 'An admin session (the sid cookie of an admin)';
  if (!operation.security.length) return 'None';
  if (operation.security.some((requirement) => Object.keys(requirement).length === 0))
    return 'Optional: a session (the sid cookie) changes the answer';
  return 'A session (the sid cookie)';
}

const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

function parameterList(parameters: OpenApiParameter[]): string {
  const items = parameters
    .map(
      (p) =>
        `<li><code>${escapeHtml(p.name)}</code> (${p.in}, ${p.required ? 'required' : 'optional'})` +
        `${p.description ? ` ${escapeHtml(p.description)}` : ''}<pre>${escapeHtml(JSON.stringify(p.schema))}</pre></li>`,
    )
    .join('');
  return `<h4>Parameters</h4><ul class="params">${items}</ul>`;
}

function responseItem(status: string, response: OpenApiResponse): string {
  const content = Object.entries(response.content ?? {});
  const body = content
    .map(([type, { schema }]) =>
      type.includes('json') && Object.keys(schema).length
        ? schemaBlock(`${type} schema`, schema)
        : `<p><code>${escapeHtml(type)}</code></p>`,
    )
    .join('');
  return `<dt><code>${escapeHtml(status)}</code></dt><dd>${escapeHtml(response.description)}${body}</dd>`;
}

function operationSection({ method, path, operation }: Entry): string {
  const id = `op-${operation.operationId}`;
  const successes = Object.entries(operation.responses).filter(([status]) => status < '400');
  const failures = Object.entries(operation.responses).filter(([status]) => status >= '400');
  const body = operation.requestBody
    ? Object.entries(operation.requestBody.content)
        .map(([type, { schema }]) => schemaBlock(`${type} schema`, schema))
        .join('')
    : '';
  return [
    `<section class="operation" aria-labelledby="${id}">`,
    `<h3 id="${id}"><span class="method method-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
    `<p>${escapeHtml(operation.summary)}</p>`,
    `<dl class="facts"><dt>Access</dt><dd>${escapeHtml(accessOf(operation))}</dd>`,
    `<dt>Operation id</dt><dd><code>${escapeHtml(operation.operationId)}</code></dd></dl>`,
    operation.parameters?.length ? parameterList(operation.parameters) : '',
    body ? `<h4>Request body</h4>${body}` : '',
    `<h4>Response</h4><dl>${successes.map(([status, response]) => responseItem(status, response)).join('')}</dl>`,
    '<h4>Errors</h4>',
    failures.length
      ? `<dl>${failures
          .map(
            ([status, response]) =>
              `<dt><code>${status}</code></dt><dd>${escapeHtml(response.description)}</dd>`,
          )
          .join('')}</dl><p>Each with the error body <code>{ error, code, fields? }</code>.</p>`
      : '<p>None beyond the general ones described at the top.</p>',
    '</section>',
  ].join('');
}

/** The reference page: one section per tag, one per operation, from the OpenAPI document itself. */
export function renderDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, Entry[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations))
      for (const tag of operation.tags) byTag.get(tag)?.push({ method, path, operation });

  const contents = [...byTag]
    .map(
      ([tag, entries]) =>
        `<li><a href="#tag-${anchor(tag)}">${escapeHtml(tag)}</a><ul>${entries
          .map(
            (e) =>
              `<li><a href="#op-${e.operation.operationId}">${e.method.toUpperCase()} ${escapeHtml(e.path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = [...byTag]
    .map(
      ([tag, entries]) =>
        `<section aria-labelledby="tag-${anchor(tag)}"><h2 id="tag-${anchor(tag)}">${escapeHtml(tag)}</h2>` +
        `${entries.map(operationSection).join('')}</section>`,
    )
    .join('');
  const paragraphs = document.info.description
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
  const { title, version } = document.info;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} reference</title>
<link rel="stylesheet" href="/api/docs.css">
</head>
<body>
<header><h1>${escapeHtml(title)} <span class="version">${escapeHtml(version)}</span></h1>${paragraphs}
<p>Server: <code>${escapeHtml(document.servers[0]?.url ?? '')}</code>. Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1 document</a>.</p></header>
<nav aria-labelledby="contents"><h2 id="contents">Contents</h2><ul>${contents}</ul></nav>
<main>${sections}</main>
</body>
</html>
`;
}
