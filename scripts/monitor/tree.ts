// The monitor's own copy of the tree: the right edge (one complete-subtree hash per set bit of the size), extended
// leaf by leaf from entries it hashed itself, so a served root is checked against leaves, never against served hashes.
import { fromHex, toBase64, toHex } from '../../contract/log/bytes';
import { nodeHash } from '../../contract/log/merkle';

export interface Edge {
  level: number;
  /** Hex hash. */
  hash: string;
}

export async function append(edge: Edge[], leafHash: Uint8Array): Promise<Edge[]> {
  const out = [...edge, { level: 0, hash: toHex(leafHash) }];
  while (out.length > 1 && out.at(-1)!.level === out.at(-2)!.level) {
    const right = out.pop()!;
    const left = out.pop()!;
    out.push({ level: left.level + 1, hash: toHex(await nodeHash(fromHex(left.hash), fromHex(right.hash))) });
  }
  return out;
}

/** Base64 root of the tree whose right edge this is (the empty tree's root for none). */
export async function rootOf(edge: Edge[]): Promise<string> {
  if (!edge.length) return '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
  let root = fromHex(edge.at(-1)!.hash);
  for (let i = edge.length - 2; i >= 0; i--) root = await nodeHash(fromHex(edge[i]!.hash), root);
  return toBase64(root);
}

/** C2SP tlog-tiles path of tile N: groups of three digits, all but the last prefixed with x. */
export function tilePath(n: number, width: number): string {
  const groups: string[] = [];
  for (let rest = n; groups.length === 0 || rest > 0; rest = Math.floor(rest / 1000))
    groups.unshift(String(rest % 1000).padStart(3, '0'));
  const path = groups.map((g, i) => (i < groups.length - 1 ? `x${g}` : g)).join('/');
  return width === 256 ? path : `${path}.p/${width}`;
}

/** An entry bundle: each entry a big-endian uint16 length and its bytes. */
export function splitBundle(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    if (at + 2 > bytes.length) throw new Error('the entry bundle ends inside a length');
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (at + 2 + length > bytes.length) throw new Error('the entry bundle ends inside an entry');
    out.push(bytes.slice(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return out;
}
