import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson (RFC 8785)', () => {
  it('matches the RFC 8785 §3.2.3 example', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    ) as unknown;
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts members by UTF-16 code units (RFC 8785 §3.2.3 sorting example)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const text = canonicalJson(input);
    const order = ['Carriage', 'One', 'Control', 'Latin', 'Euro', 'Emoji', 'Hebrew'].map((v) =>
      text.indexOf(v),
    );
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });

  it('prints numbers as ECMAScript does (RFC 8785 Appendix B samples)', () => {
    const samples: [number, string][] = [
      [0, '0'],
      [-0, '0'],
      [1e21, '1e+21'],
      [1e-7, '1e-7'],
      [9007199254740991, '9007199254740991'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [295147905179352830000, '295147905179352830000'],
      [0.000001, '0.000001'],
    ];
    for (const [n, text] of samples) expect(canonicalJson(n)).toBe(text);
  });

  it('refuses what has no canonical form', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson(Infinity)).toThrow();
    expect(() => canonicalJson('\ud800')).toThrow(/surrogate/);
    expect(() => canonicalJson(() => 1)).toThrow();
  });

  it('drops undefined members and keeps nesting without whitespace', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: undefined }], a: 'x' })).toBe('{"a":"x","b":[1,{"d":2}]}');
  });
});
