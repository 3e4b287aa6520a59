// The policy the verifier and the monitor trust: C2SP tlog-policy as contract/log/policy.ts reads it (the server
// reads its own LOG_POLICY with the same code), plus each log line's key parsed as a signed-note verifier key and
// the quorum in words. Nothing here comes from server/ (decision 010).
import { parseVerifierKey, type VerifierKey } from '../../contract/log/note';
import { parsePolicy, PolicyError, type WitnessPolicy } from '../../contract/log/policy';

export { quorumMet } from '../../contract/log/policy';

export interface TrustPolicy extends Omit<WitnessPolicy, 'logs'> {
  logs: { key: VerifierKey; vkey: string; url: string | null }[];
}

/** Parses a policy file; any departure from the grammar, or a log key that is not one, throws one sentence. */
export async function parseTrustPolicy(text: string): Promise<TrustPolicy> {
  const policy = parsePolicy(text);
  const keys = new Set(policy.witnesses.map((w) => w.publicKey.toString('hex')));
  const logs: TrustPolicy['logs'] = [];
  for (const { vkey, url, line } of policy.logs) {
    let key: VerifierKey;
    try {
      key = await parseVerifierKey(vkey);
    } catch (e) {
      throw new PolicyError(`line ${line}: ${(e as Error).message}`);
    }
    const hex = Buffer.from(key.publicKey).toString('hex');
    if (keys.has(hex)) throw new PolicyError(`line ${line}: a key listed twice`);
    keys.add(hex);
    logs.push({ key, vkey, url });
  }
  return { ...policy, logs };
}

/** The quorum in words: `both (all of A, B)`, `A`, `none (no witness needed)`. */
export function quorumWords(policy: TrustPolicy): string {
  if (policy.quorum === 'none') return 'none (no witness needed)';
  const group = policy.groups.find((g) => g.name === policy.quorum);
  if (!group) return `witness ${policy.quorum}`;
  const k = group.threshold === group.members.length ? 'all' : `${group.threshold}`;
  return `"${group.name}": ${k} of ${group.members.join(', ')}`;
}
