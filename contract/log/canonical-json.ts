/**
 * RFC 8785 (JSON Canonicalization Scheme): object members sorted by their UTF-16 code units, no whitespace,
 * numbers as ECMAScript prints them, strings escaped as JSON.stringify does. Lone surrogates, non-finite numbers
 * and values JSON cannot hold are refused rather than silently changed, so two parties always hash the same bytes.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new Error('canonical JSON: non-finite number');
      // ES Number-to-String is exactly the RFC 8785 number form (and -0 prints as 0).
      return JSON.stringify(value);
    case 'string':
      if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value))
        throw new Error('canonical JSON: lone surrogate in string');
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      // Default sort compares UTF-16 code units, which is what RFC 8785 asks for.
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${canonicalJson(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    default:
      throw new Error(`canonical JSON: cannot encode a ${typeof value}`);
  }
}
