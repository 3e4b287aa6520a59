import { LayoutGrid, List, Search } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import type { CourseSort, ExploreQuery } from '../../../contract/academy';
import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SORTS } from '../../../contract/academy-values';
import { activeChips, FilterChips } from '../../components/filter-chips';
import { Button } from '../../components/ui/button';
import { Input, Label, Select } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useExplore } from './api';
import { CourseCard, levelLabel } from './course-card';

const SORT_LABELS: Record<CourseSort, string> = {
  popular: 'Most popular',
  rating: 'Highest rated',
  newest: 'Newest',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
};

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.find((a) => a === value);

/** Explore: everything lives in the URL, so a search can be shared and Back works. */
export function ExploreView() {
  const { params, update } = useUrlFilters({
    defaults: { category: 'all', level: 'all' },
    history: 'replace',
  });
  const q = params.get('q') ?? '';
  const category = pick(params.get('category'), COURSE_CATEGORIES) ?? 'all';
  const level = pick(params.get('level'), COURSE_LEVELS) ?? 'all';
  const sort = pick(params.get('sort'), COURSE_SORTS) ?? 'popular';
  const layout = params.get('view') === 'list' ? 'list' : 'grid';
  // Typing is not a request per keystroke: the search goes out 250 ms after the last change.
  const [searched, setSearched] = useState(q.trim());
  useEffect(() => {
    const id = setTimeout(() => setSearched(q.trim()), 250);
    return () => clearTimeout(id);
  }, [q]);
  // Clearing the search applies at once.
  const query: ExploreQuery = { q: (q.trim() && searched) || undefined, category, level, sort };
  const { data: fresh, isError, error } = useExplore(query);
  // TanStack Query hands results over as synchronous updates; deferred, the page renders in slices.
  const data = useDeferredValue(fresh);

  const chips = activeChips([
    q.trim() && { key: 'q', label: `Search: ${q.trim()}` },
    category !== 'all' && { key: 'category', label: levelLabel(category) },
    level !== 'all' && { key: 'level', label: levelLabel(level) },
  ]);
  const clearAll = () => update({ q: null, category: null, level: null });

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10">
      <h1 className="font-serif text-2xl font-bold text-wood-900 md:text-3xl">Explore courses</h1>
      <p className="mt-1 text-sm text-stone-700 md:mt-2 md:text-base">
        Free lessons from working luthiers: building, voicing, finishing and repair.
      </p>

      <div className="mt-4 grid gap-3 rounded-xl border border-stone-200 bg-white p-3 md:mt-6 md:grid-cols-[2fr_1fr_1fr_1fr_auto] md:items-end md:gap-4 md:p-4">
        <div className="grid gap-1.5">
          <Label htmlFor="explore-search">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-3 left-3 size-4 text-stone-500" aria-hidden />
            <Input
              id="explore-search"
              type="search"
              className="pl-9"
              placeholder="Title, description or instructor"
              value={q}
              onChange={(e) => update({ q: e.target.value })}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="explore-category">Category</Label>
          <Select
            id="explore-category"
            value={category}
            onChange={(e) => update({ category: e.target.value })}
          >
            <option value="all">All categories</option>
            {COURSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {levelLabel(c)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="explore-level">Level</Label>
          <Select id="explore-level" value={level} onChange={(e) => update({ level: e.target.value })}>
            <option value="all">All levels</option>
            {COURSE_LEVELS.map((l) => (
              <option key={l} value={l}>
                {levelLabel(l)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="explore-sort">Sort by</Label>
          <Select id="explore-sort" value={sort} onChange={(e) => update({ sort: e.target.value })}>
            {COURSE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex gap-1" role="group" aria-label="Layout">
          <Button
            variant={layout === 'grid' ? 'secondary' : 'ghost'}
            size="icon"
            aria-label="Grid view"
            aria-pressed={layout === 'grid'}
            onClick={() => update({ view: null })}
          >
            <LayoutGrid aria-hidden />
          </Button>
          <Button
            variant={layout === 'list' ? 'secondary' : 'ghost'}
            size="icon"
            aria-label="List view"
            aria-pressed={layout === 'list'}
            onClick={() => update({ view: 'list' })}
          >
            <List aria-hidden />
          </Button>
        </div>
      </div>

      <FilterChips
        className="mt-4"
        lead="Active filters:"
        reserve
        chips={chips}
        onRemove={(key) => update({ [key]: null })}
        onClearAll={clearAll}
      />

      {isError ? (
        <p role="alert" className="mt-6 text-red-700">
          {errorText(error, 'Failed to load courses.')}
        </p>
      ) : !data ? (
        <Spinner label="Loading courses…" />
      ) : (
        <>
          <p className="mt-2 text-sm text-stone-700" role="status">
            {data.length} {data.length === 1 ? 'course' : 'courses'} found
          </p>
          {data.length === 0 ? (
            <div className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
              <h2 className="font-serif text-xl font-semibold text-stone-900">No courses found</h2>
              <p className="mt-2 text-stone-700">Try another search or fewer filters.</p>
              <Button className="mt-4" variant="outline" onClick={clearAll}>
                Clear filters
              </Button>
            </div>
          ) : (
            <div
              className={
                layout === 'grid' ? 'mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'mt-4 grid gap-4'
              }
            >
              {data.map((course, index) => (
                <CourseCard key={course.id} course={course} layout={layout} priority={index === 0} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
