import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INSTRUMENT_TYPES } from '../../contract/registry-values';
import { InstrumentDrawing } from './instrument-drawing';

describe('InstrumentDrawing', () => {
  it('draws each type differently, with the same strokes', () => {
    const drawn = new Map<string, string>();
    for (const type of INSTRUMENT_TYPES) {
      const { container, unmount } = render(<InstrumentDrawing type={type} />);
      const svg = container.querySelector('svg')!;
      expect(svg).toHaveAttribute('viewBox', '0 0 400 300');
      expect(svg.querySelectorAll('path, circle').length, type).toBeGreaterThan(5);
      const widths = new Set(
        [...svg.querySelectorAll('[stroke-width]')].map((e) => e.getAttribute('stroke-width')),
      );
      for (const w of widths) expect(['0', '0.8', '1.5', '2', '3']).toContain(w);
      drawn.set(type, svg.innerHTML);
      unmount();
    }
    expect(new Set(drawn.values()).size).toBe(INSTRUMENT_TYPES.length);
  });

  it('is hidden as decoration without a label, and an image with its name with one', () => {
    const { container, rerender } = render(<InstrumentDrawing type="cello" />);
    const svg = () => container.querySelector('svg')!;
    expect(svg()).toHaveAttribute('aria-hidden', 'true');
    expect(svg()).not.toHaveAttribute('role');
    rerender(<InstrumentDrawing type="cello" label="Drawing of a cello" />);
    expect(svg()).toHaveAttribute('role', 'img');
    expect(svg()).toHaveAccessibleName('Drawing of a cello');
    expect(svg()).not.toHaveAttribute('aria-hidden');
  });

  it('draws a solid-body electric guitar apart from the acoustic one', () => {
    const html = (category: 'acoustic' | 'electric') =>
      render(<InstrumentDrawing type="guitar" category={category} />).container.innerHTML;
    expect(html('electric')).not.toBe(html('acoustic'));
  });

  it('draws the hammered dulcimer (a trapezoid box, no frets) apart from the mountain one, and from every other type', () => {
    const html = (type: 'dulcimer' | 'guitar' | 'harp', category?: 'appalachian' | 'hammered') =>
      render(<InstrumentDrawing type={type} {...(category ? { category } : {})} />).container.innerHTML;
    const hammered = html('dulcimer', 'hammered');
    expect(hammered).not.toBe(html('dulcimer', 'appalachian'));
    expect(html('dulcimer')).toBe(html('dulcimer', 'appalachian'));
    for (const type of INSTRUMENT_TYPES)
      expect(render(<InstrumentDrawing type={type} />).container.innerHTML, type).not.toBe(hammered);
    // The box is one four-cornered outline.
    expect(hammered).toMatch(/<path d="M50 215 L350 215 L300 85 L100 85 Z"/);
  });
});
