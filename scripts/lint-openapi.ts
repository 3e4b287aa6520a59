// npm run lint:openapi: writes the OpenAPI document the app serves at /api/openapi.json (same routes, same
// builder) to dist/openapi/openapi.json and lints it with Redocly's CLI, an independent linter, under
// redocly.yaml (its recommended-strict rules: any finding fails). Known findings the API's paths make
// unavoidable are listed, each with its reason, in .redocly.lint-ignore.yaml.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_ROUTES } from '../contract/api/routes';
import { openApiDocument } from '../server/features/api-docs/openapi';

const root = path.resolve(import.meta.dirname, '..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const file = path.join('dist', 'openapi', 'openapi.json');
fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
const document = openApiDocument(API_ROUTES, {
  version,
  publicUrl: process.env.PUBLIC_URL ?? 'http://localhost:3000',
});
fs.writeFileSync(path.join(root, file), `${JSON.stringify(document, null, 2)}\n`);

const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'redocly'),
  ['lint', file, '--config', 'redocly.yaml', '--format', 'stylish'],
  {
    cwd: root,
    stdio: 'inherit',
    // No usage reports or update checks from CI.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
process.exit(result.status ?? 1);
