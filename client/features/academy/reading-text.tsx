import { useId } from 'react';
import type { Reading } from '../../../contract/academy';
import type { ReadingBlock } from '../../../contract/authoring';
import { numberFormat } from '../../../presentation/intl-formats';

type Table = { caption: string; head: string[]; rows: string[][] };

/** A table whose first column names its rows; it scrolls in its own box on a narrow screen. */
function ReadingTable({ table }: { table: Table }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={table.caption}>
      <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-stone-900">{table.caption}</caption>
        <thead>
          <tr>
            {table.head.map((h, i) => (
              <th key={i} scope="col" className="border-b border-stone-300 px-2 py-1.5 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r} className="border-b border-stone-100">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-2 py-1.5 font-medium text-stone-900">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="px-2 py-1.5 font-mono text-stone-800">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const measure = (n: number) => numberFormat(undefined, { maximumFractionDigits: 3 }).format(n);

/** One block of an author's text, as elements: nothing the author wrote is ever read as HTML. */
function Block({ block }: { block: ReadingBlock }) {
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? (
        <h3 className="font-serif text-lg font-semibold text-stone-900">{block.text}</h3>
      ) : (
        <h4 className="font-semibold text-stone-900">{block.text}</h4>
      );
    case 'paragraph':
      return <p className="whitespace-pre-line leading-relaxed text-stone-800">{block.text}</p>;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{item}</li>);
      return block.ordered ? (
        <ol className="grid list-decimal gap-1.5 pl-6 text-stone-800">{items}</ol>
      ) : (
        <ul className="grid list-disc gap-1.5 pl-6 text-stone-800">{items}</ul>
      );
    }
    case 'table':
      return <ReadingTable table={block} />;
    case 'image':
      return (
        <figure className="grid gap-2">
          <img
            src={block.src}
            alt={block.alt}
            loading="lazy"
            className="w-full rounded-lg border border-stone-200 bg-wood-50"
          />
          {block.caption && <figcaption className="text-sm text-stone-600">{block.caption}</figcaption>}
        </figure>
      );
    case 'measurement':
      return (
        <p className="flex flex-wrap items-baseline gap-x-3 rounded-lg border border-wood-200 bg-wood-50 px-3 py-2">
          <span className="font-medium text-stone-900">{block.label}</span>
          <span className="font-mono text-stone-900">
            {measure(block.value)} {block.unit}
            {block.tolerance !== undefined && block.tolerance > 0 && (
              <>
                {' '}
                ± {measure(block.tolerance)} {block.unit}
              </>
            )}
          </span>
        </p>
      );
  }
}

/** A reading lesson's text under the timer: what to know, the steps, the measurements and a diagram. */
export function ReadingText({ reading }: { reading: Reading }) {
  // Unique: an author's preview shows several lessons' notes on one page.
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="grid min-w-0 grid-cols-1 gap-4 rounded-xl border border-stone-200 bg-white p-5"
    >
      <h2 id={headingId} className="font-serif text-xl font-semibold text-stone-900">
        Notes
      </h2>
      {reading.intro && <p className="leading-relaxed text-stone-800">{reading.intro}</p>}
      {reading.blocks?.map((block, i) => (
        <Block key={i} block={block} />
      ))}
      {reading.steps && reading.steps.length > 0 && (
        <ol className="grid list-decimal gap-1.5 pl-6 text-stone-800">
          {reading.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      {reading.table && <ReadingTable table={reading.table} />}
      {reading.figure && (
        <figure className="grid gap-2">
          <img
            src={reading.figure.src}
            alt={reading.figure.alt}
            width={640}
            height={400}
            loading="lazy"
            className="w-full rounded-lg border border-stone-200 bg-wood-50"
          />
          <figcaption className="text-sm text-stone-600">{reading.figure.caption}</figcaption>
        </figure>
      )}
    </article>
  );
}
