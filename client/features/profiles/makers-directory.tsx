import { Search } from 'lucide-react';
import { useDeferredValue } from 'react';
import { activeChips, FilterChips } from '../../components/filter-chips';
import { Button } from '../../components/ui/button';
import { Input, Label, Select } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { usePagerFocus } from '../../lib/use-pager-focus';
import { useDebouncedInput, useUrlFilters } from '../../lib/use-url-filters';
import { useShopDirectory, useShopFacets } from './api';
import { MakerCard } from './maker-card';

const PAGE_SIZE = 12;
const SEARCH_DELAY_MS = 300;
const KEYS = ['q', 'country', 'speciality', 'verified'] as const;

/** /luthiers: every published shop, searchable by shop, person, place and speciality; all state in the URL. */
export function MakersDirectory() {
  // Every change is its own history entry, so Back returns to the previous search or page.
  const { params, update } = useUrlFilters();
  const q = params.get('q') ?? '';
  const country = params.get('country') ?? '';
  const speciality = params.get('speciality') ?? '';
  const verified = params.get('verified') === 'true';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = useDebouncedInput(q, (value) => update({ q: value }), SEARCH_DELAY_MS);
  const facets = useShopFacets();

  const query = useShopDirectory({ q, country, speciality, verified, page, pageSize: PAGE_SIZE });
  const data = useDeferredValue(query.data);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const {
    target: countRef,
    announcement,
    turnTo,
  } = usePagerFocus(page, data === query.data && !query.isPlaceholderData, `Page ${page} of ${pages}`);
  const turn = (to: number) => {
    turnTo(to);
    update({ page: String(to) });
  };
  const chips = activeChips([
    q && { key: 'q', label: `“${q}”` },
    country && { key: 'country', label: country },
    speciality && { key: 'speciality', label: speciality },
    verified && { key: 'verified', label: 'Verified only' },
  ]);
  const clearAll = () => {
    search.cancel();
    update(Object.fromEntries(KEYS.map((k) => [k, null])));
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label="Find a maker"
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex flex-col gap-1 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="makers-q">Search makers</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-500"
              aria-hidden
            />
            <Input
              id="makers-q"
              type="search"
              className="pl-9"
              placeholder="Name, workshop, place or speciality"
              value={search.draft}
              maxLength={100}
              onChange={(e) => search.type(e.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="makers-country">Country</Label>
          <Select id="makers-country" value={country} onChange={(e) => update({ country: e.target.value })}>
            <option value="">All countries</option>
            {facets.data?.countries.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="makers-speciality">Speciality</Label>
          <Select
            id="makers-speciality"
            value={speciality}
            onChange={(e) => update({ speciality: e.target.value })}
          >
            <option value="">All specialities</option>
            {facets.data?.specialities.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            className="size-4 accent-wood-700"
            checked={verified}
            onChange={(e) => update({ verified: e.target.checked ? 'true' : null })}
          />
          Verified only
        </label>
      </form>

      <FilterChips chips={chips} onRemove={(key) => update({ [key]: null })} onClearAll={clearAll} />

      {query.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          Failed to load the makers.
        </p>
      ) : !data ? (
        <Spinner label="Loading makers…" />
      ) : (
        <>
          <p ref={countRef} tabIndex={-1} className="scroll-mt-24 text-sm text-stone-700" aria-live="polite">
            {data.total === 1 ? '1 maker found' : `${data.total} makers found`}
          </p>
          {data.items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
              <h2 className="font-serif text-xl font-semibold text-wood-900">No makers found</h2>
              <p className="mt-2 text-stone-600">Try another search or fewer filters.</p>
              <Button className="mt-4" variant="outline" onClick={clearAll}>
                Clear filters
              </Button>
            </div>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Makers">
              {data.items.map((shop) => (
                <li key={shop.slug}>
                  <MakerCard shop={shop} />
                </li>
              ))}
            </ul>
          )}
          <p role="status" className="sr-only">
            {announcement}
          </p>
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-center gap-3">
              <Button variant="outline" disabled={page <= 1} onClick={() => turn(page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-stone-700">{`Page ${page} of ${pages}`}</span>
              <Button variant="outline" disabled={page >= pages} onClick={() => turn(page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
