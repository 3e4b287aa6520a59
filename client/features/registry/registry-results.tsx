import type { ReactNode } from 'react';
import type { InstrumentSummary } from '../../../contract/registry';
import { Button } from '../../components/ui/button';
import { usePagerFocus } from '../../lib/use-pager-focus';
import { countOf } from '../../lib/count';

/** The count, the cards (or the empty state) and the pager of one registry page. */
export function RegistryResults({
  data,
  settled,
  page,
  pageSize,
  onPage,
  onClear,
  renderItems,
}: {
  data: { items: InstrumentSummary[]; total: number; capped: boolean };
  /** The results shown are this page's (not the previous page's, kept on screen while it loads). */
  settled: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onClear: () => void;
  renderItems: () => ReactNode;
}) {
  const { total, capped } = data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Past the counting cap the number of pages is unknown: a full page means there may be another.
  const hasNext = capped ? data.items.length === pageSize : page < pages;
  const pageLabel = capped ? `Page ${page}` : `Page ${page} of ${pages}`;
  const { target: countRef, announcement, turnTo } = usePagerFocus(page, settled, pageLabel);
  const turn = (to: number) => {
    turnTo(to);
    onPage(to);
  };
  return (
    <>
      <p ref={countRef} tabIndex={-1} className="scroll-mt-24 text-sm text-stone-700" aria-live="polite">
        {capped
          ? `${total.toLocaleString('en-US')}+ instruments found`
          : `${countOf(total, 'instrument')} found`}
      </p>
      {data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
          <h2 className="font-serif text-xl font-semibold text-wood-900">No instruments found</h2>
          <p className="mt-2 text-stone-600">Try another search or clear the filters.</p>
          <Button className="mt-4" variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      ) : (
        renderItems()
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {(pages > 1 || capped) && (
        <nav aria-label="Pages" className="flex items-center justify-center gap-3">
          <Button variant="outline" disabled={page <= 1} onClick={() => turn(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-stone-700">{pageLabel}</span>
          <Button variant="outline" disabled={!hasNext} onClick={() => turn(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}
