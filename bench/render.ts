// bench/report.md from the run's figures (the same object is written as bench/report.json).
import { cpuMarkdown, type CpuRow, type CpuSettings } from './cpu';
import { dbFloorMarkdown, type FloorResult } from './db-floor';
import { floorReadsMarkdown, type FloorReadsResult } from './floor';
import type { StatementTime } from './driver';
import type { IdleRss } from './idle-rss';
import { lighthouseMarkdown, type LighthouseResult } from './lighthouse';
import { logBenchMarkdown, type LogBenchResult } from './log-bench';
import { documentFloodMarkdown, type DocumentFloodResult } from './document-flood';
import { jsonFloodMarkdown, type JsonFloodResult } from './json-flood';
import { loginFloodMarkdown, type FloodResult } from './login-flood';
import { mailCostMarkdown, type MailCostRow } from './mail-cost';
import { renderWitnessBench, type WitnessBenchResult } from './witness-bench';
import type { Sample } from './lib';

export interface EndpointRow {
  endpoint: string;
  path: string;
  /** Statements one request issues (Drizzle's log of one inject). */
  statements: { pglite: number; postgres: number | null };
  A: Sample;
  G: { pglite: Sample; postgres: Sample | null };
  H: { pglite: number; postgres: number | null };
  E: Sample;
  D: Sample | null;
  'E/H': number;
  'D/H': number | null;
}

export interface ScaleQueryResult extends Sample {
  /** Passports the search matches (X-Total-Count). */
  matches: number;
  /** PostgreSQL: each statement's own execution time (EXPLAIN ANALYZE). */
  statements?: StatementTime[];
}

export interface ScaleResult {
  sizes: { size: number; growSeconds: number; queries: Record<string, ScaleQueryResult> }[];
  /** p50 at the largest size over p50 at the smallest, per query. */
  growth: Record<string, number>;
}

export interface Missed {
  target: string;
  reason: string;
  next: string;
}

export interface Report {
  machine: Record<string, string | number>;
  settings: Record<string, number>;
  loadAverage: { start: number[]; end: number[] };
  elapsedSeconds: Record<string, number>;
  synthetic: {
    A: Sample;
    B: Sample;
    C: Sample;
    'B/A': number;
    'C/B': number;
    perRound: { 'B/A': number[]; 'C/B': number[] };
  };
  endpoints: EndpointRow[];
  /** CPU per request of the real servers over bare node:http's for the same bytes (null: BENCH_CPU=0). */
  cpu?: { settings: CpuSettings; rows: CpuRow[] } | null;
  /** The layers under the CPU ratios (bench/db-floor.ts). */
  floor?: FloorResult | null;
  /** Every named read and served document against its own floor, PostgreSQL's CPU counted (bench/floor.ts). */
  floorReads?: FloorReadsResult | null;
  /** Course explore on the twins that keep the default server cache; `note` when the server has none yet. */
  cached: { E: Sample; D: Sample | null; note?: string };
  writes: {
    E: Sample;
    D: Sample | null;
    /** The same saves without watched ranges, and with/without per round (range merging's cost). */
    plain?: { E: Sample; D: Sample | null };
    rangesRatio?: { E: number[]; D: number[] };
    /** Adversarial saves of 500 scattered fragments, and their rate over the ordinary saves' per round. */
    fragments?: { E: Sample; D: Sample | null };
    fragmentsRatio?: { E: number[]; D: number[] };
    learners: number;
    mostSavesPerLearner: number;
  };
  scale: { postgres: ScaleResult | null; pglite: ScaleResult | null; pgliteNote?: string };
  rssMb: { idle: Record<string, number>; underLoad: Record<string, number>; alone?: IdleRss[] };
  coldStartMs: Record<string, number | null>;
  lighthouse: LighthouseResult[] | null;
  /** Wrong sign-ins flooding one account: what everyone else's requests feel (null: BENCH_FLOOD=0). */
  loginFlood: FloodResult[] | null;
  /** Dossiers requested 30 at a time: what /healthz feels, cold and stored (null: BENCH_DOCUMENTS=0). */
  documentFlood: DocumentFloodResult | null;
  /** Hostile JSON bodies to a guest route: what /healthz feels (null: BENCH_JSON_FLOOD=0). */
  jsonFlood?: JsonFloodResult | null;
  /** The transparency log: appends and proof latency as it grows (null: BENCH_LOG=0). */
  log: LogBenchResult[] | null;
  /** What a notification mail adds per event (null: BENCH_MAIL=0). */
  mail: MailCostRow[] | null;
  /** Appends with witnesses, time to a cosigned checkpoint, tile reads (null: BENCH_WITNESS=0 or no PostgreSQL). */
  witness: WitnessBenchResult | null;
  missed: Missed[];
}

