import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { PAGES } from './contract/routes';

const apiPort = process.env.PORT ?? '3000';

/**
 * React Router's published build creates its components with un-annotated React.forwardRef/createContext/memo
 * calls and then sets their displayName, so a bundler must keep all of them (Form, NavLink, the RSC helpers…)
 * even when the app uses none: about 1.5 KB gzip of the first script. Marking those calls pure and dropping the
 * displayName lines (names shown by React DevTools, nothing else) lets tree-shaking remove the unused ones. Should
 * a release change that output, the patterns stop matching and e2e/performance.spec.ts reports the budget.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/.test(id)) return null;
      return code
        .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^\w+\.displayName = "\w+";$/gm, '');
    },
  };
}

/** Writes Brotli and gzip copies beside each text asset; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        if (!/\.(js|css|svg|txt|json|xml)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const bytes = fs.readFileSync(full);
        if (bytes.length < 1024) continue;
        const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
        fs.writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(bytes, {
            params: { [BROTLI_PARAM_QUALITY]: 11, [BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * Writes `.vite/routes.json`: for each page of the manifest (contract/routes.ts), the page chunk and every chunk it
 * imports. The server adds them to the HTML as modulepreload links, so a first visit fetches the page's code
 * while the entry script is still downloading instead of after it has run (Lighthouse LCP).
 */
function routePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
      const manifest = JSON.parse(
        fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Record<string, Chunk>;
      const inEntry = new Set(
        Object.values(manifest)
          .filter((c) => c.isEntry)
          .flatMap((c) => [c.file, ...(c.imports ?? []).map((k) => manifest[k]!.file)]),
      );
      const visit = (key: string, visited: Set<string>, files: string[]): string[] => {
        const chunk = manifest[key];
        if (!chunk || visited.has(key)) return files;
        visited.add(key);
        if (!inEntry.has(chunk.file)) files.push(`/${chunk.file}`);
        for (const imported of chunk.imports ?? []) visit(imported, visited, files);
        return files;
      };
      const table: Record<string, string[]> = {};
      for (const page of PAGES) table[page.path] = visit(`pages/${page.module}.tsx`, new Set(), []);
      fs.writeFileSync(path.join(outDir, '.vite/routes.json'), `${JSON.stringify(table, null, 1)}\n`);
    },
  };
}

/**
 * Writes `.vite/landing-hero.html`: the landing page's hero as HTML, rendered by React from the components the app
 * renders (client/app/static-html.tsx). The server sends it inside a guest's `/`, so it paints before any script
 * has run (docs/decisions/022).
 */
function landingHeroHtml(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'landing-hero-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { module } = await runnerImport<{ landingHeroHtml: () => string }>(
        path.join(root, 'app/static-html.tsx'),
        { configFile: false, root, logLevel: 'error' },
      );
      fs.writeFileSync(path.join(outDir, '.vite/landing-hero.html'), module.landingHeroHtml());
    },
  };
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    reactRouterTreeShaking(),
    routePreloads(),
    landingHeroHtml(),
    precompress(),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // No preload lists in the first script: Vite's table of every chunk each lazy import needs (hashed names,
    // which gzip cannot shrink) cost 1.2 KB gzip of it. A first visit still gets its page's chunks as
    // modulepreload links from the server (routePreloads below); moving to another page fetches its chunk, then
    // the chunks that one imports (one more round trip, once per kind of page). docs/decisions/008.
    modulePreload: false,
    // Fewer, larger chunks (docs/decisions/008-client-chunks.md): everything the first page needs in one script,
    // and shared modules under 8 KB copied into each page chunk that uses them instead of each being a chunk of
    // its own. Over HTTP/1.1 a page asked for up to 23 files; a slow phone waited a round trip per wave of six.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/media': `http://127.0.0.1:${apiPort}` },
  },
});
