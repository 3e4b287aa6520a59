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
  it('refuses a client feature importing a page or the app shell', async () => {
    const page = await ruleIds(
      'client/features/academy/course-card.tsx',
      "import { CoursePage } from '../../pages/course';\nexport const page = CoursePage;\n",
    );
    const shell = await ruleIds(
      'client/features/academy/course-card.tsx',
      "import { AppRoutes } from '../../app/routes';\nexport const routes = AppRoutes;\n",
    );
    expect(page).toContain('import/no-restricted-paths');
    expect(shell).toContain('import/no-restricted-paths');
  }, 60_000);

  it('refuses shared components and lib importing the app shell', async () => {
    const component = await ruleIds(
      'client/components/ui/button.tsx',
      "import { RouteGuard } from '../../app/route-guard';\nexport const guard = RouteGuard;\n",
    );
    const lib = await ruleIds(
      'client/lib/cn.ts',
      "import { AppRoutes } from '../app/routes';\nexport const routes = AppRoutes;\n",
    );
    expect(component).toContain('import/no-restricted-paths');
    expect(lib).toContain('import/no-restricted-paths');
  }, 60_000);

  it('refuses every shared server layer importing a feature, and allows one layer another', async () => {
    for (const file of [
      'server/certificates/signing.ts',
      'server/log/append.ts',
      'server/notify/offer-notices.ts',
      'server/media/media-store.ts',
      'server/db/client.ts',
      'server/plugins/sessions.ts',
    ]) {
      const depth = file.split('/').length - 2;
      const up = '../'.repeat(depth);
      const ids = await ruleIds(
        file,
        `import { listInstruments } from '${up}features/registry/list.queries';\nexport const list = listInstruments;\n`,
      );
      expect(ids, file).toContain('import/no-restricted-paths');
    }
    const allowed = await ruleIds(
      'server/log/append.ts',
      "import { openDatabase } from '../db/client';\nexport const open = openDatabase;\n",
    );
    expect(allowed).not.toContain('import/no-restricted-paths');
  }, 120_000);

  it('refuses the standalone verifier importing the server, and allows it the contract', async () => {
    const script = await ruleIds(
      'scripts/verify.ts',
      "import { createSigner } from '../server/log/signing';\nexport const sign = createSigner;\n",
    );
    const module = await ruleIds(
      'scripts/verify/run-verify.ts',
      "import { openDatabase } from '../../server/db/client';\nexport const open = openDatabase;\n",
    );
    const contract = await ruleIds(
      'scripts/verify/run-verify.ts',
      "import { verifyCheckpoint } from '../../contract/log/note';\nexport const check = verifyCheckpoint;\n",
    );
    expect(script).toContain('import/no-restricted-paths');
    expect(module).toContain('import/no-restricted-paths');
    expect(contract).not.toContain('import/no-restricted-paths');
  }, 60_000);
});

describe('sides', () => {
  // One planted crossing of each kind, in code and in the tests, e2e, bench and scripts beside it.
  const crossings: [file: string, code: string][] = [
    ['server/mail/mailer.ts', "import { cn } from '../../client/lib/cn';\nexport const join = cn;\n"],
    ['server/mail/mail-kit.test.ts', "import { cn } from '../../client/lib/cn';\nexport const join = cn;\n"],
    [
      'client/lib/cn.ts',
      "import { openDatabase } from '../../server/db/client';\nexport const open = openDatabase;\n",
    ],
    [
      'client/lib/cn.test.ts',
      "import { openDatabase } from '../../server/db/client';\nexport const open = openDatabase;\n",
    ],
    ['contract/errors.ts', "import { cn } from '../client/lib/cn';\nexport const join = cn;\n"],
    [
      'contract/errors.ts',
      "import { openDatabase } from '../server/db/client';\nexport const open = openDatabase;\n",
    ],
    [
      'contract/text.test.ts',
      "import { numberFormat } from '../presentation/intl-formats';\nexport const format = numberFormat;\n",
    ],
    ['presentation/money.ts', "import { cn } from '../client/lib/cn';\nexport const join = cn;\n"],
    [
      'presentation/money.ts',
      "import { openDatabase } from '../server/db/client';\nexport const open = openDatabase;\n",
    ],
    ['e2e/a11y-helpers.ts', "import { cn } from '../client/lib/cn';\nexport const join = cn;\n"],
    ['bench/run.ts', "import { cn } from '../client/lib/cn';\nexport const join = cn;\n"],
    ['scripts/admin.ts', "import { cn } from '../client/lib/cn';\nexport const join = cn;\n"],
  ];
  for (const [file, code] of crossings) {
    const target = code.match(/from '([^']+)'/)?.[1] ?? '';
    it(`refuses ${file} importing ${target}`, async () => {
      expect(await ruleIds(file, code)).toContain('import/no-restricted-paths');
    }, 60_000);
  }

  it('allows both sides the contract and presentation, and presentation the contract', async () => {
    for (const [file, code] of [
      [
        'client/lib/cn.ts',
        "import { formatPrice } from '../../presentation/money';\nexport const f = formatPrice;\n",
      ],
      [
        'server/mail/mailer.ts',
        "import { formatPrice } from '../../presentation/money';\nexport const f = formatPrice;\n",
      ],
      [
        'presentation/money.ts',
        "import { minorUnits } from '../contract/currencies';\nexport const m = minorUnits;\n",
      ],
    ] as const) {
      expect(await ruleIds(file, code), file).not.toContain('import/no-restricted-paths');
    }
  }, 60_000);
});
