import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const importSettings = {
  'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  // Only the project's own modules are followed for cycles; packages are never parsed.
  'import/ignore': ['node_modules'],
  'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'drizzle', 'data', 'test-results', 'playwright-report', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/require-await': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // Tests read untyped JSON bodies (inject().json()) all the time; typing each one adds noise, not safety.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // The sides (docs/decisions/031-sides-the-compiler-enforces.md): the server never imports the client nor the
    // client the server; contract/ and presentation/ are shared by both and import neither. Every file follows
    // them, tests, e2e, bench and scripts too (e2e, bench and scripts run in Node beside the server).
    files: ['**/*.{ts,tsx}'],
    // The one deliberate crossing: the guest page's test serves the landing hero the build renders from the
    // client's components (vite.config.ts), as the build hands it to the server.
    ignores: ['server/plugins/guest-home.test.ts'],
    plugins: { import: importPlugin },
    settings: importSettings,
    rules: { 'import/no-restricted-paths': ['error', { zones: sideZones() }] },
  },
  {
    // Area boundaries (docs/decisions/003-layout.md): an area never imports another area's internals; what two
    // areas share lives in contract/, presentation/, server/plugins, server/{db,mail,media,log,notify,passwords}, client/components or
    // client/lib. One zone per area keeps the rule readable: "files in this area may not import from these".
    files: [
      'client/**/*.{ts,tsx}',
      'server/**/*.ts',
      'contract/**/*.ts',
      'presentation/**/*.ts',
      'scripts/verify.ts',
      'scripts/verify/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**'],
    plugins: { import: importPlugin },
    settings: importSettings,
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: [...boundaryZones(), ...sideZones()] }],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);

/** The sides: client, server, and the two shared folders neither of them may be imported by. */
function sideZones() {
  return [
    {
      target: './client',
      from: './server',
      message: 'The client talks to the server only through /api.',
    },
    {
      target: ['./server', './e2e', './bench', './scripts'],
      from: './client',
      message:
        'Server-side code never imports client code: what both need belongs in contract/ or presentation/.',
    },
    {
      target: './contract',
      from: ['./client', './server', './presentation'],
      message: 'contract/ is the API language of both sides and imports nothing local but itself.',
    },
    {
      target: './presentation',
      from: ['./client', './server'],
      message: 'presentation/ is shared by both sides and imports neither (contract/ only).',
    },
  ];
}

/**
 * The import zones: features are islands below the app shell and the pages; shared layers never reach up into
 * features (nor, on the client, into the app shell); the standalone verifier imports only the contract.
 */
function boundaryZones() {
  const folders = (dir) =>
    fs
      .readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  const zones = [];
  for (const side of ['client', 'server']) {
    for (const area of folders(`${side}/features`)) {
      zones.push({
        target: `./${side}/features/${area}`,
        from: `./${side}/features`,
        except: [`./${area}`],
        message: `${side}/features/${area} may not import another area: move what both need to a shared place.`,
      });
    }
  }
  // Every server folder but the areas themselves and the test harness is a shared layer.
  const sharedServerLayers = folders('server')
    .filter((name) => name !== 'features' && name !== 'test')
    .map((name) => `./server/${name}`);
  zones.push(
    {
      target: './client/features',
      from: ['./client/pages', './client/app'],
      message:
        'A feature never imports a page or the app shell: pages compose features, not the other way round.',
    },
    {
      target: ['./client/components', './client/lib'],
      from: ['./client/features', './client/pages', './client/app'],
      message:
        'components/ and lib/ are shared by every area and never import a feature, a page or the app shell.',
    },
    {
      target: sharedServerLayers,
      from: './server/features',
      message: 'Shared server layers never import a feature area: move what both need down a layer.',
    },
    {
      target: ['./scripts/verify.ts', './scripts/verify'],
      from: ['./server', './client'],
      message:
        'The verifier stands alone (decision 010): it checks the server from outside, with contract/ only.',
    },
  );
  return zones;
}
