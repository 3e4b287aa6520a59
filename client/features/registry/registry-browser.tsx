import { LayoutGrid, List, Search, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  effectiveSort,
  REGISTRY_SORTS,
  typeLabel,
  type RegistrySort,
} from '../../../contract/registry-values';
import { activeChips, FilterChips } from '../../components/filter-chips';
import { Button } from '../../components/ui/button';
import { Input, Label, Select } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useDebouncedInput, useUrlFilters } from '../../lib/use-url-filters';
import { useInstruments } from './api';
import { capitalize } from './format';
import { InstrumentCard } from './instrument-card';
import { RegistryFilters, SORT_LABELS, type RegistryFilterValues } from './registry-filters';
import { RegistryResults } from './registry-results';

// The small-screen filter drawer (a Radix dialog) loads only when opened.
const FilterDrawer = lazy(() =>
  import('./registry-filter-drawer').then((m) => ({ default: m.RegistryFilterDrawer })),
);

const PAGE_SIZE = 24;
const SEARCH_DELAY_MS = 300;
const FILTER_KEYS = [
  'search',
  'type',
  'category',
  'status',
  'yearFrom',
  'yearTo',
  'verified',
  'forSale',
] as const;

/** The registry: search, filters, sort, chips, grid/list, count, cards, paging; every choice lives in the URL. */
export function RegistryBrowser() {
  // Each change is a history entry of its own, so Back and Forward step through searches, filters and pages.
  // Any change but paging (and the view) starts again at page 1.
  const { params, update } = useUrlFilters({
    defaults: { type: 'all', category: 'all', status: 'all', view: 'grid' },
    keepPage: ['view'],
  });
  const search = params.get('search') ?? '';
  const values: RegistryFilterValues = {
    type: params.get('type') ?? 'all',
    category: params.get('category') ?? 'all',
    status: params.get('status') ?? 'all',
    yearFrom: params.get('yearFrom') ?? '',
    yearTo: params.get('yearTo') ?? '',
    verified: params.get('verified') === 'true',
    forSale: params.get('forSale') === 'true',
  };
  // Best matches first while searching, newest first otherwise; the address bar holds only another choice.
  const asked = REGISTRY_SORTS.find((s) => s === params.get('sort'));
  const sort = effectiveSort(asked, search || undefined);
  const sorts = search ? REGISTRY_SORTS : REGISTRY_SORTS.filter((s) => s !== 'relevance');
  const sortBy = (value: RegistrySort) =>
    update({ sort: value === effectiveSort(undefined, search || undefined) ? null : value });
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const view = params.get('view') === 'list' ? 'list' : 'grid';
  const searchBox = useDebouncedInput(search, (value) => update({ search: value }), SEARCH_DELAY_MS);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const clearAll = () => {
    searchBox.cancel();
    searchBox.setDraft('');
    update(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));
  };

  const query = useInstruments({ search, ...values, sort, page, pageSize: PAGE_SIZE });
  // TanStack Query hands results over as synchronous updates; deferred, the page renders in slices.
  const data = useDeferredValue(query.data);

  const chips = activeChips([
    search && { key: 'search', label: `“${search}”` },
    values.type !== 'all' && { key: 'type', label: capitalize(typeLabel(values.type)) },
    values.category !== 'all' && { key: 'category', label: capitalize(values.category) },
    values.status !== 'all' && { key: 'status', label: capitalize(values.status) },
    values.yearFrom && { key: 'yearFrom', label: `From ${values.yearFrom}` },
    values.yearTo && { key: 'yearTo', label: `Until ${values.yearTo}` },
    values.verified && { key: 'verified', label: 'Verified only' },
    values.forSale && { key: 'forSale', label: 'For sale' },
  ]);
  const activeFilters = chips.filter((c) => c.key !== 'search').length;

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm md:p-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-48 flex-1 flex-col gap-1">
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
                value={searchBox.draft}
                maxLength={200}
                onChange={(e) => searchBox.type(e.target.value)}
              />
            </div>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="registry-sort">Sort</Label>
            <Select id="registry-sort" value={sort} onChange={(e) => sortBy(e.target.value as RegistrySort)}>
              {sorts.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <Button
            ref={filtersButton}
            variant="outline"
            className="md:hidden"
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          >
            <SlidersHorizontal aria-hidden />
            {activeFilters === 0 ? 'Filters' : activeFilters === 1 ? '1 filter' : `${activeFilters} filters`}
          </Button>
          {drawerOpen && (
            <Suspense fallback={null}>
              <FilterDrawer
                values={values}
                onChange={update}
                onClose={() => setDrawerOpen(false)}
                returnFocus={() => filtersButton.current?.focus()}
              />
            </Suspense>
          )}
          <div className="hidden flex-col gap-1 md:flex">
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
        </div>
        <div className="hidden flex-wrap items-end gap-3 md:flex">
          <RegistryFilters values={values} onChange={update} idPrefix="registry" />
        </div>
      </form>

      <FilterChips
        chips={chips}
        onRemove={(key) => {
          if (key === 'search') searchBox.setDraft('');
          update({ [key]: null });
        }}
        onClearAll={clearAll}
      />

      {query.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          Failed to fetch instruments
        </p>
      ) : !data ? (
        <Spinner label="Loading instruments…" />
      ) : (
        <RegistryResults
          data={data}
          settled={data === query.data && !query.isPlaceholderData}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(p) => update({ page: String(p) })}
          onClear={clearAll}
          renderItems={() => (
            <ul
              className={cn(
                'grid gap-3 sm:gap-5',
                view === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1',
              )}
              aria-label="Instruments"
            >
              {data.items.map((i, index) => (
                <li key={i.id}>
                  <InstrumentCard
                    instrument={i}
                    layout={view}
                    headingLevel={2}
                    priority={index === 0}
                    offer
                  />
                </li>
              ))}
            </ul>
          )}
        />
      )}
      {/* Shown with the results, not under the spinner: appearing there first, it would jump down (a shift). */}
      {data && (
        <p className="text-center text-sm text-stone-700">
          Looking for a maker?{' '}
          <Link to="/luthiers" className="font-medium text-wood-700 underline">
            Browse the luthiers directory
          </Link>
        </p>
      )}
    </div>
  );
}
