import {
  HANDLE_MAX,
  isReservedHandle,
  isValidHandle,
  MAX_SUGGESTIONS,
  normalizeHandle,
} from '../../../contract/handles';

export interface SuggestionSource {
  /** What the person typed, normalised. */
  base: string;
  /**
   * The typed handle is someone else's (or reads like it, or is reserved): no suggestion is built from it, so a
   * suggestion never dresses up another person's or shop's name. Only the person's own name and place are used.
   */
  baseTaken?: boolean;
  kind: 'user' | 'luthier';
  displayName?: string | null;
  location?: string | null;
}

const join = (base: string, suffix: string) =>
  `${base.slice(0, HANDLE_MAX - suffix.length - 1).replace(/-+$/, '')}-${suffix}`;

/** Candidate handles in order of preference: name variants, the place, then numbers. */
export function suggestionCandidates({
  base,
  baseTaken = false,
  kind,
  displayName,
  location,
}: SuggestionSource): string[] {
  const name = normalizeHandle(displayName ?? '');
  // A root that reads as staff ("help-desk", "Admin Tomas") would make every variant of it refused too.
  const roots = [
    ...new Set([baseTaken ? '' : base, name].filter((r) => r.length >= 2 && !isReservedHandle(r))),
  ];
  const root = roots[0] ?? 'maker';
  const place = normalizeHandle((location ?? '').split(',')[0] ?? '');
  const words = kind === 'luthier' ? ['guitars', 'lutherie', 'workshop', 'instruments'] : ['music', 'plays'];
  const year = new Date().getFullYear();
  const list: string[] = [];
  for (const r of roots) if (r !== base) list.push(r);
  if (name.includes('-')) list.push(name.replace(/-/g, ''));
  if (place) list.push(join(root, place));
  for (const w of words) list.push(join(root, w));
  for (const n of [1, 2, 7, 22, year, 99, 123]) list.push(join(root, String(n)));
  for (let i = 0; i < 6; i++) list.push(join(root, String(100 + Math.floor(Math.random() * 900))));
  return [...new Set(list)].filter((c) => c !== base && isValidHandle(c));
}

export const pickSuggestions = (candidates: string[], taken: Set<string>) =>
  candidates.filter((c) => !taken.has(c)).slice(0, MAX_SUGGESTIONS);
