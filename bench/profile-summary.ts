// Summarises a V8 CPU profile (`node --cpu-prof`): self time by frame and by where the code comes from (a
// package, node's internals, the server's own bundle, GC). For the report:
//   npx tsx bench/profile-summary.ts <file.cpuprofile> [frames] [inclusive-filter]
// With a filter (a regular expression on "function — origin:line"), also the inclusive time of each matching frame:
// the share of busy samples with that frame anywhere on the stack (each hook's whole cost, callees included).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, node itself, the server's bundle, or V8's own bookkeeping. */
function origin(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node';
  if (url.includes('dist/server')) return 'server (own code)';
  return url;
}

export function summarise(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const frames = new Map<string, number>();
  const origins = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    total += us;
    const where = origin(url, functionName);
    const key = `${functionName || '(anonymous)'} — ${where}${url ? `:${lineNumber + 1}` : ''}`;
    frames.set(key, (frames.get(key) ?? 0) + us);
    origins.set(where, (origins.get(where) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => ({ what: k, percent: Math.round((us / total) * 1000) / 10 }));
  return { busyMs: Math.round(total / 1000), frames: sorted(frames, top), origins: sorted(origins, 15) };
}

/** Busy time with a matching frame anywhere on the stack, per frame, counted once per sample. */
export function inclusive(profile: Profile, filter: RegExp, top = 60) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = new Map<number, string | null>();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber } = n.callFrame;
    const key = `${functionName || '(anonymous)'} — ${origin(url, functionName)}${url ? `:${lineNumber + 1}` : ''}`;
    keyOf.set(n.id, filter.test(key) ? key : null);
  }
  const totals = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = keyOf.get(at);
      if (key && !seen.has(key)) {
        seen.add(key);
        totals.set(key, (totals.get(key) ?? 0) + us);
      }
    }
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([what, us]) => ({ what, percent: Math.round((us / total) * 1000) / 10 }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, n, filter] = process.argv.slice(2);
  const profile = JSON.parse(fs.readFileSync(file!, 'utf8')) as Profile;
  const s = summarise(profile, Number(n ?? 25));
  console.log(`busy ${s.busyMs} ms (idle left out)\n\nby origin:`);
  for (const o of s.origins) console.log(`${String(o.percent).padStart(5)}%  ${o.what}`);
  console.log('\nby frame (self time):');
  for (const f of s.frames) console.log(`${String(f.percent).padStart(5)}%  ${f.what}`);
  if (filter) {
    console.log(`\ninclusive (callees included) of frames matching /${filter}/:`);
    for (const f of inclusive(profile, new RegExp(filter)))
      console.log(`${String(f.percent).padStart(5)}%  ${f.what}`);
  }
}
