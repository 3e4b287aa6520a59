import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    // Area boundaries (docs/decisions/003-layout.md): an area never imports another area's internals; what two
    // areas share lives in contract/, server/plugins, server/{db,mail,media,log,notify,passwords}, client/components or
    // client/lib. One zone per area keeps the rule readable: "files in this area may not import from these".
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Only the project's own modules are followed for cycles; packages are never parsed.
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: boundaryZones() }],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);

/** The import zones: features are islands; shared layers never reach up into features; contract imports nothing local. */
function boundaryZones() {
  const areas = (side) =>
    fs
      .readdirSync(path.join(import.meta.dirname, side, 'features'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  const zones = [];
  for (const side of ['client', 'server']) {
    for (const area of areas(side)) {
      zones.push({
        target: `./${side}/features/${area}`,
        from: `./${side}/features`,
        except: [`./${area}`],
        message: `${side}/features/${area} may not import another area: move what both need to a shared place.`,
      });
    }
  }
  zones.push(
    {
      target: ['./client/components', './client/lib'],
      from: ['./client/features', './client/pages'],
      message: 'components/ and lib/ are shared by every area and never import a feature or a page.',
    },
    {
      target: [
        './server/db',
        './server/plugins',
        './server/mail',
        './server/media',
        './server/log',
        './server/notify',
        './server/passwords',
      ],
      from: './server/features',
      message: 'Shared server layers never import a feature area.',
    },
    {
      target: './contract',
      from: ['./client', './server'],
      message: 'contract/ is shared by both sides and imports neither.',
    },
    {
      target: './client',
      from: './server',
      message: 'The client talks to the server only through /api.',
    },
  );
  return zones;
}
