import type { Reading } from '../../../contract/academy';

/** A reading lesson's text under the timer: what to know, the steps, the measurements and a diagram. */
export function ReadingText({ reading }: { reading: Reading }) {
  return (
    <article
      aria-labelledby="reading-heading"
      className="grid min-w-0 grid-cols-1 gap-4 rounded-xl border border-stone-200 bg-white p-5"
    >
      <h2 id="reading-heading" className="font-serif text-xl font-semibold text-stone-900">
        Notes
      </h2>
      <p className="leading-relaxed text-stone-800">{reading.intro}</p>
      {reading.steps && reading.steps.length > 0 && (
        <ol className="grid list-decimal gap-1.5 pl-6 text-stone-800">
          {reading.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      {reading.table && (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={reading.table.caption}>
          <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
            <caption className="mb-2 text-left font-semibold text-stone-900">{reading.table.caption}</caption>
            <thead>
              <tr>
                {reading.table.head.map((h) => (
                  <th key={h} scope="col" className="border-b border-stone-300 px-2 py-1.5 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {reading.table.rows.map((row) => (
                <tr key={row.join('|')} className="border-b border-stone-100">
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
      )}
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
