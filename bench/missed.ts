// For each target the run misses: the reason, with this run's figures, and the next step.
import { REGISTRY_COUNT_CAP } from '../contract/registry';
import { FLOOR_TARGET } from './floor';
import { CATEGORIES, LIGHTHOUSE_TARGETS } from './lighthouse';
import { LOG_GROWTH_TARGET } from './log-bench';
import { DOCUMENT_FLOOD_TARGET_RATIO } from './document-flood';
import { FLOOD_TARGET_RATIO } from './login-flood';
import { APPEND_RATIO_TARGET } from './witness-bench';
import { EMBEDDED_IDLE_MB, EMBEDDED_LOADED_MB, type Missed, type Report } from './render';

/** What removes the common Lighthouse failures, by audit id. */
const LIGHTHOUSE_FIXES: Record<string, string> = {
  'uses-text-compression':
    'serve the built JS and CSS compressed (precompressed at build time, or a compression plugin)',
  'render-blocking-resources': 'stop the stylesheet from blocking the first paint (inline the critical CSS)',
  'render-blocking-insight': 'stop the stylesheet from blocking the first paint (inline the critical CSS)',
  'unused-javascript': 'split more of the initial bundle out of the first page load',
  'uses-long-cache-ttl': 'long immutable cache lifetimes on the hashed assets',
  'cache-insight': 'long immutable cache lifetimes on the hashed assets',
  'inspector-issues': 'fix what Chrome logs in its Issues panel on those pages',
  'cumulative-layout-shift': 'reserve the space of images and late content',
};

const passports = (n: number) => `${n.toLocaleString('en-US')} passport${n === 1 ? '' : 's'}`;

/** Progress saves with range merging may cost at most a fifth of their rate. */
const RANGES_TARGET_RATIO = 0.8;

/** Microseconds per request that `slower` spends beyond `faster` (both in req/s). */
const extraUs = (slower: number, faster: number) => Math.round((1 / slower - 1 / faster) * 1e6);