/** The embedded default's memory targets: idle (after 20 s, every process summed) and under the bench's load. */
export const EMBEDDED_IDLE_MB = 250;
export const EMBEDDED_LOADED_MB = 400;
const mark = (mb: number | undefined, limit: number) =>
  mb === undefined ? '' : mb <= limit ? `✅ (≤ ${limit})` : `❌ (> ${limit})`;

const fmt = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1));
const ratio = (value: number | null, goal: number) =>
  value === null ? '—' : `${value.toFixed(2)} ${value >= goal ? '✅' : '❌'}`;
const rounds = (values: number[]) => `(ratio of each round: ${values.map((v) => v.toFixed(2)).join(', ')})`;
/** The median of per-round ratios against a goal, with each round's. */
const ratioList = (values: number[], goal = 0.8) => {
  if (!values.length) return '—';
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  return `${ratio(mid, goal)} ${rounds(values)}`;
};
const ms = (v: number) => (Number.isFinite(v) ? String(Math.round(v * 100) / 100) : '—');
const cell = (s: Sample | null) => (s ? `${fmt(s.rps)} | ${ms(s.p50)} | ${ms(s.p99)}` : '— | — | —');

function scaleTable(title: string, r: ScaleResult): string[] {
  const explained = r.sizes.some((s) => Object.values(s.queries).some((q) => q.statements));
  return [
    `### ${title}`,
    '',
    `| instruments | grown in | query | matches | req/s | p50 ms | p99 ms |${explained ? ' database time per statement (ms) |' : ''}`,
    `|---|---|---|---|---|---|---|${explained ? '---|' : ''}`,
    ...r.sizes.flatMap((s) =>
      Object.entries(s.queries).map(
        ([name, q]) =>
          `| ${s.size.toLocaleString('en-US')} | ${s.growSeconds.toFixed(0)} s | ${name} | ${q.matches.toLocaleString('en-US')} | ${cell(q)} |` +
          (explained ? ` ${(q.statements ?? []).map((t) => `${t.label} ${t.ms}`).join(', ')} |` : ''),
      ),
    ),
    '',
    `Growth of p50 from ${r.sizes[0]?.size.toLocaleString('en-US')} to ${r.sizes.at(-1)?.size.toLocaleString('en-US')} ` +
      '(target < 2× up to 100,000; autocannon counts whole milliseconds): ' +
      Object.entries(r.growth)
        .map(([n, g]) => (Number.isFinite(g) ? `${n} ${g.toFixed(1)}× ${g < 2 ? '✅' : '❌'}` : `${n} —`))
        .join(', '),
    '',
  ];
}

