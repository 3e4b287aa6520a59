import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

const SIZES = {
  small: { label: 'Small (60 × 30 mm)', width: '60mm' },
  large: { label: 'Large (120 × 60 mm)', width: '120mm' },
} as const;

/** A printable QR label: the vector label at its real size; everything else is hidden when printing. */
export function PassportLabelPage() {
  const { code = '' } = useParams();
  const upper = code.toUpperCase();
  const [size, setSize] = useState<keyof typeof SIZES>('small');
  useDocumentTitle(`QR label · ${upper}`);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <style>
        {'@media print { header, footer, .no-print { display: none !important; } @page { margin: 10mm; } }'}
      </style>
      <div className="no-print">
        <h1 className="font-serif text-3xl font-bold text-wood-900">QR label for {upper}</h1>
        <p className="mt-2 text-stone-700">
          Print it and stick it inside the instrument: the code opens the public passport.{' '}
          <Link to={`/p/${upper}`} className="underline">
            Back to the passport
          </Link>
        </p>
        <fieldset className="mt-4 flex gap-4">
          <legend className="sr-only">Label size</legend>
          {Object.entries(SIZES).map(([key, s]) => (
            <label key={key} className="flex items-center gap-2">
              <input
                type="radio"
                name="size"
                checked={size === key}
                onChange={() => setSize(key as keyof typeof SIZES)}
              />
              {s.label}
            </label>
          ))}
        </fieldset>
        <div className="mt-4 flex gap-2">
          <Button onClick={() => window.print()}>Print</Button>
          <a className="self-center underline" href={`/p/${upper}/label.png`} download>
            Download PNG
          </a>
          <a className="self-center underline" href={`/p/${upper}/label.svg`} download>
            Download SVG
          </a>
        </div>
      </div>
      <img
        src={`/p/${upper}/label.svg`}
        alt={`QR label of passport ${upper}`}
        style={{ width: SIZES[size].width }}
        className="mt-6 border border-dashed border-stone-300"
      />
    </div>
  );
}
