import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../contract/api/routes';

/*
 * The client calls the API through api()/apiUrl() by an operation's key (client/lib/api-client.ts), typed from its
 * declaration. An address typed by hand escapes that: nothing notices when the operation moves or changes. Each
 * one left is listed here with its reason, and any new one fails this test.
 */
const ALLOWED: Record<string, string> = {};
/** At most a handful, each with its reason. */
const MAX_ALLOWED = 3;

const root = path.resolve(import.meta.dirname, '..');
/**
 * Declared operations outside /api whose whole address has no parameter (/.well-known/jwks.json, /log/policy):
 * typed out in full, they are hand-typed API addresses too. Other addresses under /p/, /listing/ or /media/ are
 * pages and files as often as operations, and are not counted.
 */
const fixedPaths = new Set<string>(
  API_ROUTES.map((route) => route.path).filter((p) => !p.startsWith('/api/') && !/[:*]/.test(p)),
);
const isApiAddress = (text: string) =>
  text.startsWith('/api/') || fixedPaths.has(text.split(/[?#]/)[0] ?? '');

/** The string and template literals of a source text that address an API operation by hand. */
export function handTypedUrls(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text
          : undefined;
    if (literal !== undefined && isApiAddress(literal)) found.push(literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function clientSources(dir = path.join(root, 'client')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : clientSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('hand-typed API addresses in client code', () => {
  it('finds a typed address and not an operation key, a comment or another site', () => {
    const text = [
      "const a = '/api/registry/instruments';",
      'const b = `/api/profile/u/${slug}`;',
      '// fetch("/api/lms/stats")',
      "const c = api('GET /api/lms/stats');",
      'const d = <a href="/.well-known/jwks.json">keys</a>;',
      "const e = 'https://example.com/api/x';",
    ].join('\n');
    expect(handTypedUrls('x.tsx', text)).toEqual([
      '/api/registry/instruments',
      '/api/profile/u/',
      '/.well-known/jwks.json',
    ]);
  });

  it('are no more than the allowed ones, each with its reason', () => {
    const found = Object.fromEntries(
      clientSources()
        .map(
          (file) => [path.relative(root, file), handTypedUrls(file, fs.readFileSync(file, 'utf8'))] as const,
        )
        .filter(([, urls]) => urls.length),
    );
    const unexplained = Object.entries(found).filter(([file]) => !ALLOWED[file]);
    expect(
      unexplained,
      'call the operation by its key: api() or apiUrl() in client/lib/api-client.ts',
    ).toEqual([]);
    expect(Object.keys(ALLOWED).length).toBeLessThanOrEqual(MAX_ALLOWED);
    // An allowance nobody needs any more goes, so the list stays the truth.
    expect(Object.keys(ALLOWED).filter((file) => !found[file])).toEqual([]);
  });
});
