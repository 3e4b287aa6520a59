import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COSIGNATURE_V1, formatPolicy, parsePolicy, parseWitnessKey, quorumMet, vkeyId } from './policy';

function witnessKey(keyName: string, type = COSIGNATURE_V1): string {
  const raw = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const id = vkeyId(keyName, type, raw);
  return `${keyName}+${id}+${Buffer.concat([Buffer.from([type]), raw]).toString('base64')}`;
}

const [x1, x2, x3, y1, y2] = ['x1', 'x2', 'x3', 'y1', 'y2'].map((n) => witnessKey(`w.example/${n}`)) as [
  string,
  string,
  string,
  string,
  string,
];

const twoLevel = `
# two organisations
witness X1 ${x1} https://x1.example/submit/
witness X2 ${x2}
witness X3 ${x3}
group X-witnesses 2 X1 X2 X3

\twitness Y1 ${y1}\t
witness Y2 ${y2}
group Y-witnesses any Y1 Y2
group X-and-Y all X-witnesses Y-witnesses
quorum X-and-Y
`;

describe('tlog-policy parsing', () => {
  it('reads witnesses, URLs (without trailing slash), groups and the quorum', () => {
    const p = parsePolicy(twoLevel);
    expect(p.witnesses.map((w) => [w.name, w.keyName, w.url])).toEqual([
      ['X1', 'w.example/x1', 'https://x1.example/submit'],
      ['X2', 'w.example/x2', null],
      ['X3', 'w.example/x3', null],
      ['Y1', 'w.example/y1', null],
      ['Y2', 'w.example/y2', null],
    ]);
    expect(p.groups.map((g) => [g.name, g.threshold])).toEqual([
      ['X-witnesses', 2],
      ['Y-witnesses', 1],
      ['X-and-Y', 2],
    ]);
    expect(p.quorum).toBe('X-and-Y');
    expect(parsePolicy('quorum none\n')).toMatchObject({ witnesses: [], quorum: 'none' });
  });

  it.each([
    ['', 'has no quorum line'],
    ['quorum none\nquorum none\n', 'line 2: a second quorum line'],
    [`quorum X1\nwitness X1 ${x1}\n`, 'line 1: quorum "X1" is not a witness or group defined above'],
    [`witness A ${x1}\nwitness B ${x1}\nquorum A\n`, 'line 2: the key of witness "B" is listed twice'],
    [`witness A ${x1}\nwitness A ${x2}\nquorum A\n`, 'line 2: the name "A" is already defined'],
    [
      `witness A ${x1}\ngroup G 2 A\nquorum G\n`,
      'line 2: the threshold must be all, any or a number from 1 to 1',
    ],
    [
      `witness A ${x1}\ngroup G 0 A\nquorum G\n`,
      'line 2: the threshold must be all, any or a number from 1 to 1',
    ],
    [`witness A ${x1}\ngroup G any A A\nquorum G\n`, 'line 2: "A" is listed twice in the group'],
    [
      `witness A ${x1}\ngroup G any B\nquorum G\n`,
      'line 2: group member "B" is not a witness or group defined above',
    ],
    [
      `witness A ${x1}\ngroup G any none\nquorum G\n`,
      'line 2: group member "none" is not a witness or group defined above',
    ],
    [`witness A ${witnessKey('w.example/a', 1)}\nquorum A\n`, 'is not an Ed25519 cosignature/v1 key'],
    [`witness A ${x1.replace(/\+[0-9a-f]{8}\+/, '+00000000+')}\nquorum A\n`, 'key id that does not match'],
    [`witness A ${x1} ftp://x\nquorum A\n`, 'line 1: "ftp://x" is not an http(s) URL'],
    ['quorum none\r\n', 'has a control character other than tab'],
    ['witnesses A\nquorum none\n', 'line 1: unknown keyword "witnesses"'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parsePolicy(text)).toThrow(message);
  });

  it('checks a witness vkey name and id as the cosignature spec computes them', () => {
    expect(parseWitnessKey(x1)).toMatchObject({ keyName: 'w.example/x1' });
    expect(() => parseWitnessKey(x1.replace('w.example/x1', 'w.example/x9'))).toThrow('key id');
  });
});

describe('quorum evaluation', () => {
  const p = parsePolicy(twoLevel);
  it.each([
    [[], false],
    [['X1', 'X2'], false],
    [['X1', 'Y1'], false],
    [['X1', 'X2', 'Y1'], true],
    [['X2', 'X3', 'Y2'], true],
    [['X1', 'X2', 'X3'], false],
    [['X1', 'X2', 'X3', 'Y1', 'Y2'], true],
  ])('%j cosigned: %s', (names, expected) => {
    expect(quorumMet(p, new Set(names))).toBe(expected);
  });

  it('none needs nobody; a single witness needs exactly it', () => {
    expect(quorumMet(parsePolicy('quorum none\n'), new Set())).toBe(true);
    const single = parsePolicy(`witness A ${x1}\nwitness B ${x2}\nquorum A\n`);
    expect(quorumMet(single, new Set(['B']))).toBe(false);
    expect(quorumMet(single, new Set(['A']))).toBe(true);
  });
});

describe('the published policy', () => {
  it('is itself a valid policy with the log line first and the same quorum', () => {
    const text = formatPolicy(parsePolicy(twoLevel), {
      vkey: 'r.example/log+01020304+AQ==',
      url: 'https://r.example/log',
    });
    expect(text.split('\n')[0]).toBe('log r.example/log+01020304+AQ== https://r.example/log');
    const again = parsePolicy(text);
    expect(again.quorum).toBe('X-and-Y');
    expect(again.witnesses.map((w) => w.vkey)).toEqual([x1, x2, x3, y1, y2]);
    expect(again.groups.map((g) => g.thresholdText)).toEqual(['2', 'any', 'all']);
  });
});
