import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** A page of plain text: about, privacy, terms, contact. */
export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 text-stone-800 md:py-12 [&_h2]:mt-8 [&_h2]:font-serif [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-wood-900 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
      <h1 className="font-serif text-3xl font-bold text-wood-900">{title}</h1>
      {children}
    </article>
  );
}
