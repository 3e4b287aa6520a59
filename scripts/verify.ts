// npm run verify -- [--policy FILE|URL] [--offline] <https://…/p/CODE | dossier.pdf | entry.tlog-proof LEAF>
// Checks a passport's history, a dossier or one C2SP tlog-proof against a tlog-policy, with code independent of the
// server (decision 010). Exit 0: verified; 1: tampered or inconsistent; 2: could not check; 3: the log key or the
// witness quorum is not established.
import { readFileBounded } from './verify/bounded-io';
import { verifyDossier, verifyTlogProof, verifyUrl, type VerifyOptions } from './verify/run-verify';

const USAGE =
  'usage: npm run verify -- [--policy FILE|URL] [--offline] <https://…/p/CODE | dossier.pdf | entry.tlog-proof LEAF>';

async function main(argv: string[]): Promise<number> {
  const opts: VerifyOptions = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--policy' && argv[i + 1]) opts.policy = argv[++i];
    else if (argv[i] === '--offline') opts.offline = true;
    else if (argv[i]!.startsWith('--')) return usage();
    else rest.push(argv[i]!);
  }
  const [input, leafFile] = rest;
  if (!input || rest.length > 2 || (rest.length === 2) !== input.endsWith('.tlog-proof')) return usage();
  const read = (file: string) => {
    try {
      return readFileBounded(file);
    } catch (e) {
      return (e as Error).message;
    }
  };
  let outcome;
  if (/^https?:\/\//i.test(input)) {
    if (opts.offline) return usage();
    outcome = await verifyUrl(input, opts);
  } else {
    const bytes = read(input);
    const leaf = leafFile === undefined ? null : read(leafFile);
    if (typeof bytes === 'string' || typeof leaf === 'string') {
      console.error(`COULD NOT CHECK: ${typeof bytes === 'string' ? bytes : String(leaf)}`);
      return 2;
    }
    // A leaf saved with a final newline: canonical JSON never ends with one.
    const leafBytes = leaf && leaf.at(-1) === 0x0a ? leaf.subarray(0, -1) : leaf;
    outcome = leafBytes
      ? await verifyTlogProof(bytes.toString('utf8'), leafBytes, opts)
      : await verifyDossier(bytes, opts);
  }
  for (const line of outcome.lines) (outcome.code === 0 ? console.log : console.error)(line);
  return outcome.code;
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
