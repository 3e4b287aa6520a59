import { LayoutGrid, List, Search } from 'lucide-react';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_CATEGORIES, INSTRUMENT_TYPES } from '../../../contract/registry-values';
import { Button } from '../../components/ui/button';
import { Input, Label, Select } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useInstruments } from './api';
import { capitalize } from './format';
import { InstrumentCard } from './instrument-card';

const PAGE_SIZE = 24;
const SEARCH_DELAY_MS = 300;

/** The registry (seed §2): search, type and category filters, grid/list, count, cards, empty state, paging. */
export function RegistryBrowser() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const type = params.get('type') ?? 'all';
  const category = params.get('category') ?? 'all';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const view = params.get('view') === 'list' ? 'list' : 'grid';
  const [draft, setDraft] = useState(search);

  const update = (changes: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (!v || v === 'all' || (k === 'page' && v === '1') || (k === 'view' && v === 'grid'))
            next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const typeSearch = (value: string) => {
    setDraft(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => update({ search: value, page: '1' }), SEARCH_DELAY_MS);
  };

  const query = useInstruments({ search, type, category, page, pageSize: PAGE_SIZE });
  // TanStack Query hands results over as synchronous updates; deferred, the page renders in slices (issue 7 §3).
  const data = useDeferredValue(query.data);
  const total = data?.total ?? 0;
  const capped = data?.capped ?? false;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Past the counting cap the number of pages is unknown: a full page means there may be another.
  const hasNext = capped ? data?.items.length === PAGE_SIZE : page < pages;

  return (
    <div className="flex flex-col gap-6">
      <form
        role="search"
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_auto_auto_auto]"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="registry-search">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-500"
              aria-hidden
            />
            <Input
              id="registry-search"
              type="search"
              className="pl-9"
              placeholder="Name, model, serial, wood or maker"
              value={draft}
              maxLength={200}
              onChange={(e) => typeSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="registry-type">Type</Label>
          <Select
            id="registry-type"
            value={type}
            onChange={(e) => update({ type: e.target.value, page: '1' })}
          >
            <option value="all">All types</option>
            {INSTRUMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {capitalize(t)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="registry-category">Category</Label>
          <Select
            id="registry-category"
            value={category}
            onChange={(e) => update({ category: e.target.value, page: '1' })}
          >
            <option value="all">All categories</option>
            {FILTER_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {capitalize(c)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-stone-800" id="registry-view-label">
            View
          </span>
          <div role="group" aria-labelledby="registry-view-label" className="flex gap-1">
            <Button
              variant={view === 'grid' ? 'secondary' : 'ghost'}
              size="icon"
              aria-label="Grid view"
              aria-pressed={view === 'grid'}
              onClick={() => update({ view: 'grid' })}
            >
              <LayoutGrid aria-hidden />
            </Button>
            <Button
              variant={view === 'list' ? 'secondary' : 'ghost'}
              size="icon"
              aria-label="List view"
              aria-pressed={view === 'list'}
              onClick={() => update({ view: 'list' })}
            >
              <List aria-hidden />
            </Button>
          </div>
        </div>
      </form>

      {query.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          Failed to fetch instruments
        </p>
      ) : !data ? (
        <Spinner label="Loading instruments…" />
      ) : (
        <>
          <p className="text-sm text-stone-700" aria-live="polite">
            {capped
              ? `${total.toLocaleString('en-US')}+ instruments found`
              : total === 1
                ? '1 instrument found'
                : `${total.toLocaleString('en-US')} instruments found`}
          </p>
          {data.items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
              <h2 className="font-serif text-xl font-semibold text-wood-900">No instruments found</h2>
              <p className="mt-2 text-stone-600">Try another search or clear the filters.</p>
              <Button
                className="mt-4"
                variant="outline"
                onClick={() => {
                  setDraft('');
                  clearTimeout(timer.current);
                  update({ search: '', type: 'all', category: 'all', page: '1' });
                }}
              >
                Clear filters
              </Button>
            </div>
          ) : (
            <ul
              className={cn('grid gap-5', view === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1')}
              aria-label="Instruments"
            >
              {data.items.map((i, index) => (
                <li key={i.id}>
                  <InstrumentCard instrument={i} layout={view} headingLevel={2} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
          {(pages > 1 || capped) && (
            <nav aria-label="Pages" className="flex items-center justify-center gap-3">
              <Button
                variant="outline"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
              >
                Previous
              </Button>
              <span className="text-sm text-stone-700">
                {capped ? `Page ${page}` : `Page ${page} of ${pages}`}
              </span>
              <Button
                variant="outline"
                disabled={!hasNext}
                onClick={() => update({ page: String(page + 1) })}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
