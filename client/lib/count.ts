import { numberFormat } from '../../presentation/intl-formats';

/**
 * A count with its noun, singular for one: "1 student", "12 students", "1,204 lessons" (the number in the
 * reader's locale). `many` is for nouns that do not just take an s.
 */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${numberFormat(undefined, {}).format(n)} ${n === 1 ? one : many}`;
}

/** "3 of 12 lessons completed", "1 of 1 lesson completed": the noun agrees with the total. */
export const progressOf = (done: number, total: number, one: string, many = `${one}s`) =>
  `${numberFormat(undefined, {}).format(done)} of ${countOf(total, one, many)}`;
