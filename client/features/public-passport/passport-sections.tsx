import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { PublicPassport } from '../../../contract/public-passport';
import { describeKind, typeLabel } from '../../../contract/registry-values';

// Only someone who opens a photo loads the lightbox (and the dialog code under it).
// Drawn only for an instrument without a photo: its chunk stays out of the page until one is shown.
const InstrumentDrawing = lazy(() =>
  import('../../components/instrument-drawing').then((m) => ({ default: m.InstrumentDrawing })),
);
const Lightbox = lazy(() => import('../../components/lightbox').then((m) => ({ default: m.Lightbox })));

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 id={id} className="font-serif text-xl font-semibold text-wood-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function BuildFacts({ p }: { p: PublicPassport }) {
  const b = p.build;
  const facts: [string, string | null][] = [
    ['Type', describeKind(p.instrumentType, p.category)],
    ['Model', p.model],
    ['Serial number', p.serialNumber],
    ['Year made', String(p.yearMade)],
    ['Body wood', b.bodyWood],
    ['Neck wood', b.neckWood],
    ['Fretboard wood', b.fretboardWood],
    ['Finish', b.finishType],
    ['Strings', b.numberOfStrings === null ? null : String(b.numberOfStrings)],
    ['Scale length', b.scaleLength === null ? null : `${b.scaleLength} mm`],
  ];
  return (
    <Section id="build-heading" title="Build facts">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {facts
          .filter((f): f is [string, string] => Boolean(f[1]))
          .map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 border-b border-stone-100 py-1">
              <dt className="text-stone-600">{label}</dt>
              <dd className="text-right font-medium text-stone-900">{value}</dd>
            </div>
          ))}
      </dl>
      {p.description && <p className="mt-4 whitespace-pre-line text-stone-700">{p.description}</p>}
    </Section>
  );
}

export function Gallery({ p }: { p: PublicPassport }) {
  const [open, setOpen] = useState<number | null>(null);
  // Loaded at the first opening and kept mounted, so closing returns focus to the photo that opened it.
  const [used, setUsed] = useState(false);
  const show = (index: number) => {
    setUsed(true);
    setOpen(index);
  };
  if (!p.photos.length)
    return (
      <Section id="photos-heading" title="Photos">
        <div className="flex flex-col items-center gap-2 rounded-lg bg-wood-50 p-4 sm:flex-row sm:gap-4">
          <Suspense fallback={<div className="h-32 w-44 shrink-0" />}>
            <InstrumentDrawing
              type={p.instrumentType}
              category={p.category}
              label={`Drawing of a ${typeLabel(p.instrumentType)}`}
              className="h-32 w-44 shrink-0"
            />
          </Suspense>
          <p className="text-sm text-stone-700">No photos yet: the drawing shows the kind of instrument.</p>
        </div>
      </Section>
    );
  const photos = p.photos.map((photo, i) => ({
    src: photo.url,
    alt: photo.caption ?? `${p.name}, photo ${i + 1}`,
    caption: photo.caption,
  }));
  return (
    <Section id="photos-heading" title="Photos">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {p.photos.map((photo, i) => (
          <li key={photo.url}>
            <figure>
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={`Open photo ${i + 1}${photo.caption ? `: ${photo.caption}` : ''}`}
                className="block w-full overflow-hidden rounded-lg bg-wood-50"
              >
                <img
                  src={photo.imageUrl}
                  alt={photos[i]!.alt}
                  width={640}
                  height={480}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  className="aspect-[4/3] w-full object-contain"
                />
              </button>
              {photo.caption && (
                <figcaption className="mt-1 text-sm text-stone-600">{photo.caption}</figcaption>
              )}
            </figure>
          </li>
        ))}
      </ul>
      {used && (
        <Suspense fallback={null}>
          <Lightbox photos={photos} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Section>
  );
}

/**
 * "Owner 2 · Mara Wood · Ireland · 2019–2023", the name a link to the owner's profile. The server sends a handle
 * only with the name of an owner who chose to be public; any other label stays plain text.
 */
function OwnerLabel({ owner, index }: { owner: PublicPassport['provenance'][number]; index: number }) {
  const head = `Owner ${index + 1} · `;
  if (!owner.handle || !owner.name || !owner.label.startsWith(head + owner.name)) return <>{owner.label}</>;
  return (
    <>
      {head}
      <Link to={`/u/${owner.handle}`} className="font-medium text-wood-800 underline">
        {owner.name}
      </Link>
      {owner.label.slice(head.length + owner.name.length)}
    </>
  );
}

export function Provenance({ p }: { p: PublicPassport }) {
  return (
    <Section id="provenance-heading" title="Provenance">
      <ol className="space-y-2">
        {p.provenance.map((o, i) => (
          <li key={o.label} className="border-l-2 border-wood-300 pl-3 text-stone-800">
            <OwnerLabel owner={o} index={i} />
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-stone-600">
        Owners are named only when they chose to be public; every other owner is shown by number, country and
        years. Offers that did not end in a sale are never shown.
      </p>
    </Section>
  );
}

export function ServiceHistory({ p }: { p: PublicPassport }) {
  return (
    <Section id="service-heading" title="Service history">
      {p.services.length === 0 ? (
        <p className="text-stone-700">No service recorded.</p>
      ) : (
        <ol className="space-y-3">
          {p.services.map((s, i) => (
            <li key={`${s.serviceDate}-${i}`}>
              <p className="font-medium text-stone-900">
                {capitalize(s.serviceType)} · {s.serviceDate} · {s.servicer}
              </p>
              <p className="text-stone-700">{s.description}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
