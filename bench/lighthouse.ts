// Lighthouse (npm package, system Chromium, default mobile preset) on the public pages the issue names.
// In `npm run bench` it runs against both production servers (PGlite and PostgreSQL, each with its default server
// cache); alone: `npm run lighthouse -- http://127.0.0.1:3000 [path…]`.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
/** Performance ≥ 95, the others 100. */
export const LIGHTHOUSE_TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

export interface LighthousePage {
  name: string;
  path: string;
}

export interface LighthouseResult {
  page: string;
  path: string;
  /** Which server answered: 'PGlite' or 'PostgreSQL' in the bench, absent when run alone. */
  backend?: string;
  scores: Record<Category, number>;
  /** For each category under its target: the audits that lost points. */
  failing: { category: Category; id: string; title: string; score: number }[];
  /** The performance score of every run; `scores` and `failing` are those of the median run. */
  performanceRuns?: number[];
  /** The 1-minute load average as each run started: Lighthouse's simulated timings scale with the CPU it gets. */
  loadAverages?: number[];
  /** The median run's causes rather than its score: what its LCP was, what blocked rendering, how many bytes. */
  evidence?: {
    fcpMs: number;
    lcpMs: number;
    lcpElement: string;
    /** TTFB, load delay, load time and render delay of the LCP, in ms. */
    lcpPhases: Record<string, number>;
    tbtMs: number;
    /** Cumulative layout shift (unitless). */
    cls: number;
    renderBlocking: string[];
    transferBytes: number;
    serverResponseMs: number;
  };
}

/**
 * Runs per page. Lighthouse's scores vary from run to run (its own documentation recommends the median of
 * several); the page's result is the run with the median performance score. BENCH_LIGHTHOUSE_RUNS sets it.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/** Per page and category, so the report stays readable; the full list is a standalone run away. */
const MAX_FAILING = 8;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  // This machine's network is closed: without these Chromium keeps trying to reach Google's hosts.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** One page's report; a failed trace (NO_NAVSTART and the like, seen on a busy machine) is tried again. */
async function audit(url: string, port: number, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Neither is scored: the full-page screenshot and the back/forward-cache check (a second navigation).
      disableFullPageScreenshot: true,
      skipAudits: ['bf-cache'],
    });
    const error = run ? run.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (run && !error) return run.lhr;
    if (attempt >= attempts) throw new Error(`${url}: ${error?.code ?? ''} ${error?.message ?? ''}`);
  }
}

