import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The area boundaries are only worth something if the linter refuses a crossing: each case lints a real file's
// path with a deliberate violation as its text and expects the boundary rule to name it.
const root = path.resolve(import.meta.dirname, '..');
// Only the import rules run, without type information: the type-aware rules need a TypeScript program of the
// whole project, which costs far more than these checks (npm run lint runs everything).
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import/'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('area boundaries', () => {
  it('refuses a client feature importing another feature', async () => {
    const ids = await ruleIds(
      'client/features/academy/api.ts',
      "import { INSTRUMENTS_KEY } from '../registry/api';\nexport const keys = INSTRUMENTS_KEY;\n",
    );
    expect(ids).toContain('import/no-restricted-paths');
  }, 60_000);

  it('refuses a server area importing another area', async () => {
    const ids = await ruleIds(
      'server/features/academy/streaks.ts',
      "import { listInstruments } from '../registry/list.queries';\nexport const list = listInstruments;\n",
    );
    expect(ids).toContain('import/no-restricted-paths');
  }, 60_000);

  it('refuses shared layers importing a feature', async () => {
    const client = await ruleIds(
      'client/lib/cn.ts',
      "import { INSTRUMENTS_KEY } from '../features/registry/api';\nexport const keys = INSTRUMENTS_KEY;\n",
    );
    const server = await ruleIds(
      'server/mail/mailer.ts',
      "import { listInstruments } from '../features/registry/list.queries';\nexport const list = listInstruments;\n",
    );
    expect(client).toContain('import/no-restricted-paths');
    expect(server).toContain('import/no-restricted-paths');
  }, 60_000);

  it('allows an area its own modules and the shared layers', async () => {
    const ids = await ruleIds(
      'client/features/academy/api.ts',
      "import { cn } from '../../lib/cn';\nexport const join = cn;\n",
    );
    expect(ids).not.toContain('import/no-restricted-paths');
  }, 60_000);
});
