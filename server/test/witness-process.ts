// Runs server/test/witness-server.ts (a C2SP tlog-witness written from the spec) as its own process, for tests.
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestWitness } from '../features/log/witness-kit';
import { nodeArgs, repoRoot } from './processes';

export async function startWitnessProcess(
  w: TestWitness,
  port: number,
  logVkey: string,
  stateFile: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, await nodeArgs('server/test/witness-server.ts'), {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      WITNESS_PORT: String(port),
      WITNESS_NAME: w.keyName,
      WITNESS_SEED: w.seed.toString('base64'),
      WITNESS_LOG_VKEY: logVkey,
      WITNESS_STATE: stateFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening')) resolve();
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => reject(new Error(`witness ${w.name} exited:\n${out}`)));
  });
  return child;
}

export async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
