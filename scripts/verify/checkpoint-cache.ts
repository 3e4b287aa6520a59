// The last verified checkpoint and key per log origin, under $XDG_CACHE_HOME/luthier-verify (or ~/.cache/…).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CachedLog {
  vkey: string;
  checkpoint: string;
  seenAt: string;
}

export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'luthier-verify');
}

const fileFor = (dir: string, origin: string) =>
  path.join(dir, `${origin.replace(/[^A-Za-z0-9.-]+/g, '_')}.json`);

export function readCached(dir: string, origin: string): CachedLog | null {
  try {
    const raw = JSON.parse(fs.readFileSync(fileFor(dir, origin), 'utf8')) as Partial<CachedLog>;
    return typeof raw.vkey === 'string' && typeof raw.checkpoint === 'string'
      ? { vkey: raw.vkey, checkpoint: raw.checkpoint, seenAt: String(raw.seenAt ?? '') }
      : null;
  } catch {
    return null;
  }
}

export function writeCached(dir: string, origin: string, log: CachedLog): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = fileFor(dir, origin);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(log, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}