export function missedTargets(r: Report): Missed[] {
  const missed: Missed[] = [];
  // The yardstick of decision 036: each read's server CPU against bare node:http reading the same bytes through one
  // prepared statement (the retired 3× bare node:http of decision 018 is below any read that asks the database).
  for (const row of r.floorReads?.rows ?? [])
    if (row.ratio > FLOOR_TARGET)
      missed.push({
        target: `CPU per request of ${row.name} on PostgreSQL ${row.ratio.toFixed(1)}× the floor's > ${FLOOR_TARGET}`,
        reason:
          `the server spends ${row.server.toFixed(0)} µs per request (its PostgreSQL backends ${row.serverDb.toFixed(0)} µs more) ` +
          `where node:http reading the same ${row.bytes.toLocaleString('en-US')} bytes through one prepared statement spends ` +
          `${row.floor.toFixed(0)} µs (its backend ${row.floorDb.toFixed(0)}); total ÷ total ${row.totalRatio.toFixed(2)}.`,
        next:
          row.kind === 'document'
            ? 'serve the stored document without reading it whole through the JSON path (stream it, or from a file), and check its lookup is one statement.'
            : 'count its statements (one round trip where the answer allows), then profile (`BENCH_CPU_PROFILE=<dir> npx tsx bench/cpu.ts`, bench/profile-summary.ts) and remove the top frames that are ours.',
      });
  for (const f of r.loginFlood ?? [])
    for (const [what, m] of [
      ['a static asset', f.asset],
      ['/api/auth/me', f.me],
    ] as const)
      if (m.ratio > FLOOD_TARGET_RATIO)
        missed.push({
          target: `sign-in flood (${f.label}): p99 of ${what} ×${m.ratio.toFixed(1)} > ${FLOOD_TARGET_RATIO}`,
          reason: `under ${f.signIns} wrong sign-ins its p99 went from ${m.idle.p99} ms to ${m.flood.p99} ms.`,
          next: 'lower the hashing concurrency or the queue bound (server/passwords), or answer the flood sooner (rate limits per address).',
        });
  const docs = r.documentFlood;
  for (const [what, l] of docs
    ? ([
        ['never built', docs.cold.healthz],
        ['all stored', docs.warm.healthz],
      ] as const)
    : [])
    if (docs && l.p99 > DOCUMENT_FLOOD_TARGET_RATIO * Math.max(1, docs.idle.p99))
      missed.push({
        target: `dossier flood (${what}): /healthz p99 ≤ ${DOCUMENT_FLOOD_TARGET_RATIO}× idle`,
        reason: `30 dossier requests in flight took it from ${docs.idle.p99} ms to ${l.p99} ms.`,
        next: 'profile the server under bench/document-flood.ts: what still runs on the event loop per dossier.',
      });
  for (const [name, ratios] of Object.entries(r.writes.rangesRatio ?? {})) {
    if (!ratios.length) continue;
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
    if (median < RANGES_TARGET_RATIO)
      missed.push({
        target: `W ${name}: saves with watched ranges ≥ ${RANGES_TARGET_RATIO}× the saves without`,
        reason: `with ranges ${median.toFixed(2)}× (rounds ${ratios.map((v) => v.toFixed(2)).join(', ')}).`,
        next: 'profile applySave and the row update: the merged ranges are rewritten as JSON on each save that adds coverage.',
      });
  }
  for (const [name, ratios] of Object.entries(r.writes.fragmentsRatio ?? {})) {
    if (!ratios.length) continue;
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
    if (median < RANGES_TARGET_RATIO)
      missed.push({
        target: `W ${name}: saves of 500 scattered fragments ≥ ${RANGES_TARGET_RATIO}× the ordinary saves`,
        reason: `fragments ${median.toFixed(2)}× (rounds ${ratios.map((v) => v.toFixed(2)).join(', ')}).`,
        next: 'profile the body parse and normaliseRanges (contract/academy-ranges.ts): a save is one sort and one sweep.',
      });
  }
  for (const l of r.log ?? [])
    for (const kind of ['inclusion', 'consistency'] as const)
      if (l.growth[kind] >= LOG_GROWTH_TARGET) {
        const [first, last] = [l.sizes[0]!, l.sizes.at(-1)!];
        const p50 = (s: typeof first) => (kind === 'inclusion' ? s.inclusionP50 : s.consistencyP50);
        missed.push({
          target: `${kind} proof p50 on ${l.backend} ×${l.growth[kind].toFixed(2)} ≥ ${LOG_GROWTH_TARGET} from ${first.size.toLocaleString('en-US')} to ${last.size.toLocaleString('en-US')} leaves`,
          reason: `p50 went from ${p50(first).toFixed(2)} ms to ${p50(last).toFixed(2)} ms.`,
          next: 'look at the plan of the stored-hash read in server/log/proofs.ts at that size (it should be one index probe per subtree).',
        });
      }
  if (r.witness && r.witness.ratio < APPEND_RATIO_TARGET)
    missed.push({
      target: `appends with witnesses ${r.witness.ratio.toFixed(2)}× those without (target ≥ ${APPEND_RATIO_TARGET})`,
      reason:
        `${r.witness.appendsWith.toFixed(0)} against ${r.witness.appendsWithout.toFixed(0)} appends/s, both servers in one process` +
        (r.witness.cpuWith === undefined
          ? '.'
          : `; CPU per append ${r.witness.cpuWith.toFixed(0)} µs with witnesses and ${r.witness.cpuWithout.toFixed(0)} µs ` +
            'without (this process and the witness processes). An append waits mostly on its commit’s flush, so where ' +
            'the CPU is even the rate’s gap is the disk’s and the load’s swing between rounds, not witnessing’s work.'),
      next: 'profile the submitter (server/log/witnessed.ts): once a second it reads the head and, when the tree grew, signs and posts; it must take no lock an append waits on.',
    });
  const { A, B, C } = r.synthetic;
  if (r.synthetic['B/A'] < 0.9)
    missed.push({
      target: `B/A ${r.synthetic['B/A'].toFixed(2)} < 0.9`,
      reason:
        `Fastify spends ${extraUs(B.rps, A.rps)} µs more per request than bare node:http for the same headers and ` +
        'bytes. In a CPU profile of B its own functions are a few percent of its time, the rest being the same ' +
        'node:http and socket work as A: the gap is per-request work spread thin (a Request and a Reply object ' +
        'around node’s, the router lookup, the hook runner, the checks in reply.send)' +
        (r.settings.pinned
          ? '.'
          : ', and on two cores shared with the load generator every extra microsecond of the server also slows the client.'),
      next: r.settings.pinned
        ? 'none in our code: nothing is left to remove on B’s side (no logger, sync handler, headers prepared once), ' +
          'and this run keeps the server and autocannon on separate cores. The gap is Fastify’s own per-request floor, ' +
          'accepted in docs/decisions/009-fastify-floor.md; a Fastify or Node release that narrows it shows up here.'
        : 'nothing is left to remove on B’s side (no logger, sync handler, headers prepared once); confirm on a quiet ' +
          'machine with the server and autocannon pinned to separate cores (taskset) before recording the remaining ' +
          'gap as Fastify’s floor in a decision.',
    });
  if (r.synthetic['C/B'] < 0.8)
    missed.push({
      target: `C/B ${r.synthetic['C/B'].toFixed(2)} < 0.8`,
      reason:
        `the production plugins cost ${extraUs(C.rps, B.rps)} µs per request. The hooks are already synchronous ` +
        '(security headers from one precomputed object, origin check only on unsafe methods, ETag and session work ' +
        'skipped when there is nothing to do, multipart only on the upload routes). What every response still pays ' +
        'for: seven security headers set one by one through `reply.headers` (each name checked and lower-cased), ' +
        'three onSend hooks (security headers, ETag, @fastify/cookie) and two onRequest hooks run by Fastify’s hook ' +
        'runner, and a process that also holds the PGlite database.',
      next:
        'write the precomputed security headers in one step (a single onRequest that assigns them to the reply’s ' +
        'header object), fold the ETag decision into the same onSend, then profile C under load again.',
    });
  const below = r.endpoints.filter((e) => e['D/H'] !== null && e['D/H'] < 0.8);
  if (below.length) {
    const several = below.filter((e) => (e.statements.postgres ?? 0) > 1);
    missed.push({
      target: `D/H < 0.8 for ${below.map((e) => `${e.endpoint} (${e['D/H']!.toFixed(2)})`).join(', ')}`,
      reason:
        'per request the server spends ' +
        below
          .map(
            (e) =>
              `${e.endpoint} ${extraUs(e.D!.rps, e.H.postgres!)} µs beyond the bound of ` +
              `${Math.round(1e6 / e.A.rps)} µs HTTP + ${Math.round(1e6 / e.G.postgres!.rps)} µs for ` +
              `${e.statements.postgres ?? 0} statement(s)`,
          )
          .join('; ') +
        '. CPU profiles of the PostgreSQL server under the registry-search and explore loads (taken while ' +
        'building this harness) show it CPU-bound: socket writes 20–30% (one writev per statement and one per ' +
        'response; loopback TCP’s kernel work is charged to the writer), Drizzle about 20% (every statement built ' +
        'anew per request and its rows mapped; its `is()` class check alone 7%), GC 3–8%, Fastify 4–6%, zod about ' +
        '1%. H adds the HTTP and the database costs as if they ran one after the other, while here the load ' +
        'generator, the server and PostgreSQL share two cores.',
      next:
        'prepared Drizzle statements for these endpoints as for the session lookup (`.prepare()`: the SQL built once, ' +
        'not per request; auth/me, whose one statement is the prepared session lookup, meets the target)' +
        (several.length
          ? `, fewer statements per request (${several.map((e) => `${e.endpoint}: ${e.statements.postgres ?? 0}`).join(', ')})`
          : '') +
        ', then profile again.',
    });
  }
  for (const [backend, result] of Object.entries(r.scale)) {
    if (!result || typeof result === 'string') continue;
    const first = result.sizes[0]!;
    const last = result.sizes.at(-1)!;
    for (const [query, growth] of Object.entries(result.growth)) {
      if (!Number.isFinite(growth) || growth < 2) continue;
      const q = last.queries[query]!;
      // PGlite has no per-statement times: PostgreSQL's, for the same search at the same size, stand in.
      const explained = q.statements
        ? { at: last, from: first }
        : { at: r.scale.postgres?.sizes.at(-1), from: r.scale.postgres?.sizes[0] };
      const statements = explained.at?.queries[query]?.statements ?? [];
      const top = [...statements].sort((a, b) => b.ms - a.ms)[0];
      const before = explained.from?.queries[query]?.statements?.find((t) => t.label === top?.label);
      // Counting is the reason only where the count is most of the database time and there is much to count.
      const total = statements.reduce((sum, t) => sum + t.ms, 0);
      const counting =
        (top?.label.startsWith('count') ?? false) && top!.ms > total / 2 && q.matches >= REGISTRY_COUNT_CAP;
      // Only the same backend's statement times can say how much of its latency they are.
      const outside = !counting && q.statements !== undefined && total < q.p50 / 2;
      // Growth that stops once the matches reach the count cap: the cost is bounded by the cap, not the registry.
      const middle = result.sizes.length > 2 ? result.sizes.at(-2)! : null;
      const midP50 = middle?.queries[query]?.p50 ?? Number.NaN;
      const flat = middle !== null && q.p50 <= midP50 * 1.25 + 1;
      if (flat && !counting) {
        const few = q.matches <= 10;
        missed.push({
          target: `S ${backend} ${query}: p50 grows ${growth.toFixed(1)}× from ${first.size.toLocaleString('en-US')} to ${last.size.toLocaleString('en-US')}`,
          reason:
            `the growth is all between ${first.size.toLocaleString('en-US')} (${first.queries[query]!.p50} ms) and ` +
            `${middle.size.toLocaleString('en-US')} (${midP50} ms); from there to ${last.size.toLocaleString('en-US')} p50 ` +
            `stays at ${q.p50} ms${top ? ` (\`${top.label}\` ${before?.ms ?? '?'} ms → ${top.ms} ms of database time)` : ''}. ` +
            (few
              ? 'It matches one passport: what grows is the trigram index scan — the generated serial numbers share ' +
                'their leading trigrams (sc-, c-0, -00, 000), whose posting lists hold most of the registry and are ' +
                'intersected before the one match is found (EXPLAIN ANALYZE at 100,000: a 2.8 ms bitmap index scan ' +
                'for 11 candidate rows).'
              : `Its matches reach the counting cap (${REGISTRY_COUNT_CAP.toLocaleString('en-US')}) early; past that the count and the page ` +
                'read a bounded number of rows, so a larger registry costs no more.'),
          next: few
            ? 'nothing while the absolute cost stays a few milliseconds; real serial numbers are more varied than the ' +
              'generated ones. Should it grow, an exact-match index on the serial number tried before the substring ' +
              'search.'
            : 'nothing: the cost is bounded by REGISTRY_COUNT_CAP; lowering the cap would trade the exact count of ' +
              'mid-sized searches for a smaller constant.',
        });
        continue;
      }
      missed.push({
        target: `S ${backend} ${query}: p50 grows ${growth.toFixed(1)}× from ${first.size.toLocaleString('en-US')} to ${last.size.toLocaleString('en-US')}`,
        reason: top
          ? `it matches ${passports(q.matches)} at ${last.size.toLocaleString('en-US')}; its ` +
            `slowest statement${q.statements ? '' : ' (as measured on PostgreSQL)'} is \`${top.label}\` ` +
            `(${before?.ms ?? '?'} ms → ${top.ms} ms of database time)` +
            (counting
              ? ': the total for X-Total-Count reads every matching row, so it grows with the registry.'
              : outside
                ? `; all its statements take ${total.toFixed(1)} ms, so most of the ${q.p50} ms p50 is spent outside them.`
                : '.')
          : `it matches ${passports(q.matches)} at ${last.size.toLocaleString('en-US')}; the ` +
            'per-statement times come from PostgreSQL, which was not reachable in this run.',
        next: counting
          ? `the count already stops at REGISTRY_COUNT_CAP (${REGISTRY_COUNT_CAP.toLocaleString('en-US')} matches); if it still dominates, lower the cap or count from the trigram index only.`
          : outside
            ? 'profile the server answering this search at this size (the app’s own work, and on PGlite the one connection every request waits for).'
            : 'read the plan of that statement (EXPLAIN ANALYZE) at this size and give it an index or a cheaper shape.',
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
      target: `Lighthouse ${category} < ${LIGHTHOUSE_TARGETS[category]} on ${under.map((p) => (p.backend ? `${p.page} (${p.backend})` : p.page)).join(', ')}`,
      reason: `the audits that fail most often: ${top.map(([a, n]) => `${a} on ${n} page(s)`).join('; ')}.`,
      next: `${[...audits.keys()]
        .map((a) => LIGHTHOUSE_FIXES[a.split(' ')[0] ?? ''])
        .filter((f, i, all) => f && all.indexOf(f) === i)
        .concat('fix those audits and rerun `npm run lighthouse`')
        .join('; ')}.`,
    });
  }
  const overIdle = (r.rssMb.alone ?? []).filter(
    (a) => a.name.startsWith('PGlite') && a.idleMb > EMBEDDED_IDLE_MB,
  );
  for (const a of overIdle)
    missed.push({
      target: `embedded server idle RSS ≤ ${EMBEDDED_IDLE_MB} MB (${a.name})`,
      reason: `${a.idleMb} MB after 20 s idle, every process summed.`,
      next: 'see docs/decisions/020: PGlite in its Liftoff-only tier saves about 30 MB more for about a quarter more CPU in the database.',
    });
  const loaded = r.rssMb.underLoad.E;
  if (loaded !== undefined && loaded > EMBEDDED_LOADED_MB)
    missed.push({
      target: `embedded server RSS under load ≤ ${EMBEDDED_LOADED_MB} MB`,
      reason: `${loaded} MB at the highest reading during the loads.`,
      next: 'see docs/decisions/020 for what holds memory under load (the WASM heap never shrinks; hashing threads).',
    });
  return missed;
}
