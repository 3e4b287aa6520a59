import { instrumentDrawing, type Shape, type ShapeKind } from '../../presentation/instrument-drawings';
import type { InstrumentCategory, InstrumentType } from '../../contract/registry-values';
import { cn } from '../lib/cn';

/** One stroke per kind of shape, the same in every drawing; ink is the text colour around it. */
const STYLE: Record<ShapeKind, { fill: string; strokeWidth: number }> = {
  body: { fill: 'var(--color-wood-200)', strokeWidth: 3 },
  part: { fill: 'var(--color-wood-400)', strokeWidth: 2 },
  hole: { fill: 'currentColor', strokeWidth: 0 },
  line: { fill: 'none', strokeWidth: 1.5 },
  string: { fill: 'none', strokeWidth: 0.8 },
};

function ShapeView({ shape }: { shape: Shape }) {
  const { fill, strokeWidth } = STYLE[shape.kind];
  const props = { fill, stroke: strokeWidth ? 'currentColor' : 'none', strokeWidth };
  if ('circle' in shape) {
    const [cx, cy, r] = shape.circle;
    return <circle cx={cx} cy={cy} r={r} {...props} />;
  }
  return <path d={shape.d} {...props} />;
}

/**
 * The line drawing of an instrument type. Without a label it is decoration beside words that already say the
 * type, hidden from assistive technology; with one it is an image with that name.
 */
export function InstrumentDrawing({
  type,
  category,
  label,
  className,
}: {
  type: InstrumentType;
  category?: InstrumentCategory;
  label?: string;
  className?: string;
}) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: false };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 400 300"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-instrument-drawing={type}
      className={cn('text-wood-900', className)}
      {...a11y}
    >
      {instrumentDrawing(type, category).map((shape, i) => (
        <ShapeView key={i} shape={shape} />
      ))}
    </svg>
  );
}