export function renderMarkdown(r: Report): string {
  const s = r.settings;
  const lines = [
    '# Benchmark report',
    '',
    `Machine: ${r.machine.cpus} cores (${r.machine.model}), ${r.machine.memoryGb} GB, Node ${r.machine.node}. ` +
      `Load average (1 min) at start ${r.loadAverage.start[0]?.toFixed(1)}, at end ${r.loadAverage.end[0]?.toFixed(1)}: ` +
      'the load generator shares these cores with the server, and anything else running shows up in every figure.',
    `Total time of \`npm run bench\`: ${r.elapsedSeconds.total?.toFixed(0)} s (${Object.entries(
      r.elapsedSeconds,
    )
      .filter(([k]) => k !== 'total')
      .map(([k, v]) => `${k} ${v.toFixed(0)} s`)
      .join(', ')}).`,
    `HTTP figures are medians of ${s.rounds} interleaved rounds of ${s.seconds} s with autocannon, ${s.connections} connections; ` +
      `G runs ${s.gSeconds} s per round; S ${s.scaleRounds} round(s) of ${s.scaleSeconds} s per query and size ` +
      `with ${s.scaleConnections} connection(s). ` +
      'Each ratio (B/A, C/B, D/H, E/H) is the median of the ratios of single rounds, whose loads ran back to back; ' +
      'the throughputs shown are the medians of each variant alone.' +
      (s.pinned
        ? ' A, B and C run on core 1 and, while they are measured, autocannon on core 0 (taskset); the real servers and PostgreSQL are not pinned.'
        : ''),
    '',
    '## Framework and plugins (same bytes from memory, the course explore body)',
    '',
    '| variant | req/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    ...(['A', 'B', 'C'] as const).map((k) => `| ${k} | ${cell(r.synthetic[k])} |`),
    '',
    `- B/A (Fastify vs bare node:http, same headers and bytes; target ≥ 0.9): ${ratio(r.synthetic['B/A'], 0.9)} ${rounds(r.synthetic.perRound['B/A'])}`,
    `- C/B (production plugins; target ≥ 0.8): ${ratio(r.synthetic['C/B'], 0.8)} ${rounds(r.synthetic.perRound['C/B'])}`,
    '',
    '## Real endpoints against the bound H = 1/(1/A + 1/G)',
    '',
    'A: bare node:http answering that endpoint’s exact bytes. G: the statements one request issues (captured from ' +
      'Drizzle’s log of one in-process request), replayed through the driver alone: `pg` with ' +
      `${s.connections} concurrent workers, PGlite in process (one connection). E = PGlite server, D = PostgreSQL ` +
      'server, both real processes with the sample content and `SHARED_CACHE_SECONDS=0` (the database path). ' +
      'Throughput in req/s (G: request-equivalents/s), latencies in ms.',
    '',
    '| endpoint | statements | A req/s | G PGlite | G pg | H PGlite | H pg | E req/s | E p50 | E p99 | D req/s | D p50 | D p99 | E/H | D/H (≥ 0.8) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.endpoints.map(
      (e) =>
        `| ${e.endpoint} | ${e.statements.pglite} | ${fmt(e.A.rps)} | ${fmt(e.G.pglite.rps)} | ${e.G.postgres ? fmt(e.G.postgres.rps) : '—'} | ` +
        `${fmt(e.H.pglite)} | ${e.H.postgres === null ? '—' : fmt(e.H.postgres)} | ${cell(e.E)} | ${cell(e.D)} | ` +
        `${e['E/H'].toFixed(2)} | ${ratio(e['D/H'], 0.8)} |`,
    ),
    `| course explore (server cache on) | | | | | | | ${cell(r.cached.E)} | ${cell(r.cached.D)} | | |`,
    '',
    ...(r.cached.note ? [r.cached.note, ''] : []),
    'G latencies (p50/p99 ms per request-equivalent): ' +
      r.endpoints
        .map(
          (e) =>
            `${e.endpoint} PGlite ${ms(e.G.pglite.p50)}/${ms(e.G.pglite.p99)}` +
            (e.G.postgres ? `, pg ${ms(e.G.postgres.p50)}/${ms(e.G.postgres.p99)}` : ''),
        )
        .join('; ') +
      '.',
    '',
    ...(r.cpu
      ? ['## CPU per request (the database path)', '', ...cpuMarkdown(r.cpu.rows, r.cpu.settings), '']
      : []),
    ...(r.floor ? ['### The floor under those ratios', '', ...dbFloorMarkdown(r.floor), ''] : []),
    ...(r.floorReads
      ? [
          '## CPU per request against the floor of a database read',
          '',
          ...floorReadsMarkdown(r.floorReads),
          '',
        ]
      : []),
    '## W: progress saves',
    '',
    '| backend | saves/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    `| E (PGlite) | ${cell(r.writes.E)} |`,
    `| D (PostgreSQL) | ${cell(r.writes.D)} |`,
    ...(r.writes.plain
      ? [
          `| E, saves without ranges | ${cell(r.writes.plain.E)} |`,
          `| D, saves without ranges | ${cell(r.writes.plain.D)} |`,
        ]
      : []),
    ...(r.writes.fragments
      ? [
          `| E, 500 scattered fragments a save | ${cell(r.writes.fragments.E)} |`,
          `| D, 500 scattered fragments a save | ${cell(r.writes.fragments.D)} |`,
        ]
      : []),
    '',
    ...(r.writes.rangesRatio
      ? [
          'Range merging’s cost: saves/s with watched ranges over the same saves without them (the seed’s body), ' +
            `each round back to back (target ≥ 0.8): E ${ratioList(r.writes.rangesRatio.E)}, D ` +
            `${ratioList(r.writes.rangesRatio.D)}.`,
          '',
        ]
      : []),
    ...(r.writes.fragmentsRatio
      ? [
          'Adversarial saves: 500 quarter-second fragments a quarter-second apart in each body (the most scattered ' +
            'ranges a save may carry, on the longest lesson of course-1), saves/s over the ordinary saves, each round ' +
            `back to back (target ≥ 0.8): E ${ratioList(r.writes.fragmentsRatio.E)}, D ` +
            `${ratioList(r.writes.fragmentsRatio.D)}. Stored ranges are capped at 200 a lesson, so a save's cost ` +
            'does not grow with what was saved before.',
          '',
        ]
      : []),
    `Signed-in learners enrolled in course-1 POST \`/api/lms/lessons/:id/video-progress\`. Saves are limited to 300 ` +
      `per 10 minutes per learner, so each request goes to the next of ${r.writes.learners} learners (each on their ` +
      `own record of a free lesson; the adversarial saves go to as many others): at most ${r.writes.mostSavesPerLearner} saves per learner in the whole run, so the limit is never ` +
      'reached and no two saves wait on one row lock. Production limits (`RATE_LIMIT_SCALE=1`).',
    '',
    '## S: registry search as the registry grows',
    '',
    'One database per backend grown in place with the rows `npm run sample:scale` writes (made inside the ' +
      'database by bench/grow.ts), measured against the real server (no server cache) by one client, so p50 is ' +
      'the search’s own latency rather than a queue: a broad word many passports contain, a maker’s name ' +
      '(matched through the shops) and one serial number.',
    '',
    ...(r.scale.postgres
      ? scaleTable('PostgreSQL', r.scale.postgres)
      : ['PostgreSQL not reachable: skipped.', '']),
    ...(r.scale.pglite ? scaleTable('PGlite', r.scale.pglite) : []),
    ...(r.scale.pgliteNote ? [`PGlite: ${r.scale.pgliteNote}.`, ''] : []),
    '## Process',
    '',
    `- RSS of the whole process tree, idle after the bench's seeding: E ${r.rssMb.idle.E} MB, D ${r.rssMb.idle.D ?? '—'} MB; under load (highest seen): E ${r.rssMb.underLoad.E ?? '—'} MB ${mark(r.rssMb.underLoad.E, EMBEDDED_LOADED_MB)}, D ${r.rssMb.underLoad.D ?? '—'} MB`,
    ...(r.rssMb.alone ?? []).map(
      (a) =>
        `- ${a.name}: ${a.idleMb} MB after 20 s idle (${a.processes} process${a.processes === 1 ? '' : 'es'}, start ${a.startMs} ms)` +
        (a.name.startsWith('PGlite') ? ` ${mark(a.idleMb, EMBEDDED_IDLE_MB)}` : ''),
    ),
    `- Cold start (spawn → /healthz answers, first start on an empty database, migrations and sample content): ` +
      `E ${r.coldStartMs.E} ms, D ${r.coldStartMs.D ?? '—'} ms`,
    '',
    '## Lighthouse (mobile preset, both servers with their default server cache)',
    '',
    ...(r.lighthouse ? lighthouseMarkdown(r.lighthouse) : ['Skipped.']),
    '',
    '## Sign-in flood',
    '',
    ...(r.loginFlood ? loginFloodMarkdown(r.loginFlood) : ['Skipped (BENCH_FLOOD=0).']),
    '',
    '## Dossier flood',
    '',
    ...(r.documentFlood ? documentFloodMarkdown(r.documentFlood) : ['Skipped (BENCH_DOCUMENTS=0).']),
    '',
    '## JSON flood',
    '',
    ...(r.jsonFlood ? jsonFloodMarkdown(r.jsonFlood) : ['Skipped (BENCH_JSON_FLOOD=0).']),
    '',
    '## Transparency log',
    '',
    ...(r.log ? logBenchMarkdown(r.log) : ['Skipped (BENCH_LOG=0).']),
    '',
    '## A mail per event',
    '',
    ...(r.mail ? mailCostMarkdown(r.mail) : ['Skipped (BENCH_MAIL=0).']),
    '',
    ...(r.witness
      ? [renderWitnessBench(r.witness)]
      : ['## Witnessed log', '', 'Skipped (BENCH_WITNESS=0, or no PostgreSQL).', '']),
    '## Targets missed',
    '',
    ...(r.missed.length
      ? r.missed.map((m) => `- **${m.target}**: ${m.reason} Next: ${m.next}`)
      : ['None: every target is met.']),
    '',
    'Measurements made by hand, round by round (profiles, plans at a million passports, side-by-side builds), are ' +
      'the lab notes in [rounds.md](rounds.md); this report is rendered from report.json alone.',
    '',
  ];
  return lines.join('\n');
}
