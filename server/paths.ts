import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root (where package.json is), found from this module upwards: the same from the TypeScript
 * sources (server/paths.ts, under tsx and the tests) and from the compiled server (dist/server/index.js, one
 * bundle), whose own location says nothing about where drizzle/ or client/public are.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const repoRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