/** Runs Lighthouse on each page in turn in one Chromium. */
export async function runLighthouse(
  baseUrl: string,
  pages: LighthousePage[],
  backend?: string,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const runs: Awaited<ReturnType<typeof audit>>[] = [];
      const loadAverages: number[] = [];
      for (let n = 0; n < RUNS; n++) {
        loadAverages.push(Math.round(os.loadavg()[0]! * 10) / 10);
        runs.push(await audit(`${baseUrl}${page.path}`, chrome.port));
      }
      const performance = (r: (typeof runs)[number]) => r.categories.performance?.score ?? 0;
      const lhr = [...runs].sort((a, b) => performance(a) - performance(b))[Math.floor(runs.length / 2)]!;
      const scores = {} as Record<Category, number>;
      const failing: LighthouseResult['failing'] = [];
      for (const category of CATEGORIES) {
        const c = lhr.categories[category];
        scores[category] = Math.round((c?.score ?? 0) * 100);
        if (!c || scores[category] >= LIGHTHOUSE_TARGETS[category]) continue;
        const lost = c.auditRefs.flatMap((ref) => {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 1) return [];
          if (['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) return [];
          // Scored metrics count when under 90; of the unweighted diagnostics only the clear failures.
          if (ref.weight > 0 ? audit.score >= 0.9 : audit.score > 0) return [];
          return [
            {
              category,
              id: ref.id,
              title: audit.title,
              score: Math.round(audit.score * 100),
              weight: ref.weight,
            },
          ];
        });
        lost.sort((a, b) => b.weight - a.weight);
        failing.push(...lost.slice(0, MAX_FAILING).map(({ weight: _w, ...f }) => f));
      }
      results.push({
        page: page.name,
        path: page.path,
        ...(backend ? { backend } : {}),
        scores,
        failing,
        performanceRuns: runs.map((r) => Math.round(performance(r) * 100)),
        loadAverages,
        evidence: evidence(lhr),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

type Lhr = Awaited<ReturnType<typeof audit>>;
interface Table {
  items?: { items?: Record<string, unknown>[]; node?: { snippet?: string }; [key: string]: unknown }[];
}

/** What a run's performance score is made of, from its audits. */
function evidence(lhr: Lhr): LighthouseResult['evidence'] {
  const audits = lhr.audits;
  const value = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
  const table = (id: string) => (audits[id]?.details ?? {}) as Table;
  // Lighthouse 12: a table of the element, then a table of the LCP's phases.
  const [element, phases] = table('largest-contentful-paint-element').items ?? [];
  const node = element?.items?.[0]?.node as { snippet?: string } | undefined;
  const lcpPhases: Record<string, number> = {};
  for (const row of phases?.items ?? []) lcpPhases[String(row.phase)] = Math.round(Number(row.timing));
  const requests = table('network-requests').items ?? [];
  return {
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    lcpElement: node?.snippet ?? '',
    lcpPhases,
    tbtMs: value('total-blocking-time'),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    renderBlocking: (table('render-blocking-resources').items ?? []).map((i) =>
      String(i.url).replace(/^https?:\/\/[^/]+/, ''),
    ),
    transferBytes: requests.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0),
    serverResponseMs: value('server-response-time'),
  };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The pages to audit, found through the API of the server at `baseUrl`: a listing and its first free lesson,
 * two makers of registry passports (one as a profile, one as a shop), the makers directory, a public passport
 * and the stolen-instrument check.
 */
export async function samplePages(baseUrl: string): Promise<LighthousePage[]> {
  const courses = await getJson<{ slug: string }[]>(`${baseUrl}/api/lms/courses/explore`);
  const listing = await getJson<{ curriculum: { lessons: { id: string; free: boolean }[] }[] }>(
    `${baseUrl}/api/lms/courses/listing/${courses[0]?.slug ?? ''}`,
  );
  const freeLesson = listing.curriculum.flatMap((s) => s.lessons).find((l) => l.free);
  const instruments = await getJson<{ passportCode: string; luthier: { slug: string } | null }[]>(
    `${baseUrl}/api/registry/instruments?pageSize=50`,
  );
  const makers = [...new Set(instruments.flatMap((i) => (i.luthier ? [i.luthier.slug] : [])))];
  if (!courses[0] || !freeLesson || makers.length < 2 || !instruments[0])
    throw new Error('the server has no sample content (a course with a free lesson, two makers)');
  return [
    { name: 'landing', path: '/' },
    { name: 'explore', path: '/explore' },
    { name: 'registry', path: '/registry' },
    { name: 'listing', path: `/listing/${courses[0].slug}` },
    { name: 'free lesson', path: `/lessons/${freeLesson.id}` },
    { name: 'profile', path: `/u/${makers[1]!}` },
    { name: 'shop', path: `/l/${makers[0]!}` },
    { name: 'makers', path: '/luthiers' },
    { name: 'public passport', path: `/p/${instruments[0].passportCode}` },
    { name: 'check', path: '/check' },
  ];
}

const mark = (category: Category, score: number) =>
  `${score} ${score >= LIGHTHOUSE_TARGETS[category] ? '✅' : '❌'}`;

/** The report's table, and under it what each page under target lost points on. */
export function lighthouseMarkdown(results: LighthouseResult[]): string[] {
  const named = (r: LighthouseResult) => `${r.page}${r.backend ? `, ${r.backend}` : ''}`;
  const lines = [
    '| page | Performance | Accessibility | Best Practices | SEO |',
    '|---|---|---|---|---|',
    ...results.map(
      (r) => `| ${named(r)} (\`${r.path}\`) | ${CATEGORIES.map((c) => mark(c, r.scores[c])).join(' | ')} |`,
    ),
  ];
  const runs = results.filter((r) => (r.performanceRuns?.length ?? 0) > 1);
  if (runs.length)
    lines.push(
      '',
      `Each page ran ${runs[0]!.performanceRuns!.length} times; the table shows the run with the median performance ` +
        `score. Performance of every run, with the 1-minute load average as it started: ${runs
          .map(
            (r) =>
              `${named(r)} ${r.performanceRuns!.map((p, i) => `${p} (load ${r.loadAverages?.[i] ?? '?'})`).join(' / ')}`,
          )
          .join('; ')}.`,
    );
  const withEvidence = results.filter((r) => r.evidence);
  if (withEvidence.length)
    lines.push(
      '',
      'What the median runs are made of (simulated timings, which grow with the load: the causes are the steadier evidence):',
      '',
      '| page | FCP | LCP | its element | LCP phases (ms) | TBT | CLS | render-blocking | bytes | server response |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...withEvidence.map((r) => {
        const e = r.evidence!;
        const phases = Object.entries(e.lcpPhases)
          .map(([phase, ms]) => `${phase} ${ms}`)
          .join(', ');
        const element = e.lcpElement.replace(/\|/g, '\\|').slice(0, 80);
        return `| ${named(r)} | ${e.fcpMs} ms | ${e.lcpMs} ms | \`${element}\` | ${phases} | ${e.tbtMs} ms | ${e.cls} | ${e.renderBlocking.join(', ') || 'none'} | ${e.transferBytes.toLocaleString('en')} | ${e.serverResponseMs} ms |`;
      }),
    );
  const failing = results.filter((r) => r.failing.length);
  if (failing.length) lines.push('', 'Audits that lost points where a category is under its target:', '');
  for (const r of failing)
    lines.push(
      `- ${named(r)}: ${r.failing.map((f) => `${f.category}/\`${f.id}\` ${f.title} (${f.score})`).join('; ')}`,
    );
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  // Paths after the address audit only those pages (`npm run lighthouse -- http://127.0.0.1:3000 /`).
  const paths = process.argv.slice(3);
  const pages = paths.length ? paths.map((p) => ({ name: p, path: p })) : await samplePages(baseUrl);
  const results = await runLighthouse(baseUrl, pages);
  console.log(lighthouseMarkdown(results).join('\n'));
}
