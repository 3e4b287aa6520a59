import type { MEASUREMENT_UNITS, ReadingBlock } from '../../../contract/authoring';

type Unit = (typeof MEASUREMENT_UNITS)[number];

/**
 * A reading block as the editor holds it while it is written: lists and tables as plain text (one item a line;
 * cells separated by "|", the first line the heading row), numbers as typed. `key` keeps each block's inputs.
 */
export type BlockDraft = { key: string } & (
  | { type: 'heading'; level: 2 | 3; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; text: string }
  | { type: 'table'; caption: string; text: string }
  | { type: 'image'; src: string; alt: string; caption: string }
  | { type: 'measurement'; label: string; value: string; unit: Unit; tolerance: string }
);
export type BlockType = BlockDraft['type'];

let nextKey = 0;
const key = () => `b${nextKey++}`;

export function emptyDraft(type: BlockType): BlockDraft {
  switch (type) {
    case 'heading':
      return { key: key(), type, level: 2, text: '' };
    case 'paragraph':
      return { key: key(), type, text: '' };
    case 'list':
      return { key: key(), type, ordered: false, text: '' };
    case 'table':
      return { key: key(), type, caption: '', text: '' };
    case 'image':
      return { key: key(), type, src: '', alt: '', caption: '' };
    case 'measurement':
      return { key: key(), type, label: '', value: '', unit: 'mm', tolerance: '' };
  }
}

const itemLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const cells = (line: string) => line.split('|').map((c) => c.trim());
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));

/** The block the server is sent (the contract's schema checks it: a draft may not be a valid block yet). */
export function blockOf(draft: BlockDraft): ReadingBlock {
  switch (draft.type) {
    case 'heading':
      return { type: 'heading', level: draft.level, text: draft.text };
    case 'paragraph':
      return { type: 'paragraph', text: draft.text };
    case 'list':
      return { type: 'list', ordered: draft.ordered, items: itemLines(draft.text) };
    case 'table': {
      const [head = '', ...rows] = itemLines(draft.text);
      return { type: 'table', caption: draft.caption, head: cells(head), rows: rows.map(cells) };
    }
    case 'image':
      return {
        type: 'image',
        src: draft.src,
        alt: draft.alt,
        ...(draft.caption.trim() && { caption: draft.caption }),
      };
    case 'measurement': {
      const tolerance = numberOf(draft.tolerance);
      return {
        type: 'measurement',
        label: draft.label,
        // Left empty, the schema's own message ("Enter a number.") names it.
        value: numberOf(draft.value) as number,
        unit: draft.unit,
        ...(tolerance !== undefined && { tolerance }),
      };
    }
  }
}

/** The blocks the editor starts from: the saved ones, as drafts. */
export function draftOf(block: ReadingBlock): BlockDraft {
  switch (block.type) {
    case 'heading':
      return { key: key(), ...block };
    case 'paragraph':
      return { key: key(), ...block };
    case 'list':
      return { key: key(), type: 'list', ordered: block.ordered, text: block.items.join('\n') };
    case 'table':
      return {
        key: key(),
        type: 'table',
        caption: block.caption,
        text: [block.head, ...block.rows].map((row) => row.join(' | ')).join('\n'),
      };
    case 'image':
      return { key: key(), type: 'image', src: block.src, alt: block.alt, caption: block.caption ?? '' };
    case 'measurement':
      return {
        key: key(),
        type: 'measurement',
        label: block.label,
        value: String(block.value),
        unit: block.unit,
        tolerance: block.tolerance === undefined ? '' : String(block.tolerance),
      };
  }
}

/** What a preview can show of a draft that is not finished: an unreadable number shows as nothing. */
export function previewable(block: ReadingBlock): boolean {
  if (block.type === 'measurement') return Number.isFinite(block.value) && block.label.trim() !== '';
  if (block.type === 'image') return block.src !== '';
  if (block.type === 'table') return block.head.some(Boolean);
  if (block.type === 'list') return block.items.length > 0;
  return block.text.trim() !== '';
}

export const BLOCK_NAMES: Record<BlockType, string> = {
  heading: 'Heading',
  paragraph: 'Paragraph',
  list: 'List',
  table: 'Table',
  image: 'Image',
  measurement: 'Measurement',
};
