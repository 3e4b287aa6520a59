// A C2SP tlog-witness for tests, written from the spec and run as its own process:
//   node --import tsx server/test/witness-server.ts
// with WITNESS_PORT, WITNESS_NAME (its cosigner key name), WITNESS_SEED (base64 Ed25519 seed), WITNESS_LOG_VKEY
// (the logs it trusts) and WITNESS_STATE (a JSON file: the latest cosigned size and root per origin, persisted
// before each answer, so a restarted witness remembers what it cosigned).
import fs from 'node:fs';
import http from 'node:http';
import { createPublicKey, verify } from 'node:crypto';
import { verifyConsistency } from '../../contract/log/merkle';
import { cosignatureLine } from '../log/cosignature';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const port = Number(env('WITNESS_PORT'));
const keyName = env('WITNESS_NAME');
const seed = Buffer.from(env('WITNESS_SEED'), 'base64');
const stateFile = env('WITNESS_STATE');

// Each trusted log's note key: <origin>+<key id>+base64(0x01 ‖ Ed25519 public key); several, space-separated (the
// registry's passport log and its index's output log).
const logs = new Map(
  env('WITNESS_LOG_VKEY')
    .split(' ')
    .filter(Boolean)
    .map((vkey) => {
      const [name = '', keyId = '', ...parts] = vkey.split('+');
      const key = createPublicKey({
        key: Buffer.concat([
          Buffer.from('302a300506032b6570032100', 'hex'),
          Buffer.from(parts.join('+'), 'base64').subarray(1),
        ]),
        format: 'der',
        type: 'spki',
      });
      return [name, { keyId, key }] as const;
    }),
);

type State = Record<string, { size: number; root: string }>;
const load = (): State =>
  fs.existsSync(stateFile) ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as State) : {};
const save = (state: State) => {
  fs.writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
  fs.renameSync(`${stateFile}.tmp`, stateFile);
};

class Answer {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly type = 'text/plain; charset=utf-8',
  ) {}
}

async function addCheckpoint(request: string): Promise<Answer> {
  const split = request.indexOf('\n\n');
  if (split < 0) return new Answer(400, 'no empty line\n');
  const head = request.slice(0, split).split('\n');
  const note = request.slice(split + 2);
  const oldMatch = /^old (0|[1-9][0-9]*)$/.exec(head[0] ?? '');
  if (!oldMatch) return new Answer(400, 'no old size line\n');
  const old = Number(oldMatch[1]);
  const proof = head.slice(1).map((l) => Buffer.from(l, 'base64'));
  if (proof.length > 63 || proof.some((p, i) => p.toString('base64') !== head[i + 1]))
    return new Answer(400, 'bad proof lines\n');
  const sigAt = note.lastIndexOf('\n\n');
  if (sigAt < 0 || !note.endsWith('\n')) return new Answer(400, 'not a signed note\n');
  const body = note.slice(0, sigAt + 1);
  const [origin = '', sizeText, root64] = body.split('\n');
  const trustedLog = logs.get(origin);
  if (!trustedLog) return new Answer(404, 'unknown origin\n');
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText ?? '')) return new Answer(400, 'bad size\n');
  const size = Number(sizeText);
  const root = Buffer.from(root64 ?? '', 'base64');
  if (root.length !== 32) return new Answer(400, 'bad root\n');
  let trusted = false;
  for (const line of note.slice(sigAt + 2, -1).split('\n')) {
    const [dash, name, sig64] = line.split(' ');
    if (dash !== '\u2014' || !name || !sig64) return new Answer(400, 'bad signature line\n');
    const sig = Buffer.from(sig64, 'base64');
    if (name !== origin || sig.subarray(0, 4).toString('hex') !== trustedLog.keyId) continue;
    if (sig.length !== 68 || !verify(null, Buffer.from(body, 'utf8'), trustedLog.key, sig.subarray(4)))
      return new Answer(403, 'the log signature does not verify\n');
    trusted = true;
  }
  if (!trusted) return new Answer(403, 'no signature by the trusted log key\n');
  if (old > size) return new Answer(400, 'old size above the checkpoint size\n');
  // Check and persist as one step: this process answers one add-checkpoint at a time (see the queue below).
  const state = load();
  const known = state[origin];
  if (old !== (known?.size ?? 0)) return new Answer(409, `${known?.size ?? 0}\n`, 'text/x.tlog.size');
  const empty = Buffer.from('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=', 'base64');
  if (size === 0 && !root.equals(empty)) return new Answer(422, 'the empty tree has another root\n');
  if (old === 0 && proof.length) return new Answer(422, 'a proof from the empty tree\n');
  if (old > 0) {
    const knownRoot = Buffer.from(known!.root, 'base64');
    const consistent = await verifyConsistency(old, size, knownRoot, root, proof);
    if (!consistent) return new Answer(422, 'the consistency proof does not verify\n');
  }
  state[origin] = { size, root: root.toString('base64') };
  save(state);
  return new Answer(200, `${cosignatureLine(body, keyName, seed, Math.floor(Date.now() / 1000))}\n`);
}

let queue: Promise<unknown> = Promise.resolve();
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== '/add-checkpoint') {
      res.writeHead(404).end('not found\n');
      return;
    }
    const run = queue.then(() => addCheckpoint(Buffer.concat(chunks).toString('utf8')));
    queue = run.catch(() => undefined);
    run.then(
      (a) => res.writeHead(a.status, { 'content-type': a.type }).end(a.body),
      (error: unknown) => res.writeHead(500).end(`${String(error)}\n`),
    );
  });
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`witness ${keyName} listening on ${port}\n`));
