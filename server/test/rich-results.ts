// Google's rich-result requirements (test-fixtures/google-rich-results.json) as a check: which of a feature's
// required and recommended properties a JSON-LD object lacks.
import fs from 'node:fs';
import path from 'node:path';

interface Feature {
  source: string;
  type: string;
  required: string[];
  recommended: string[];
}
interface Fixture {
  features: Record<string, Feature>;
  openGraph: { required: string[]; recommended: string[] };
}

export const richResults = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../test-fixtures/google-rich-results.json'), 'utf8'),
) as Fixture;

const present = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The values at a path such as "offers.category" or "itemListElement[].url" (none when a step is missing). */
function valuesAt(data: unknown, dotted: string): unknown[] {
  let values: unknown[] = [data];
  for (const step of dotted.split('.')) {
    const each = step.endsWith('[]');
    const key = each ? step.slice(0, -2) : step;
    values = values.flatMap((v) => {
      if (v === null || typeof v !== 'object') return [];
      const next = (v as Record<string, unknown>)[key];
      if (!each) return [next];
      return Array.isArray(next) ? (next as unknown[]) : [];
    });
  }
  return values;
}

/** Whether every value a path reaches is there (and at least one is). */
const has = (data: unknown, dotted: string) => {
  const values = valuesAt(data, dotted);
  return values.length > 0 && values.every(present);
};

/** The paths of the feature's list (required or recommended) the object lacks; "a|b" is met by either. */
export function missing(feature: string, kind: 'required' | 'recommended', data: unknown): string[] {
  const spec = richResults.features[feature];
  if (!spec) throw new Error(`no rich-result feature ${feature}`);
  const problems = spec[kind].filter((paths) => !paths.split('|').some((p) => has(data, p)));
  const type = (data as { '@type'?: unknown } | null)?.['@type'];
  return type === spec.type ? problems : [`@type ${String(type)} is not ${spec.type}`, ...problems];
}

/** A copy of the object without the property at a dotted path (the first element's, through a list). */
export function without(data: unknown, dotted: string): unknown {
  const copy = structuredClone(data) as Record<string, unknown>;
  const steps = dotted.split('.');
  let at: unknown = copy;
  for (const step of steps.slice(0, -1)) {
    const key = step.replace(/\[\]$/, '');
    at = (at as Record<string, unknown>)[key];
    if (Array.isArray(at)) at = at[0];
  }
  delete (at as Record<string, unknown>)[steps[steps.length - 1]!.replace(/\[\]$/, '')];
  return copy;
}
