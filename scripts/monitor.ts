// npm run monitor -- <origin> [--state DIR] [--policy FILE|URL]
// Mirrors a registry's log (C2SP tlog-tiles) and checks it has only grown since the last run, is cosigned per its
// policy and holds well-formed, chained entries. Exit 0: fine; 1: fork, rollback or bad entry; 2: could not check;
// 3: the log key or the quorum is not established.
import os from 'node:os';
import path from 'node:path';
import { CouldNotCheck, NotEstablished, Tampered } from './verify/judge';
import { monitorOnce } from './monitor/monitor';

async function main(argv: string[]): Promise<number> {
  let stateDir: string | undefined;
  let policy: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--state' && argv[i + 1]) stateDir = argv[++i];
    else if (argv[i] === '--policy' && argv[i + 1]) policy = argv[++i];
    else rest.push(argv[i]!);
  }
  if (rest.length !== 1 || !/^https?:\/\//.test(rest[0]!)) {
    console.error('usage: npm run monitor -- <https://registry…> [--state DIR] [--policy FILE|URL]');
    return 2;
  }
  const url = new URL(rest[0]!);
  const prefix = `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/log$/, '')}/log`;
  const base = process.env.XDG_STATE_HOME || path.join(os.homedir(), '.local/state');
  const dir =
    stateDir ??
    path.join(base, 'luthier-monitor', prefix.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.-]+/g, '_'));
  try {
    for (const line of await monitorOnce({ prefix, stateDir: dir, ...(policy ? { policy } : {}) }))
      console.log(line);
    console.log(`OK: state in ${dir}`);
    return 0;
  } catch (e) {
    if (e instanceof Tampered) console.error(`FAILED: ${e.message}`);
    else if (e instanceof NotEstablished) console.error(`NOT ESTABLISHED: ${e.message}`);
    else if (e instanceof CouldNotCheck) console.error(`COULD NOT CHECK: ${e.message}`);
    else console.error(`COULD NOT CHECK: ${(e as Error).message}`);
    return e instanceof Tampered ? 1 : e instanceof NotEstablished ? 3 : 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
