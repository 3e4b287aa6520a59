// For each target the run misses: the reason, with this run's figures, and the next step.
import { CATEGORIES, LIGHTHOUSE_TARGETS } from './lighthouse';
import type { Missed, Report } from './render';

/** Microseconds per request that `slower` spends beyond `faster` (both in req/s). */
const extraUs = (slower: number, faster: number) => Math.round((1 / slower - 1 / faster) * 1e6);

export function missedTargets(r: Report): Missed[] {
  const missed: Missed[] = [];
  const { A, B, C } = r.synthetic;
  if (r.synthetic['B/A'] < 0.9)
    missed.push({
      target: `B/A ${r.synthetic['B/A'].toFixed(2)} < 0.9`,
      reason:
        `Fastify spends ${extraUs(B.rps, A.rps)} µs more per request than bare node:http for the same headers and ` +
        'bytes: it builds a Request and a Reply object around node’s, looks the route up, runs its (empty) hook ' +
        'chain and checks type and length in reply.send. Part of the gap is fixed cost that a 2-core machine ' +
        'shared with the load generator magnifies.',
      next:
        'profile B under the same load (`node --cpu-prof bench/targets.ts B …`) and compare with Fastify’s own ' +
        'benchmark on this machine; if the cost is the framework’s floor, record it in a decision instead of a target.',
    });
  if (r.synthetic['C/B'] < 0.8)
    missed.push({
      target: `C/B ${r.synthetic['C/B'].toFixed(2)} < 0.8`,
      reason:
        `the production plugins cost ${extraUs(C.rps, B.rps)} µs per request: every request runs async hooks ` +
        '(cookie parsing and the origin check on onRequest, the session preHandler, the ETag and security-header ' +
        'onSend hooks), each a promise and a microtask turn, and the security hook sets seven headers one by one.',
      next:
        'make those hooks synchronous, register the origin check and ETag only where they apply (unsafe methods; ' +
        'shared responses) and set the fixed security headers with one reply.headers() call.',
    });
  for (const e of r.endpoints) {
    const ratio = e['D/H'];
    if (ratio === null || ratio >= 0.8 || !e.D || e.H.postgres === null || !e.G.postgres) continue;
    missed.push({
      target: `D/H ${e.endpoint} ${ratio.toFixed(2)} < 0.8`,
      reason:
        `the server spends ${extraUs(e.D.rps, e.H.postgres)} µs per request beyond the bound ` +
        `(bound: ${Math.round(1e6 / e.A.rps)} µs HTTP + ${Math.round(1e6 / e.G.postgres.rps)} µs for its ` +
        `${e.statements.postgres ?? 0} statements through the pool). The gap is Drizzle (building each ` +
        'statement and mapping rows), the plugin hooks above, the zod parse of the response through its ' +
        'contract schema, and the statements of one request running one after another.',
      next: `profile the D server under this endpoint’s load and cut the largest of those; fewer round trips per request (${e.statements.postgres ?? 0} statements now).`,
    });
  }
  for (const [backend, result] of Object.entries(r.scale)) {
    if (!result || typeof result === 'string') continue;
    for (const [query, growth] of Object.entries(result.growth)) {
      if (growth < 2) continue;
      const first = result.sizes[0]!;
      const last = result.sizes.at(-1)!;
      missed.push({
        target: `S ${backend} ${query}: p50 grows ${growth.toFixed(1)}× from ${first.size.toLocaleString('en-US')} to ${last.size.toLocaleString('en-US')}`,
        reason:
          'every page of the registry also counts all matches (X-Total-Count): for a word most passports ' +
          'contain, that count reads every matching row, so its cost grows with the registry.',
        next: 'bound the count (count at most a few thousand matches and answer “1,000+”, or an estimate) so a page costs the same at any size; this is in progress in the registry search work.',
      });
    }
  }
  for (const category of CATEGORIES) {
    const under = (r.lighthouse ?? []).filter((p) => p.scores[category] < LIGHTHOUSE_TARGETS[category]);
    if (!under.length) continue;
    const audits = new Map<string, number>();
    for (const p of under)
      for (const f of p.failing.filter((f) => f.category === category))
        audits.set(`${f.id} (${f.title})`, (audits.get(`${f.id} (${f.title})`) ?? 0) + 1);
    const top = [...audits].sort((a, b) => b[1] - a[1]).slice(0, 5);
    missed.push({
      target: `Lighthouse ${category} < ${LIGHTHOUSE_TARGETS[category]} on ${under.map((p) => p.page).join(', ')}`,
      reason: `the audits that fail most often: ${top.map(([a, n]) => `${a} on ${n} page(s)`).join('; ')}.`,
      next: 'fix those audits in the client and the static file serving (issue 7 §3), then rerun `npm run lighthouse`.',
    });
  }
  return missed;
}
