// npm run verify -- <public passport URL | dossier.pdf>
// Verifies a passport's history against the registry's signed transparency log, with code independent of the
// server (contract/log only). Exit 0: verified; 1: a check failed; 2: could not run (bad input, network).
import fs from 'node:fs';
import { cacheDir } from './verify/checkpoint-cache';
import { readPdfAttachment } from './verify/pdf-attachment';
import { verifyBundleJson, verifyUrl } from './verify/run-verify';

async function main(): Promise<number> {
  const input = process.argv[2];
  if (!input || process.argv.length > 3) {
    console.error('usage: npm run verify -- <https://…/p/CODE | dossier.pdf>');
    return 2;
  }
  const opts = { cacheDir: cacheDir() };
  try {
    const outcome = /^https?:\/\//i.test(input)
      ? await verifyUrl(input, opts)
      : await verifyBundleJson(await readPdfAttachment(fs.readFileSync(input)), opts);
    for (const line of outcome.lines) (outcome.ok ? console.log : console.error)(line);
    return outcome.ok ? 0 : 1;
  } catch (e) {
    console.error(`could not verify: ${(e as Error).message}`);
    return 2;
  }
}

process.exitCode = await main();
