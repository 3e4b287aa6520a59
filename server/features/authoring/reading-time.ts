import { READING_WORDS_PER_MINUTE, type ReadingBlock } from '../../../contract/authoring';

/** The words a reader reads in a block: its text, list items, table cells, an image's caption, a measurement. */
function blockWords(block: ReadingBlock): string[] {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return [block.text];
    case 'list':
      return block.items;
    case 'table':
      return [block.caption, ...block.head, ...block.rows.flat()];
    case 'image':
      return [block.caption ?? ''];
    case 'measurement':
      return [block.label, String(block.value), block.unit];
  }
}

/** How many words the text has (runs of letters or digits; "650 mm" is two). */
export function countWords(blocks: readonly ReadingBlock[]): number {
  return blocks.flatMap(blockWords).reduce((n, text) => n + (text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0), 0);
}

/**
 * A reading lesson's length in whole minutes, from its words at READING_WORDS_PER_MINUTE, at least one: the
 * lesson's duration, so the reading timer (half of it) follows the text.
 */
export const readingMinutes = (blocks: readonly ReadingBlock[]) =>
  Math.max(1, Math.ceil(countWords(blocks) / READING_WORDS_PER_MINUTE));

/** The label a course card shows for its length: "25 min", "1 h 10 min", "3 h". */
export function durationLabel(minutes: number): string {
  if (minutes < 60) return `${Math.max(minutes, 1)} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
