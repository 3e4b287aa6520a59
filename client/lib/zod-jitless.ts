// Zod compiles its object parsers with `new Function` when the page allows it, and finds out by trying: under the
// app's Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported as a CSP violation, which
// browsers and Lighthouse list as an issue. The browser build never needs the compiled parsers, so Zod is told not
// to try. Zod reads this global when its schemas are built, and it is imported first in main.tsx, before any
// (lazily loaded) contract module. The server keeps the compiled parsers.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
