// Whether a build output is missing or older than any file under its source folders: shared by the client's and
// the server's build steps (scripts/build-client.mjs, scripts/build-server.mjs). SKIP_BUILD=1 trusts what is there.
import fs from 'node:fs';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `output` must be (re)built from the files under `sourceDirs`. */
export function isStale(output, sourceDirs) {
  if (process.env.SKIP_BUILD === '1') return false;
  if (!fs.existsSync(output)) return true;
  return Math.max(...sourceDirs.map(newestMtime)) > fs.statSync(output).mtimeMs;
}
