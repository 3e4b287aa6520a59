import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReadingText } from './reading-text';

describe('ReadingText with an author’s blocks', () => {
  it('draws each block as its element and never reads the author’s text as HTML', () => {
    const { container } = render(
      <ReadingText
        reading={{
          intro: '',
          blocks: [
            { type: 'heading', level: 2, text: 'Tap tones' },
            { type: 'paragraph', text: 'A <b>clear</b> ring <img src=x onerror=alert(1)>' },
            { type: 'list', ordered: true, items: ['Tap', 'Listen'] },
            {
              type: 'table',
              caption: 'Thickness',
              head: ['Wood', 'Centre'],
              rows: [['Spruce', '2.8 mm']],
            },
            { type: 'measurement', label: 'Top at the centre', value: 2.8, unit: 'mm', tolerance: 0.1 },
            {
              type: 'image',
              src: '/media/0b4a1c2e-0000-4000-8000-000000000000/1280.webp',
              alt: 'A top on the bench',
            },
          ],
        }}
      />,
    );
    const notes = screen.getByRole('article', { name: 'Notes' });
    expect(within(notes).getByRole('heading', { level: 3, name: 'Tap tones' })).toBeInTheDocument();
    expect(within(notes).getByText('A <b>clear</b> ring <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(within(notes).getAllByRole('img')).toHaveLength(1);
    expect(within(notes).getByRole('img', { name: 'A top on the bench' })).toBeInTheDocument();
    expect(within(notes).getByRole('list').tagName).toBe('OL');
    expect(within(notes).getByRole('table', { name: 'Thickness' })).toBeInTheDocument();
    expect(within(notes).getByRole('rowheader', { name: 'Spruce' })).toBeInTheDocument();
    expect(within(notes).getByText('2.8 mm ± 0.1 mm')).toBeInTheDocument();
  });
});
