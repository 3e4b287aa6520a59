import { describe, expect, it } from 'vitest';
import { countOf, progressOf } from './count';

describe('countOf', () => {
  it('says one in the singular and every other count in the plural, with the number in the locale', () => {
    expect(countOf(1, 'student')).toBe('1 student');
    expect(countOf(0, 'student')).toBe('0 students');
    expect(countOf(2, 'lesson')).toBe('2 lessons');
    expect(countOf(1204, 'review')).toBe('1,204 reviews');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
    expect(progressOf(1, 1, 'lesson')).toBe('1 of 1 lesson');
    expect(progressOf(2, 12, 'lesson')).toBe('2 of 12 lessons');
  });
});
